import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { inboxGroupConditions, inboxGroupOrder } from "../../db/admin-contacts.server";
import { auditLog, contacts } from "../../db/schema";
import type { AdminContact, AdminContactList } from "../../shared/admin-contacts";
import { adminContactsList, replyLink } from "../../shared/admin-contacts";
import { countRows, errorOf } from "../../../tests/helpers/test-app";
import { expectQueriesRefused } from "../../../tests/helpers/admins";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { expectCsvAttachment } from "../../../tests/helpers/csv";

const { t, admin } = adminAppPerTest();
let now: number;
beforeEach(() => {
  now = Date.now();
});

const list = (query = "") => admin.read<AdminContactList>(`/api/admin/contacts${query}`);
const names = (l: AdminContactList) => l.contacts.map((c) => c.name);

/** An enquiry received `minutesAgo` before now. */
function enquiry(name: string, minutesAgo: number, opts: { urgency?: string; handled?: boolean; service?: string; message?: string } = {}) {
  return t.db
    .insert(contacts)
    .values({
      name,
      email: `${name.toLowerCase().replace(/[^a-z]/g, "")}@example.com`,
      phone: "0412 345 678",
      service: opts.service ?? "partner",
      message: opts.message ?? `Hello from ${name}`,
      urgency: opts.urgency ?? "normal",
      handledAt: opts.handled ? new Date(now - 1000) : null,
      createdAt: new Date(now - minutesAgo * 60_000),
    })
    .returning()
    .get();
}

const audits = () => t.db.select().from(auditLog).all();

describe("GET /api/admin/contacts", () => {
  test("the inbox: unhandled first, emergencies first among them, newest first; handled only when asked", async () => {
    enquiry("Old normal", 50);
    enquiry("New normal", 10);
    enquiry("Old emergency", 60, { urgency: "emergency" });
    enquiry("New emergency", 20, { urgency: "emergency" });
    enquiry("Done emergency", 5, { urgency: "emergency", handled: true });
    enquiry("Done normal", 1, { handled: true });
    expect(names(await list())).toEqual(["New emergency", "Old emergency", "New normal", "Old normal"]);
    const all = await list("?status=all");
    expect(names(all)).toEqual(["New emergency", "Old emergency", "New normal", "Old normal", "Done emergency", "Done normal"]);
    expect(all.total).toBe(6);
    expect(names(await list("?status=handled"))).toEqual(["Done emergency", "Done normal"]);
    expect(names(await list("?status=all&urgency=emergency"))).toEqual(["New emergency", "Old emergency", "Done emergency"]);
    expect(names(await list("?status=all&urgency=normal"))).toEqual(["New normal", "Old normal", "Done normal"]);
    expect(names(await list("?search=old"))).toEqual(["Old emergency", "Old normal"]);
    const first = (await list()).contacts[0]!;
    expect(first).toMatchObject({ serviceLabel: "Partner Check", urgency: "emergency", readAt: null, handledAt: null });
    expect(replyLink(first)).toBe("mailto:newemergency@example.com?subject=Re%3A%20your%20enquiry%20about%20Partner%20Check");
  });

  test("20 a page, the groups continuing across pages", async () => {
    for (let i = 0; i < 15; i++) enquiry(`Emergency ${i}`, 100 + i, { urgency: "emergency" });
    for (let i = 0; i < 15; i++) enquiry(`Normal ${i}`, i);
    const one = await list();
    expect(one.total).toBe(30);
    expect(one.contacts).toHaveLength(20);
    expect(names(one).slice(14, 16)).toEqual(["Emergency 14", "Normal 0"]);
    const two = await list("?page=2");
    expect(names(two)).toEqual(Array.from({ length: 10 }, (_, i) => `Normal ${i + 5}`));
    expect((await list("?page=3")).contacts).toEqual([]);
  });

  test("a bad query is a 400 naming the field", async () => {
    await expectQueriesRefused(admin, "/api/admin/contacts", [
      ["?status=open", "status"],
      ["?urgency=panic", "urgency"],
      ["?page=0", "page"],
      ["?page=abc", "page"],
    ]);
  });

  test("without a token: 401", async () => {
    enquiry("Ann", 1);
    const res = await t.request("/api/admin/contacts");
    expect(res.status).toBe(401);
  });

  test("the inbox order is walked on contacts_inbox_idx, never a sort of the whole table (10,000 enquiries)", () => {
    const insert = t.db.$client.prepare(
      "INSERT INTO contacts (id, name, email, service, message, urgency, handled_at, created_at) VALUES (?, 'N', 'n@example.com', 'other', 'm', ?, ?, ?)",
    );
    t.db.$client.transaction(() => {
      for (let i = 0; i < 10_000; i++) insert.run(crypto.randomUUID(), i % 10 === 0 ? "emergency" : "normal", i % 3 === 0 ? now : null, now - i * 1000);
    })();
    t.db.$client.run("ANALYZE");
    for (const group of [
      { handled: 0, routine: 0 },
      { handled: 1, routine: 1 },
    ] as const) {
      for (const query of [adminContactsList.empty, { ...adminContactsList.empty, urgency: "low" as const }]) {
        const where = inboxGroupConditions(group, query);
        const page = t.db
          .select()
          .from(contacts)
          .where(where)
          .orderBy(...inboxGroupOrder)
          .limit(20)
          .offset(0)
          .toSQL();
        const plan = (t.db.$client.query(`EXPLAIN QUERY PLAN ${page.sql}`).all(...(page.params as never[])) as { detail: string }[]).map((p) => p.detail);
        expect(plan).toEqual(["SEARCH contacts USING INDEX contacts_inbox_idx (<expr>=? AND <expr>=?)"]);
      }
    }
  });
});

