/**
 * The case rooms for the business (decision 079): the portal's list, a room marked seen when opened,
 * status updates with their closing and reopening, messages, and gathering another booking of the
 * same customer; owners and staff alike, signed out 401, and every refusal leaving the database as
 * it was.
 */
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { adminWithToken, anotherBookingOf, caseMessageOf, caseRoomOf, caseUpdateOf, customerWithBooking } from "../../../tests/factories";
import { expectQueriesRefused } from "../../../tests/helpers/admins";
import { testOrigin } from "../../../tests/helpers/browser";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { countRows, errorOf, jsonInit } from "../../../tests/helpers/test-app";
import { auditLog, caseMessages, caseRoomBookings, caseRooms, caseUpdates, outbox } from "../../db/schema";
import type { AdminCaseRoomList } from "../../shared/admin-cases";
import { type CaseRoomView, caseRoomMessages, maxCaseMessageLength, maxCaseUpdateNoteLength } from "../../shared/case-room";

const { t, admin } = adminAppPerTest();

/** Everything a case room write could touch: a refusal leaves all of it as it was. */
const digest = () =>
  JSON.stringify(
    ["case_rooms", "case_room_bookings", "case_updates", "case_messages", "case_files", "outbox", "audit_log"].map((table) =>
      t.db.$client.query(`SELECT * FROM ${table} ORDER BY rowid`).all(),
    ),
  );

const base = (reference: string) => `/api/admin/cases/${reference}`;
/** The room row the booking `reference` is in, if any. */
const roomRow = (reference: string) => {
  const link = t.db.$client
    .query("SELECT case_room_id AS id FROM case_room_bookings WHERE booking_id = (SELECT id FROM bookings WHERE reference = ?)")
    .get(reference) as { id: number } | null;
  return link ? t.db.select().from(caseRooms).where(eq(caseRooms.id, link.id)).get() : undefined;
};

/** A staff member's requests. */
function staffClient() {
  const staff = adminWithToken(t.db, "sam", null, "staff");
  const headers = { Authorization: staff.authorization, Origin: testOrigin };
  return {
    get: (path: string) => t.request(path, { headers }),
    json: (path: string, body: unknown) => t.request(path, jsonInit("POST", headers, body)),
  };
}

describe("the portal's list", () => {
  test("rooms with something unseen from the client come first, then the most recently active; opening one clears its mark", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const bea = customerWithBooking(t.db, "bea@example.com", { daysAhead: 6 });
    expect(await admin.read<AdminCaseRoomList>("/api/admin/cases")).toEqual({ rooms: [], total: 0, page: 1, pageSize: 20 });
    caseMessageOf(t.db, ann.reference, "client", "Hello", { at: new Date(Date.now() - 60_000).toISOString() });
    caseUpdateOf(t.db, bea.reference, "in_progress");
    let list = await admin.read<AdminCaseRoomList>("/api/admin/cases");
    expect(list.total).toBe(2);
    expect(list.rooms.map((r) => [r.reference, r.customerName, r.status, r.files, r.unseen])).toEqual([
      [ann.reference, "ann", "scheduled", 0, true],
      [bea.reference, "bea", "in_progress", 0, false],
    ]);
    expect(list.rooms[0]?.customerId).toBe(ann.userId);
    await admin.read<CaseRoomView>(base(ann.reference));
    list = await admin.read<AdminCaseRoomList>("/api/admin/cases");
    expect(list.rooms.map((r) => [r.reference, r.unseen])).toEqual([
      [bea.reference, false],
      [ann.reference, false],
    ]);
    const filtered = await admin.read<AdminCaseRoomList>("/api/admin/cases?status=in_progress");
    expect(filtered.rooms.map((r) => r.reference)).toEqual([bea.reference]);
    expect(filtered.total).toBe(1);
    await expectQueriesRefused(admin, "/api/admin/cases", [
      ["?status=open", "status"],
      ["?page=0", "page"],
    ]);
  });
});

