/**
 * The enquiries' kept counts (contact_counts, migration 0037): after random enquiries, handlings,
 * reopenings, urgency changes and deletions, the kept rows equal a recount, and every filter of the
 * inbox and the dashboard's summary answer what counting the enquiries themselves answers.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminWithToken } from "../../tests/factories";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { seededRandom } from "../../tests/helpers/seeded-random";
import { adminContactsList } from "../shared/admin-contacts";
import { contactsSummary, deleteAdminContact, listAdminContacts, setContactHandled } from "./admin-contacts.server";
import { recordContactEnquiry } from "./contacts.server";
import { rebuildTotals } from "./kept-totals.server";
import { contacts } from "./schema";

const t = testAppPerTest();
const urgencies = ["low", "normal", "high", "emergency"] as const;

const kept = () => t.db.$client.query("SELECT handled, urgency, n FROM contact_counts WHERE n <> 0 ORDER BY handled, urgency").all();

function expectCountsMatchTheEnquiries() {
  const all = t.db.select().from(contacts).all();
  const recount = t.db.$client.query("SELECT handled_at IS NOT NULL AS handled, urgency, count(*) AS n FROM contacts GROUP BY 1, 2 ORDER BY 1, 2").all();
  expect(kept()).toEqual(recount);
  for (const status of ["unhandled", "handled", "all"] as const) {
    for (const urgency of [null, ...urgencies]) {
      const expected = all.filter(
        (c) => (status === "all" || (c.handledAt !== null) === (status === "handled")) && (urgency === null || c.urgency === urgency),
      ).length;
      const listed = listAdminContacts(t.db, { ...adminContactsList.empty, status, urgency } as never).total;
      expect({ status, urgency, total: listed }).toEqual({ status, urgency, total: expected });
    }
  }
  const waiting = all.filter((c) => c.handledAt === null);
  expect(contactsSummary(t.db)).toEqual({ unhandled: waiting.length, emergencies: waiting.filter((c) => c.urgency === "emergency").length });
}

test("the kept enquiry counts equal a recount after random enquiries, handlings, urgency changes and deletions", () => {
  const { adminId } = adminWithToken(t.db, "counts-owner");
  const actor = { id: adminId, username: "counts-owner" };
  const rand = seededRandom(20261126);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const ids: string[] = [];
  for (let i = 0; i < 300; i++) {
    const r = rand();
    if (r < 0.4 || ids.length === 0) {
      const contact = recordContactEnquiry(t.db, {
        name: `Caller ${i}`,
        email: `caller${i}@example.com`,
        phone: "",
        service: "checkup",
        message: "Please call me back about it.",
        urgency: pick(urgencies),
      });
      ids.push(contact.id);
    } else if (r < 0.65) setContactHandled(t.db, pick(ids), true, actor);
    else if (r < 0.8) setContactHandled(t.db, pick(ids), false, actor);
    else if (r < 0.9)
      t.db
        .update(contacts)
        .set({ urgency: pick(urgencies) })
        .where(eq(contacts.id, pick(ids)))
        .run();
    else {
      const id = pick(ids);
      deleteAdminContact(t.db, id, actor);
      ids.splice(ids.indexOf(id), 1);
    }
    if (i % 75 === 74) expectCountsMatchTheEnquiries();
  }
  // A recount writes what the triggers kept.
  const before = kept();
  rebuildTotals(t.db.$client);
  expect(kept()).toEqual(before);
});

test("a search counts the enquiries it matches, not the kept counts", () => {
  for (const [name, urgency] of [
    ["Alex Smith", "emergency"],
    ["Sam Smithers", "normal"],
    ["Jo Brown", "normal"],
  ] as const) {
    recordContactEnquiry(t.db, { name, email: "a@example.com", phone: "", service: "checkup", message: "Please call me back.", urgency });
  }
  expect(listAdminContacts(t.db, { ...adminContactsList.empty, search: "smith" } as never).total).toBe(2);
  expect(listAdminContacts(t.db, { ...adminContactsList.empty, search: "smith", urgency: "normal" } as never).total).toBe(1);
  expect(listAdminContacts(t.db, { ...adminContactsList.empty } as never).total).toBe(3);
});
