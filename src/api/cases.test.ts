/**
 * The case room's JSON for its client (decision 079): the room through the customer's own booking,
 * messages to the business with their one content-free notice, and every refusal leaving the
 * database as it was.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { caseMessageOf, caseRoomOf, caseUpdateOf, customerWithBooking, customerWithSession } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { patternedBytes, readyCaseFile } from "../../tests/helpers/case-files";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { countRows, errorOf } from "../../tests/helpers/test-app";
import { setBookingStatus } from "../db/bookings.server";
import { startCaseUpload } from "../db/case-files.server";
import { caseFiles, caseRooms, outbox } from "../db/schema";
import { RateLimiter } from "../server/middleware/rate-limit";
import { type CaseRoomView, caseFilePath, caseRoomMessages, caseZipPath, maxCaseMessageLength } from "../shared/case-room";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@example.com" });

const call = (cookie: string | null, method: string, path: string, body?: unknown, raw?: string) =>
  t.request(path, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body !== undefined || raw !== undefined ? { "Content-Type": "application/json" } : {}),
      Origin: testOrigin,
    },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });

/** Everything a case room write could touch: a refusal leaves all of it as it was. */
const digest = () =>
  JSON.stringify(
    ["case_rooms", "case_room_bookings", "case_updates", "case_messages", "case_files", "outbox", "audit_log"].map((table) =>
      t.db.$client.query(`SELECT * FROM ${table} ORDER BY rowid`).all(),
    ),
  );

const roomPath = (reference: string) => `/api/cases/${reference}`;

describe("the client's room", () => {
  test("a booking with no room yet shows the scheduled room with its booking alone, and makes no row", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const res = await call(ann.cookie, "GET", roomPath(ann.reference));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const room = (await res.json()) as CaseRoomView;
    expect(room).toMatchObject({ reference: ann.reference, status: "scheduled", closedAt: null, filesDeleteOn: null, canAdd: true, files: [], zipUrl: null });
    expect(room.timeline).toEqual([{ kind: "booked", at: expect.any(String), bookingReference: ann.reference }]);
    expect(room.bookings.map((b) => b.reference)).toEqual([ann.reference]);
    expect(countRows(t, "case_rooms")).toBe(0);
    // Routing lowercases paths: the reference is found in any case.
    expect((await call(ann.cookie, "GET", roomPath(ann.reference.toLowerCase()))).status).toBe(200);
  });

  test("the timeline is oldest first: booked, the business's updates and both sides' messages, with the business named, never its admin", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const at = (minutesLater: number) => new Date(Date.now() + minutesLater * 60_000).toISOString();
    // Written out of order: the timeline sorts by when each happened.
    caseMessageOf(t.db, ann.reference, "business", "You are welcome.", { at: at(30) });
    caseUpdateOf(t.db, ann.reference, "in_progress", "We started this morning.", { at: at(10) });
    caseMessageOf(t.db, ann.reference, "client", "Thank you <b>so</b> much", { at: at(20) });
    const room = (await (await call(ann.cookie, "GET", roomPath(ann.reference))).json()) as CaseRoomView;
    expect(room.status).toBe("in_progress");
    expect(room.timeline.map((e) => e.kind)).toEqual(["booked", "update", "message", "message"]);
    expect(room.timeline[1]).toMatchObject({ kind: "update", status: "in_progress", note: "We started this morning." });
    expect(room.timeline[2]).toMatchObject({ kind: "message", side: "client", author: "ann", body: "Thank you <b>so</b> much", files: [] });
    expect(room.timeline[3]).toMatchObject({ kind: "message", side: "business", author: "Adelaide Discreet Investigations", body: "You are welcome." });
    expect(JSON.stringify(room)).not.toContain('"owner"');
  });

  test("files: one sent with a message is under it, one added alone is its own entry, both listed with their links and the zip; one still uploading is not shown", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const message = caseMessageOf(t.db, ann.reference, "business", "The report, as promised.");
    const report = readyCaseFile(t, ann.reference, patternedBytes(1000), { name: "report.pdf" });
    t.db.update(caseFiles).set({ messageId: message.id }).where(eq(caseFiles.id, report.id)).run();
    const photo = readyCaseFile(t, ann.reference, patternedBytes(500, 9), { name: "car.jpg", contentType: "image/jpeg", now: new Date(Date.now() + 1000) });
    const started = startCaseUpload(
      t.db,
      ann.reference,
      {
        uploader: { side: "business", adminId: 1, adminUsername: "owner" },
        name: "video.mp4",
        contentType: "video/mp4",
        size: 10_000,
        storageName: "not-yet",
        sealedKey: "sealed",
        messageId: null,
      },
      Number.MAX_SAFE_INTEGER,
      new Date(),
    );
    expect(started.ok).toBe(true);
    const room = (await (await call(ann.cookie, "GET", roomPath(ann.reference))).json()) as CaseRoomView;
    expect(room.files.map((f) => [f.name, f.status, f.url, f.side])).toEqual([
      ["report.pdf", "ready", caseFilePath(ann.reference, report.id), "business"],
      ["car.jpg", "ready", caseFilePath(ann.reference, photo.id), "business"],
    ]);
    expect(room.files[0]?.sha256).toBe(report.sha256);
    expect(room.zipUrl).toBe(caseZipPath(ann.reference));
    expect(room.timeline.map((e) => e.kind)).toEqual(["booked", "message", "file"]);
    const withFiles = room.timeline[1];
    expect(withFiles?.kind === "message" ? withFiles.files.map((f) => f.id) : []).toEqual([report.id]);
    expect(room.timeline[2]).toMatchObject({ kind: "file", file: { id: photo.id, name: "car.jpg" } });
    expect(JSON.stringify(room)).not.toContain("video.mp4");
  });

  test("opening it marks the room seen by the client", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const roomId = caseRoomOf(t.db, ann.reference);
    expect((await call(ann.cookie, "GET", roomPath(ann.reference))).status).toBe(200);
    const seen = t.db.select({ at: caseRooms.clientSeenAt, business: caseRooms.businessSeenAt }).from(caseRooms).where(eq(caseRooms.id, roomId)).get();
    expect(seen?.at).toBeInstanceOf(Date);
    expect(seen?.business).toBeNull();
  });

  test("another customer's booking and an unknown reference answer 404, signed out 401", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    caseRoomOf(t.db, ann.reference);
    for (const path of [roomPath(ann.reference), roomPath("BK-2222-2222")]) {
      const res = await call(bob.cookie, "GET", path);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
    }
    const out = await call(null, "GET", roomPath(ann.reference));
    expect(out.status).toBe(401);
    expect((await errorOf(out)).code).toBe("unauthorized");
  });

  test("a cancelled booking's room is reached only if it was already made", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    setBookingStatus(t.db, ann.bookingId, "cancelled");
    expect((await call(ann.cookie, "GET", roomPath(ann.reference))).status).toBe(404);
    expect((await call(ann.cookie, "POST", `${roomPath(ann.reference)}/messages`, { body: "Hello?" })).status).toBe(404);
    expect(countRows(t, "case_rooms")).toBe(0);
    caseRoomOf(t.db, ann.reference);
    expect((await call(ann.cookie, "GET", roomPath(ann.reference))).status).toBe(200);
  });
});