test("the business's own write leaves nothing unseen, so the room is no longer marked new", async () => {
  const ann = customerWithBooking(t.db, "ann@example.com");
  caseMessageOf(t.db, ann.reference, "client", "Any news?", { at: new Date(Date.now() - 60_000).toISOString() });
  expect((await admin.read<AdminCaseRoomList>("/api/admin/cases")).rooms.map((r) => r.unseen)).toEqual([true]);
  expect((await admin.json(`${base(ann.reference)}/messages`, { body: "Yes: tomorrow." })).status).toBe(201);
  expect((await admin.read<AdminCaseRoomList>("/api/admin/cases")).rooms.map((r) => r.unseen)).toEqual([false]);
});

describe("a room for the business", () => {
  test("opening it answers the room with admins named on their messages and marks it seen by the business", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    caseMessageOf(t.db, ann.reference, "business", "We have begun.");
    const room = await admin.read<CaseRoomView>(base(ann.reference.toLowerCase()));
    expect(room).toMatchObject({ reference: ann.reference, status: "scheduled", canAdd: true, zipUrl: null });
    expect(room.timeline.at(-1)).toMatchObject({ kind: "message", side: "business", author: "owner", body: "We have begun." });
    expect(roomRow(ann.reference)?.businessSeenAt).toBeInstanceOf(Date);
    expect(roomRow(ann.reference)?.clientSeenAt).toBeNull();
  });

  test("a booking with no room shows it scheduled and makes nothing; an unknown reference is 404", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const room = await admin.read<CaseRoomView>(base(ann.reference));
    expect(room.timeline.map((e) => e.kind)).toEqual(["booked"]);
    expect(countRows(t, "case_rooms")).toBe(0);
    const res = await admin.get(base("BK-2222-2222"));
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });
});

describe("status updates", () => {
  test("an update moves the timeline on, keeps the note for the client, tells the client when asked, and is audited without the note", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const res = await admin.json(`${base(ann.reference)}/updates`, { status: "in_progress", note: "  Surveillance starts Friday.  ", notify: true });
    expect(res.status).toBe(201);
    const { id, room } = (await res.json()) as { id: number; room: CaseRoomView };
    expect(room.status).toBe("in_progress");
    expect(room.timeline.at(-1)).toEqual({ kind: "update", id, at: expect.any(String), status: "in_progress", note: "Surveillance starts Friday." });
    const mail = t.db.select().from(outbox).all();
    expect(mail.map((m) => m.to)).toEqual(["ann@example.com"]);
    expect(JSON.stringify(mail)).not.toContain("Friday");
    expect(t.db.select({ notified: caseUpdates.notified }).from(caseUpdates).where(eq(caseUpdates.id, id)).get()?.notified).toBe(true);
    const audits = t.db.select().from(auditLog).where(eq(auditLog.kind, "cases")).all();
    expect(audits.map((a) => [a.action, a.recordId])).toEqual([["case.update", ann.reference]]);
    expect(JSON.stringify(audits)).not.toContain("Friday");
    // Without `notify`, nobody is told.
    expect((await admin.json(`${base(ann.reference)}/updates`, { status: "report_ready", notify: false })).status).toBe(201);
    expect(countRows(t, "outbox")).toBe(1);
  });

  test("closing sets when it closed and when the files go; reopening clears both and the retention warning", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const closed = (await (await admin.json(`${base(ann.reference)}/updates`, { status: "closed", notify: false })).json()) as { room: CaseRoomView };
    const closedAt = roomRow(ann.reference)?.closedAt;
    expect(closedAt).toBeInstanceOf(Date);
    expect(closed.room.closedAt).toBe(closedAt?.toISOString() ?? "");
    expect(Date.parse(closed.room.filesDeleteOn ?? "") - Date.parse(closed.room.closedAt ?? "")).toBe(90 * 24 * 60 * 60 * 1000);
    t.db.update(caseRooms).set({ retentionWarnedAt: new Date() }).run();
    const reopened = (await (await admin.json(`${base(ann.reference)}/updates`, { status: "in_progress", notify: false })).json()) as { room: CaseRoomView };
    expect(reopened.room).toMatchObject({ status: "in_progress", closedAt: null, filesDeleteOn: null });
    expect(roomRow(ann.reference)).toMatchObject({ closedAt: null, retentionWarnedAt: null });
  });

  test("a case whose files were deleted cannot be reopened (409), and nothing is written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    caseRoomOf(t.db, ann.reference, { status: "closed", daysAgo: 100 });
    t.db.update(caseRooms).set({ filesDeletedAt: new Date() }).run();
    const before = digest();
    const res = await admin.json(`${base(ann.reference)}/updates`, { status: "in_progress", notify: true });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "files_deleted", message: caseRoomMessages.filesDeleted });
    expect(digest()).toBe(before);
  });

  test("bad input is refused with the JSON error and nothing is written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    caseRoomOf(t.db, ann.reference);
    const before = digest();
    const cases: [unknown, string][] = [
      [{ status: "finished", notify: false }, "status"],
      [{ notify: false }, "status"],
      [{ status: "closed" }, "notify"],
      [{ status: "closed", notify: "yes" }, "notify"],
      [{ status: "closed", notify: false, note: "x".repeat(maxCaseUpdateNoteLength + 1) }, "note"],
    ];
    for (const [body, field] of cases) {
      const res = await admin.json(`${base(ann.reference)}/updates`, body);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_error");
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
    expect((await admin.send("POST", `${base(ann.reference)}/updates`, undefined, "{nope")).status).toBe(400);
    expect((await admin.json(`${base("BK-2222-2222")}/updates`, { status: "closed", notify: false })).status).toBe(404);
    expect(digest()).toBe(before);
  });
});

