/**
 * POST /api/bookings/{id}/reschedule and the dashboard's move form: the new place taken and the
 * old one freed together, the refusals (taken, cut-off, cancelled, someone else's, bad input), the
 * cut-off boundary with an injected clock, and the e-mails as they arrive over SMTP.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { icsOfMail, readIcs } from "../../tests/helpers/ics";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { createTestApp, errorOf, type TestApp } from "../../tests/helpers/test-app";
import { rescheduleOwnBooking } from "../db/booking-reschedule.server";
import { findOwnBooking } from "../db/bookings.server";
import { updateSetting } from "../db/settings.server";
import { moveDeadline } from "../domain/booking";
import { formatAppointment } from "../domain/format";
import { adminRecordPath, bookingRecordKey } from "../shared/admin-records";
import { defaultSettings } from "../shared/settings";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@example.com" });
const tz = defaultSettings.timezone;

const move = (app: TestApp, cookie: string | null, id: string, body: unknown) =>
  app.request(`/api/bookings/${id}/reschedule`, {
    method: "POST",
    headers: { ...(cookie ? { Cookie: cookie } : {}), "Content-Type": "application/json", Origin: testOrigin },
    body: JSON.stringify(body),
  });

const slot = (app: TestApp, date: string, time: string) =>
  app.db.$client.query("SELECT current_bookings AS n FROM time_slots WHERE date = ? AND time = ?").get(date, time) as { n: number };

const outbox = (app: TestApp) =>
  app.db.$client.query('SELECT "to", subject, text FROM outbox ORDER BY id').all() as { to: string; subject: string; text: string }[];

describe("moving a booking", () => {
  test("moves it to a free time: the new place taken, the old one freed, SEQUENCE raised, both told", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { time: "10:00" });
    const res = await move(t, ann.cookie, ann.bookingId, { appointmentDate: ann.date, appointmentTime: "14:00" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; appointmentDate: string; appointmentTime: string; status: string };
    expect(body).toMatchObject({ id: ann.bookingId, appointmentDate: ann.date, appointmentTime: "14:00", status: "pending" });
    expect(slot(t, ann.date, "10:00").n).toBe(0);
    expect(slot(t, ann.date, "14:00").n).toBe(1);
    const stored = findOwnBooking(t.db, ann.bookingId, ann.userId);
    expect(stored?.icsSequence).toBe(1);
    const mails = outbox(t);
    expect(mails.map((m) => m.to).sort()).toEqual(["ann@example.com", "owner@example.com"]);
    expect(mails.find((m) => m.to === "owner@example.com")?.subject).toStartWith("Booking moved: Discreet Check Up from ");
    expect(mails.find((m) => m.to === "ann@example.com")?.text).toContain(`Your appointment has moved to ${formatAppointment(ann.date, "14:00")}`);

    // The old time can be booked by someone else now; the new one cannot.
    const bob = customerWithBooking(t.db, "bob@example.com", { time: "11:00" });
    expect((await move(t, bob.cookie, bob.bookingId, { appointmentDate: ann.date, appointmentTime: "14:00" })).status).toBe(409);
    expect((await move(t, bob.cookie, bob.bookingId, { appointmentDate: ann.date, appointmentTime: "10:00" })).status).toBe(200);
  });

  test("a confirmed booking can be moved and stays confirmed; a cancelled or completed one cannot (409)", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed" });
    const moved = await move(t, ann.cookie, ann.bookingId, { appointmentDate: ann.date, appointmentTime: "15:00" });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { status: string }).status).toBe("confirmed");

    for (const status of ["cancelled", "completed"] as const) {
      const c = customerWithBooking(t.db, `${status}@example.com`, { status: status === "completed" ? "confirmed" : status, time: "12:00" });
      if (status === "completed") t.db.$client.query("UPDATE bookings SET status = 'completed' WHERE id = ?").run(c.bookingId);
      const before = slot(t, c.date, "16:00").n;
      const res = await move(t, c.cookie, c.bookingId, { appointmentDate: c.date, appointmentTime: "16:00" });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("not_movable");
      expect(slot(t, c.date, "16:00").n).toBe(before);
    }
  });

  test("a time that is taken, blocked or in the past answers 409 and changes nothing", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { time: "10:00" });
    customerWithBooking(t.db, "bob@example.com", { time: "11:00" });
    t.db.$client.query("UPDATE time_slots SET is_available = 0 WHERE date = ? AND time = '12:00'").run(ann.date);
    for (const [appointmentDate, appointmentTime] of [
      [ann.date, "11:00"],
      [ann.date, "12:00"],
      [ann.date, "03:00"],
      ["2020-01-06", "10:00"],
    ] as const) {
      const res = await move(t, ann.cookie, ann.bookingId, { appointmentDate, appointmentTime });
      expect({ appointmentTime, status: res.status }).toEqual({ appointmentTime, status: 409 });
      expect((await errorOf(res)).code).toBe("slot_taken");
    }
    expect(slot(t, ann.date, "10:00").n).toBe(1);
    expect(findOwnBooking(t.db, ann.bookingId, ann.userId)).toMatchObject({ appointmentTime: "10:00", icsSequence: 0 });
    expect(outbox(t)).toEqual([]);
  });

  test("someone else's booking is 404, signed out is 401, and bad input is 400 with field messages", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const bob = customerWithBooking(t.db, "bob@example.com", { time: "11:00" });
    expect((await move(t, bob.cookie, ann.bookingId, { appointmentDate: ann.date, appointmentTime: "14:00" })).status).toBe(404);
    expect((await move(t, bob.cookie, "not-a-booking", { appointmentDate: ann.date, appointmentTime: "14:00" })).status).toBe(404);
    expect((await move(t, null, ann.bookingId, { appointmentDate: ann.date, appointmentTime: "14:00" })).status).toBe(401);

    const bad = await move(t, ann.cookie, ann.bookingId, { appointmentDate: "next tuesday", appointmentTime: 14 });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ appointmentDate: "Choose a new date", appointmentTime: "Choose a new time" });
    const same = await move(t, ann.cookie, ann.bookingId, { appointmentDate: ann.date, appointmentTime: ann.time });
    expect(same.status).toBe(400);
    expect((await errorOf(same)).fields).toEqual({ appointmentTime: "Pick a different time" });
    const junk = await t.request(`/api/bookings/${ann.bookingId}/reschedule`, {
      method: "POST",
      headers: { Cookie: ann.cookie, "Content-Type": "application/json", Origin: testOrigin },
      body: "{",
    });
    expect(junk.status).toBe(400);
    expect(slot(t, ann.date, "14:00").n).toBe(0);
    expect(findOwnBooking(t.db, ann.bookingId, ann.userId)?.icsSequence).toBe(0);
  });

  test("the cut-off is the owner's setting: inside it the API answers 409 and the dashboard says to call", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { daysAhead: 3 });
    const page = async () => (await t.request("/dashboard", { headers: { Cookie: ann.cookie } })).text();
    expect(await page()).toContain(`/bookings/${ann.bookingId}/move`);
    updateSetting(t.db, "rescheduleCutoffHours", 24 * 14);
    const res = await move(t, ann.cookie, ann.bookingId, { appointmentDate: ann.date, appointmentTime: "14:00" });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("cutoff_passed");
    expect(error.message).toContain("until 336 hours before the appointment");
    const html = await page();
    expect(html).not.toContain(`/bookings/${ann.bookingId}/move"`);
    expect(html).toContain("Too close to move online");
  });

  test("the cut-off boundary, with an injected clock: a millisecond before it moves, at it is refused", () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { daysAhead: 6 });
    const deadline = moveDeadline(ann.date, ann.time, tz, 24);
    if (!deadline) throw new Error("no deadline");
    const attempt = (now: Date, time: string) =>
      rescheduleOwnBooking(
        t.db,
        { bookingId: ann.bookingId, userId: ann.userId, appointmentDate: ann.date, appointmentTime: time, now, timeZone: tz, cutoffHours: 24 },
        () => [],
      );
    expect(attempt(deadline, "14:00")).toEqual({ ok: false, reason: "cutoff_passed" });
    expect(attempt(new Date(deadline.getTime() + 60_000), "14:00")).toEqual({ ok: false, reason: "cutoff_passed" });
    expect(slot(t, ann.date, "14:00").n).toBe(0);
    const moved = attempt(new Date(deadline.getTime() - 1), "14:00");
    expect(moved.ok).toBe(true);
    // The deadline follows the booking: 24 hours before 14:00 now, so 10:00's deadline plus four hours still moves it.
    expect(attempt(new Date(deadline.getTime() + 4 * 3_600_000 - 1), "15:00").ok).toBe(true);
    expect(slot(t, ann.date, "14:00").n).toBe(0);
    expect(slot(t, ann.date, "15:00").n).toBe(1);
  });

  test("the dashboard's plain form moves it without JavaScript and says so", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const form = await t.request(`/bookings/${ann.bookingId}/move?date=${ann.date}`, { headers: { Cookie: ann.cookie } });
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain(`name="slot" value="${ann.date}T14:00"`);
    expect(html).not.toContain(`name="slot" value="${ann.date}T10:00"`);
    const post = (time: string) =>
      t.request(`/bookings/${ann.bookingId}/move`, {
        method: "POST",
        headers: { Cookie: ann.cookie, Origin: testOrigin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ appointmentDate: ann.date, slot: `${ann.date}T${time}` }).toString(),
      });
    const moved = await post("14:00");
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`/bookings/${ann.reference.toLowerCase()}?notice=moved`);
    const again = await post("14:00");
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("already at this time");
    const other = customerWithBooking(t.db, "bob@example.com", { time: "11:00" });
    expect((await t.request(`/bookings/${ann.bookingId}/move`, { headers: { Cookie: other.cookie } })).status).toBe(404);
  });
});

describe("the e-mails of a move, over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let app: TestApp | undefined;
  afterEach(async () => {
    app?.close();
    await smtp?.close();
  });

  test("the business is told and both get the updated invitation: same UID, next SEQUENCE, METHOD:REQUEST", async () => {
    smtp = await startSmtpServer();
    app = createTestApp({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com", MAIL_FROM: "Site <site@example.com>" });
    const ann = customerWithBooking(app.db, "ann@example.com", { status: "confirmed" });
    const first = await app.request(`/api/bookings/${ann.bookingId}/ics`, { headers: { Cookie: ann.cookie } });
    const before = readIcs(await first.text());
    expect(Number(before.sequence)).toBe(1); // confirming raised it once

    expect((await move(app, ann.cookie, ann.bookingId, { appointmentDate: ann.date, appointmentTime: "15:00" })).status).toBe(200);
    const received = await smtp.waitFor(2);
    const toBusiness = received.find((m) => m.to.includes("owner@example.com"));
    const toCustomer = received.find((m) => m.to.includes("ann@example.com"));
    if (!toBusiness || !toCustomer) throw new Error("expected one e-mail to each");
    expect(toBusiness.raw).toMatch(/Subject: Booking moved: Discreet Check Up from [\s\S]+? to /);
    const moved = findOwnBooking(app.db, ann.bookingId, ann.userId);
    if (!moved) throw new Error("expected the booking");
    expect(toBusiness.raw).toContain(adminRecordPath("bookings", bookingRecordKey(moved)));
    for (const mail of [toCustomer, toBusiness]) {
      expect(mail.raw).toMatch(/method=REQUEST/i);
      const ics = readIcs(icsOfMail(mail.raw));
      expect(ics.method).toBe("REQUEST");
      expect(ics.uid).toBe(before.uid);
      expect(Number(ics.sequence)).toBe(2);
      expect(ics.status).toBe("CONFIRMED");
      expect(ics.attendee).toBe("mailto:ann@example.com");
      expect(ics.start).toStartWith(`${ann.date}T15:00:00`);
    }
  });
});
