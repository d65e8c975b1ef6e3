import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog, bookings, caseNotes, outbox, users } from "../../db/schema";
import { browser, testPassword } from "../../../tests/helpers/browser";
import { deleteAccount } from "../../db/users.server";
import { adminClient } from "../../../tests/helpers/admins";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { countRows, errorOf } from "../../../tests/helpers/test-app";
import { caseNote, customerWithRecords } from "../../../tests/factories";
import type { CaseNote } from "../../shared/admin-notes";

const { t, admin } = adminAppPerTest();

const notesOf = (path: string) => admin.read<{ notes: CaseNote[] }>(path).then((r) => r.notes);

describe("case notes through the API", () => {
  test("an admin adds notes to an order, a booking, an enquiry and a customer; each lists newest first with its author and time, audited without its words", async () => {
    const c = customerWithRecords(t.db, "nora@example.com");
    const records = [
      ["orders", c.orderNumber.toLowerCase()],
      ["bookings", c.bookingId],
      ["contacts", c.enquiryId],
      ["users", c.userId],
    ] as const;
    for (const [list, key] of records) {
      const first = await admin.json(`/api/admin/notes/${list}/${key}`, { body: "  Called her; no answer.  " });
      expect(first.status).toBe(201);
      expect(((await first.json()) as CaseNote).body).toBe("Called her; no answer.");
      await Bun.sleep(2);
      expect((await admin.json(`/api/admin/notes/${list}/${key}`, { body: "She rang back." })).status).toBe(201);
      const notes = await notesOf(`/api/admin/notes/${list}/${key}`);
      expect(notes.map((n) => n.body)).toEqual(["She rang back.", "Called her; no answer."]);
      expect(notes.every((n) => n.adminUsername === "owner" && n.mine && !Number.isNaN(Date.parse(n.createdAt)))).toBe(true);
    }
    const audits = t.db.select().from(auditLog).where(eq(auditLog.action, "note.add")).all();
    expect(audits.map((a) => [a.kind, a.recordId])).toEqual(
      [
        ["orders", c.orderNumber],
        ["bookings", c.bookingId],
        ["enquiries", c.enquiryId],
        ["users", c.userId],
      ].flatMap((e) => [e, e]),
    );
    expect(JSON.stringify(audits)).not.toContain("rang back");
  });

  test("bad input is refused with the JSON error and nothing is written", async () => {
    const c = customerWithRecords(t.db, "nora@example.com");
    const cases: [string, unknown, number, string][] = [
      [`/api/admin/notes/orders/${c.orderNumber}`, { body: "   " }, 400, "validation_error"],
      [`/api/admin/notes/orders/${c.orderNumber}`, { body: "x".repeat(4001) }, 400, "validation_error"],
      [`/api/admin/notes/orders/${c.orderNumber}`, { note: "wrong field" }, 400, "validation_error"],
      [`/api/admin/notes/payments/${c.orderNumber}`, { body: "Hi" }, 400, "validation_error"],
      ["/api/admin/notes/bookings/not-a-uuid", { body: "Hi" }, 400, "validation_error"],
      ["/api/admin/notes/orders/PI-ZZZZ-ZZZZ", { body: "Hi" }, 404, "not_found"],
      [`/api/admin/notes/users/${crypto.randomUUID()}`, { body: "Hi" }, 404, "not_found"],
    ];
    for (const [path, body, status, code] of cases) {
      const res = await admin.json(path, body);
      expect([path, res.status]).toEqual([path, status]);
      expect((await errorOf(res)).code).toBe(code);
    }
    expect((await admin.send("POST", `/api/admin/notes/orders/${c.orderNumber}`, undefined, "{not json")).status).toBe(400);
    expect((await admin.get("/api/admin/notes/orders/PI-ZZZZ-ZZZZ")).status).toBe(404);
    expect(countRows(t, "case_notes")).toBe(0);
    expect(t.db.select().from(auditLog).where(eq(auditLog.action, "note.add")).all()).toHaveLength(0);
  });

  test("without an admin token, or with a customer's cookie, nothing is read or written", async () => {
    const c = customerWithRecords(t.db, "nora@example.com");
    caseNote(t.db, "users", c.userId, "Private remark");
    const path = `/api/admin/notes/users/${c.userId}`;
    for (const headers of [{} as Record<string, string>, { Cookie: `pi_session=${c.token}` }, { Authorization: "Bearer junk" }]) {
      expect((await t.request(path, { headers })).status).toBe(401);
      const post = await t.request(path, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", Origin: "http://localhost" },
        body: '{"body":"x"}',
      });
      expect([401, 403]).toContain(post.status);
    }
    expect(countRows(t, "case_notes")).toBe(1);
  });

  test("an admin deletes their own note; another admin's note is refused and stays", async () => {
    const c = customerWithRecords(t.db, "nora@example.com");
    const mine = (await (await admin.json(`/api/admin/notes/orders/${c.orderNumber}`, { body: "Mine" })).json()) as CaseNote;
    const theirs = caseNote(t.db, "orders", c.orderNumber, "Theirs", "staff");
    const listed = await notesOf(`/api/admin/notes/orders/${c.orderNumber}`);
    expect(listed.map((n) => [n.body, n.adminUsername, n.mine])).toEqual([
      ["Theirs", "staff", false],
      ["Mine", "owner", true],
    ]);

    const refused = await admin.send("DELETE", `/api/admin/notes/${theirs.id}`);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("not_yours");
    expect((await admin.send("DELETE", `/api/admin/notes/${mine.id}`)).status).toBe(204);
    expect((await admin.send("DELETE", `/api/admin/notes/${mine.id}`)).status).toBe(404);
    expect((await admin.send("DELETE", "/api/admin/notes/abc")).status).toBe(400);
    expect((await notesOf(`/api/admin/notes/orders/${c.orderNumber}`)).map((n) => n.body)).toEqual(["Theirs"]);
    expect(
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "note.delete"), eq(auditLog.recordId, c.orderNumber)))
        .all(),
    ).toHaveLength(1);

    const staff = adminClient(t, "staff2");
    expect((await staff.send("DELETE", `/api/admin/notes/${theirs.id}`)).status).toBe(403);
  });
});