describe("the business's messages", () => {
  test("a message tells the client once, reads as the business to them, is audited without its words, and a closed room still takes it", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    caseRoomOf(t.db, ann.reference, { status: "closed" });
    const res = await admin.json(`${base(ann.reference)}/messages`, { body: "Your report is attached below." });
    expect(res.status).toBe(201);
    const { id, room } = (await res.json()) as { id: number; room: CaseRoomView };
    expect(room.timeline.at(-1)).toMatchObject({ kind: "message", id, side: "business", author: "owner" });
    expect(t.db.select({ adminUsername: caseMessages.adminUsername }).from(caseMessages).where(eq(caseMessages.id, id)).get()?.adminUsername).toBe("owner");
    const mail = t.db.select().from(outbox).all();
    expect(mail.map((m) => m.to)).toEqual(["ann@example.com"]);
    expect(JSON.stringify(mail)).not.toContain("attached below");
    const audit = t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "cases"), eq(auditLog.action, "case.message")))
      .all();
    expect(audit.map((a) => a.recordId)).toEqual([ann.reference]);
    expect(JSON.stringify(audit)).not.toContain("attached below");
  });

  test("bad input is refused and nothing is written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const before = digest();
    for (const body of [{}, { body: " " }, { body: "x".repeat(maxCaseMessageLength + 1) }]) {
      const res = await admin.json(`${base(ann.reference)}/messages`, body);
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(["body"]);
    }
    expect((await admin.json(`${base("BK-2222-2222")}/messages`, { body: "Hi" })).status).toBe(404);
    expect(digest()).toBe(before);
  });
});