describe("the client's messages", () => {
  test("a message makes the room, is in the thread, and queues exactly one content-free notice to the business", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const res = await call(ann.cookie, "POST", `${roomPath(ann.reference)}/messages`, { body: "  The car is a blue hatchback.  " });
    expect(res.status).toBe(201);
    const { id, room } = (await res.json()) as { id: number; room: CaseRoomView };
    expect(id).toBeGreaterThan(0);
    expect(room.timeline.at(-1)).toMatchObject({ kind: "message", id, side: "client", body: "The car is a blue hatchback." });
    expect(countRows(t, "case_rooms")).toBe(1);
    const mail = t.db.select().from(outbox).all();
    expect(mail.map((m) => m.to)).toEqual(["owner@example.com"]);
    expect(JSON.stringify(mail)).not.toContain("hatchback");
    // Client messages are not the business's writes: nothing in the audit log.
    expect(countRows(t, "audit_log")).toBe(0);
    // Until the business opens the room, more messages tell it nothing more.
    expect((await call(ann.cookie, "POST", `${roomPath(ann.reference)}/messages`, { body: "And it has a dent." })).status).toBe(201);
    expect(countRows(t, "outbox")).toBe(1);
  });

  test("bad input is refused with the JSON error and nothing is written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    caseRoomOf(t.db, ann.reference);
    const before = digest();
    const cases: [unknown, string | undefined, string][] = [
      [{}, undefined, caseRoomMessages.messageRequired],
      [{ body: "   " }, undefined, caseRoomMessages.messageRequired],
      [{ body: "x".repeat(maxCaseMessageLength + 1) }, undefined, caseRoomMessages.messageTooLong],
      [{ body: 12 }, undefined, caseRoomMessages.messageRequired],
      [undefined, "{not json", ""],
    ];
    for (const [body, raw, message] of cases) {
      const res = await call(ann.cookie, "POST", `${roomPath(ann.reference)}/messages`, body, raw);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_error");
      if (message) expect(error.fields?.body).toBe(message);
    }
    expect(digest()).toBe(before);
  });

  test("another customer gets 404 and the signed out 401; nothing is written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    const before = digest();
    const other = await call(bob.cookie, "POST", `${roomPath(ann.reference)}/messages`, { body: "Let me in" });
    expect(other.status).toBe(404);
    expect((await errorOf(other)).code).toBe("not_found");
    expect((await call(null, "POST", `${roomPath(ann.reference)}/messages`, { body: "Let me in" })).status).toBe(401);
    expect(digest()).toBe(before);
  });

  test("a closed room takes no more messages from the client (409), and nothing is written", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    caseRoomOf(t.db, ann.reference, { status: "closed" });
    const before = digest();
    const res = await call(ann.cookie, "POST", `${roomPath(ann.reference)}/messages`, { body: "One more thing" });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "case_closed", message: caseRoomMessages.roomClosed });
    expect(digest()).toBe(before);
    const room = (await (await call(ann.cookie, "GET", roomPath(ann.reference))).json()) as CaseRoomView;
    expect(room.canAdd).toBe(false);
    expect(room.filesDeleteOn).not.toBeNull();
  });

  test("messages count against the account's limit, spent before anything else is looked at", async () => {
    t.deps.limits.caseMessages = new RateLimiter(2, 60 * 60_000);
    const ann = customerWithBooking(t.db, "ann@example.com");
    expect((await call(ann.cookie, "POST", `${roomPath(ann.reference)}/messages`, { body: "One" })).status).toBe(201);
    expect((await call(ann.cookie, "POST", "/api/cases/BK-2222-2222/messages", { body: "Two" })).status).toBe(404);
    const before = digest();
    const third = await call(ann.cookie, "POST", `${roomPath(ann.reference)}/messages`, { body: "Three" });
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).not.toBeNull();
    expect(digest()).toBe(before);
  });
});