describe("one enquiry", () => {
  test("opening it marks it read once (audited once); a second open changes nothing", async () => {
    const c = enquiry("Ann", 1);
    const res = await admin.get(`/api/admin/contacts/${c.id}`);
    expect(res.status).toBe(200);
    const opened = (await res.json()) as AdminContact;
    expect(opened.readAt).not.toBeNull();
    expect(opened.message).toBe("Hello from Ann");
    const readAt = t.db.select().from(contacts).where(eq(contacts.id, c.id)).get()?.readAt;
    expect(readAt).toBeInstanceOf(Date);
    await admin.get(`/api/admin/contacts/${c.id}`);
    expect(t.db.select().from(contacts).where(eq(contacts.id, c.id)).get()?.readAt).toEqual(readAt!);
    expect(audits().map((a) => [a.kind, a.action, a.recordId, a.adminUsername])).toEqual([["enquiries", "enquiry.read", c.id, "owner"]]);
  });

  test("handled, then reopened: handledAt set and cleared, each audited with before and after; the inbox follows", async () => {
    const c = enquiry("Ann", 1);
    const done = await admin.send("POST", `/api/admin/contacts/${c.id}/handled`);
    expect(done.status).toBe(200);
    expect(((await done.json()) as AdminContact).handledAt).not.toBeNull();
    expect((await list()).total).toBe(0);
    expect(names(await list("?status=handled"))).toEqual(["Ann"]);
    // Marking it again is no change and no entry.
    expect((await admin.send("POST", `/api/admin/contacts/${c.id}/handled`)).status).toBe(200);
    const reopened = await admin.send("POST", `/api/admin/contacts/${c.id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(((await reopened.json()) as AdminContact).handledAt).toBeNull();
    expect(names(await list())).toEqual(["Ann"]);
    expect(audits().map((a) => [a.action, a.before, a.after])).toEqual([
      ["enquiry.handled", { handled: false }, { handled: true }],
      ["enquiry.reopen", { handled: true }, { handled: false }],
    ]);
  });

  test("delete removes it and records who it was from", async () => {
    const c = enquiry("Ann", 1);
    enquiry("Bob", 2);
    const res = await admin.send("DELETE", `/api/admin/contacts/${c.id}`);
    expect(res.status).toBe(204);
    expect(countRows(t, "contacts")).toBe(1);
    const [entry] = audits();
    expect(entry).toMatchObject({ kind: "enquiries", action: "enquiry.delete", recordId: c.id });
    expect(entry?.summary).toContain("ann@example.com");
  });

  test("an unknown enquiry is 404 everywhere, and nothing is written", async () => {
    enquiry("Ann", 1);
    for (const [method, path] of [
      ["GET", "/api/admin/contacts/nope"],
      ["POST", "/api/admin/contacts/nope/handled"],
      ["POST", "/api/admin/contacts/nope/reopen"],
      ["DELETE", "/api/admin/contacts/nope"],
    ] as const) {
      const res = await admin.send(method, path);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
    }
    expect(countRows(t, "contacts")).toBe(1);
    expect(audits()).toEqual([]);
  });
});

describe("GET /api/admin/contacts.csv", () => {
  test("the filtered inbox as CSV, in the inbox order, a formula-looking name neutralised", async () => {
    enquiry('=HYPERLINK("http://evil")', 3, { message: "Line one\nline two, with a comma" });
    enquiry("Emma", 9, { urgency: "emergency" });
    enquiry("Done", 1, { handled: true });
    const res = await admin.get("/api/admin/contacts.csv");
    const lines = (await expectCsvAttachment(res, /enquiries-\d{4}-\d{2}-\d{2}\.csv/)).split("\r\n");
    expect(lines[0]).toBe("Received,Name,E-mail,Phone,Service,Urgency,Read,Handled,Message");
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+(09|10):30,Emma,emma@example.com,0412 345 678,Partner Check,Emergency,,,Hello from Emma$/);
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(lines[2]).toContain(`"Line one`);
    expect(lines[2]).toContain(`"Line one\nline two, with a comma"`);
    expect(lines).toHaveLength(4); // header, two unhandled enquiries, and the final CRLF
    const all = await (await admin.get("/api/admin/contacts.csv?status=all")).text();
    expect(all).toContain(",Done,");
    expect((await admin.get("/api/admin/contacts.csv?status=nope")).status).toBe(400);
    expect((await t.request("/api/admin/contacts.csv")).status).toBe(401);
  });
});

test("the dashboard's summary counts the enquiries waiting and the emergencies among them, not the handled ones", async () => {
  expect(await (await admin.get("/api/admin/contacts/summary")).json()).toEqual({ unhandled: 0, emergencies: 0 });
  enquiry("Ann", 5, { urgency: "emergency" });
  enquiry("Ben", 4);
  enquiry("Cai", 3, { urgency: "emergency", handled: true });
  enquiry("Dee", 2, { handled: true });
  const res = await admin.get("/api/admin/contacts/summary");
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ unhandled: 2, emergencies: 1 });
  expect((await t.request("/api/admin/contacts/summary")).status).toBe(401);
});