describe("gathering bookings", () => {
  test("another booking of the customer joins the room with what its own room held, and the emptied room is deleted", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const second = anotherBookingOf(t.db, ann.userId, "ann@example.com");
    caseUpdateOf(t.db, ann.reference, "in_progress");
    const { caseRoomId: emptied } = caseMessageOf(t.db, second, "client", "About my second booking");
    const res = await admin.json(`${base(ann.reference)}/gather`, { bookingReference: second.toLowerCase() });
    expect(res.status).toBe(200);
    const room = (await res.json()) as CaseRoomView;
    expect(room.bookings.map((b) => b.reference)).toEqual([ann.reference, second]);
    expect(room.timeline.map((e) => e.kind)).toEqual(["booked", "booked", "update", "message"]);
    expect(room.status).toBe("in_progress");
    expect(t.db.select().from(caseRooms).where(eq(caseRooms.id, emptied)).get()).toBeUndefined();
    expect(countRows(t, "case_rooms")).toBe(1);
    // The client reaches the one room through either reference.
    const viaSecond = await t.request(`/api/cases/${second}`, { headers: { Cookie: ann.cookie } });
    expect(((await viaSecond.json()) as CaseRoomView).reference).toBe(ann.reference);
    const audit = t.db.select().from(auditLog).where(eq(auditLog.action, "case.gather")).all();
    expect(audit.map((a) => a.recordId)).toEqual([ann.reference]);
    expect(JSON.stringify(audit)).not.toContain("second booking");
  });

  test("a booking with no room of its own simply joins", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const second = anotherBookingOf(t.db, ann.userId, "ann@example.com");
    expect((await admin.json(`${base(ann.reference)}/gather`, { bookingReference: second })).status).toBe(200);
    expect(t.db.select().from(caseRoomBookings).all().length).toBe(2);
    expect(countRows(t, "case_rooms")).toBe(1);
  });

  test("another customer's booking is 404, one already in the room 409, bad input 400; nothing is written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const bea = customerWithBooking(t.db, "bea@example.com", { daysAhead: 6 });
    const second = anotherBookingOf(t.db, ann.userId, "ann@example.com");
    caseRoomOf(t.db, bea.reference);
    expect((await admin.json(`${base(ann.reference)}/gather`, { bookingReference: second })).status).toBe(200);
    const before = digest();
    const cases: [unknown, number, string][] = [
      [{ bookingReference: bea.reference }, 404, "not_found"],
      [{ bookingReference: "BK-2222-2222" }, 404, "not_found"],
      [{ bookingReference: ann.reference }, 409, "already_gathered"],
      [{ bookingReference: second }, 409, "already_gathered"],
      [{}, 400, "validation_error"],
      [{ bookingReference: "  " }, 400, "validation_error"],
    ];
    for (const [body, status, code] of cases) {
      const res = await admin.json(`${base(ann.reference)}/gather`, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      const error = await errorOf(res);
      expect(error.code).toBe(code);
      if (status !== 409) expect(Object.keys(error.fields ?? {})).toEqual(["bookingReference"]);
    }
    expect((await admin.json(`${base("BK-2222-2222")}/gather`, { bookingReference: second })).status).toBe(404);
    expect(digest()).toBe(before);
  });
});

describe("who may", () => {
  test("staff work cases as owners do, but the download log is the owners'", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const second = anotherBookingOf(t.db, ann.userId, "ann@example.com");
    const staff = staffClient();
    expect((await staff.get("/api/admin/cases")).status).toBe(200);
    expect((await staff.json(`${base(ann.reference)}/updates`, { status: "in_progress", notify: false })).status).toBe(201);
    expect((await staff.json(`${base(ann.reference)}/messages`, { body: "On it." })).status).toBe(201);
    expect((await staff.json(`${base(ann.reference)}/gather`, { bookingReference: second })).status).toBe(200);
    expect((await staff.get(base(ann.reference))).status).toBe(200);
    const log = await staff.get(`${base(ann.reference)}/downloads`);
    expect(log.status).toBe(403);
    expect((await errorOf(log)).code).toBe("owners_only");
    expect(
      t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.kind, "cases"))
        .all()
        .map((a) => a.adminUsername),
    ).toEqual(["sam", "sam", "sam"]);
  });

  test("signed out, every route answers 401 and nothing is written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const before = digest();
    const routes: [string, string, unknown][] = [
      ["GET", "/api/admin/cases", undefined],
      ["GET", base(ann.reference), undefined],
      ["POST", `${base(ann.reference)}/updates`, { status: "closed", notify: false }],
      ["POST", `${base(ann.reference)}/messages`, { body: "Hi" }],
      ["POST", `${base(ann.reference)}/gather`, { bookingReference: ann.reference }],
    ];
    for (const [method, path, body] of routes) {
      const res = await t.request(path, jsonInit(method, { Origin: testOrigin, Cookie: ann.cookie }, body));
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
    expect(digest()).toBe(before);
  });
});