describe("case notes stay in the back office", () => {
  const secret = "Suspects her husband reads her e-mail";

  test("never on the customer's pages, in their e-mails or in a CSV export", async () => {
    const c = customerWithRecords(t.db, "nora@example.com");
    caseNote(t.db, "users", c.userId, secret);
    caseNote(t.db, "orders", c.orderNumber, secret);
    caseNote(t.db, "bookings", c.bookingId, secret);
    caseNote(t.db, "contacts", c.enquiryId, secret);
    // The business's e-mails to the customer about the noted order and booking.
    expect((await admin.json(`/api/admin/orders/${c.orderNumber}/mark-paid`, {})).status).toBe(200);
    expect((await admin.send("PATCH", `/api/admin/bookings/${c.bookingId}`, { status: "confirmed" })).status).toBe(200);

    const cookie = { headers: { Cookie: `pi_session=${c.token}` } };
    for (const path of ["/account", "/dashboard", "/orders", `/orders/${c.orderNumber.toLowerCase()}`]) {
      const res = await t.request(path, cookie);
      expect([path, res.status]).toEqual([path, 200]);
      expect(await res.text()).not.toContain("husband");
    }
    const mail = t.db.select().from(outbox).all();
    expect(mail.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(mail)).not.toContain("husband");
    for (const csv of ["/api/admin/orders.csv", "/api/admin/bookings.csv", "/api/admin/contacts.csv?status=all", "/api/admin/analytics.csv"]) {
      const res = await admin.get(csv);
      expect([csv, res.status]).toEqual([csv, 200]);
      expect(await res.text()).not.toContain("husband");
    }
    expect(countRows(t, "case_notes")).toBe(4);
  });

  test("deleting the customer's account deletes every note about them, and only those", async () => {
    const nora = customerWithRecords(t.db, "nora@example.com", "Nora");
    const other = customerWithRecords(t.db, "olga@example.com", "Olga");
    for (const c of [nora, other]) {
      caseNote(t.db, "users", c.userId, secret);
      caseNote(t.db, "orders", c.orderNumber, secret);
      caseNote(t.db, "bookings", c.bookingId, secret);
      caseNote(t.db, "contacts", c.enquiryId, secret);
    }
    expect(countRows(t, "case_notes")).toBe(8);
    deleteAccount(t.db, nora.userId);
    const left = t.db.select({ list: caseNotes.recordList, key: caseNotes.recordKey }).from(caseNotes).all();
    expect(left).toHaveLength(4);
    expect(new Set(left.map((n) => n.key))).toEqual(new Set([other.userId, other.orderNumber, other.bookingId, other.enquiryId]));
  });

  test("the customer deleting their account on /account takes the notes along; deleting an enquiry takes its notes", async () => {
    const ann = browser(t);
    await ann.signUp();
    const user = t.db.select({ id: users.id }).from(users).where(eq(users.email, "ann@example.com")).get()!;
    caseNote(t.db, "users", user.id, secret);
    t.db
      .insert(bookings)
      .values({ userId: user.id, serviceName: "Partner Check", servicePrice: "295.00", appointmentDate: "2026-03-10", appointmentTime: "10:00" })
      .run();
    caseNote(t.db, "bookings", t.db.select().from(bookings).where(eq(bookings.userId, user.id)).get()!.id, secret);
    const olga = customerWithRecords(t.db, "olga@example.com", "Olga");
    caseNote(t.db, "contacts", olga.enquiryId, secret);
    caseNote(t.db, "users", olga.userId, secret);
    expect(countRows(t, "case_notes")).toBe(4);

    expect((await ann.post("/account/delete", { currentPassword: testPassword, confirm: "DELETE" })).status).toBe(303);
    expect(countRows(t, "case_notes")).toBe(2);
    expect((await admin.send("DELETE", `/api/admin/contacts/${olga.enquiryId}`)).status).toBe(204);
    expect(t.db.select({ list: caseNotes.recordList }).from(caseNotes).all()).toEqual([{ list: "users" }]);
  });
});
