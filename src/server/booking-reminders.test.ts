/**
 * Booking reminders: which bookings are due and how each is claimed once (cancelled, pending and
 * completed never; a moved one once more at its new time, never twice for one start; off per
 * customer, at 0 hours, or without a confirmed address), the reminder as it arrives through a
 * real SMTP server with the invitation a calendar reads, and the ways to turn reminders off.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { businessDayAhead, customerWithBooking } from "../../tests/factories";
import { adminClient } from "../../tests/helpers/admins";
import { browser, testOrigin } from "../../tests/helpers/browser";
import { readIcs } from "../../tests/helpers/ics";
import { queryPlan, statementsPreparedBy } from "../../tests/helpers/query-plan";
import type { SmtpServer } from "../../tests/helpers/smtp";
import { smtpPerFile } from "../../tests/helpers/smtp-per-file";
import { countRows, createTestApp, errorOf, type TestApp } from "../../tests/helpers/test-app";
import { moveBooking } from "../actions/move-booking.server";
import { claimBookingReminder, dueBookingReminders } from "../db/booking-reminders.server";
import { rescheduleOwnBooking } from "../db/booking-reschedule.server";
import { setBookingStatus } from "../db/bookings.server";
import { bookings, users } from "../db/schema";
import { getSettings, updateSetting } from "../db/settings.server";
import { findUserById } from "../db/users.server";
import { formatAppointment } from "../domain/format";
import { zonedToInstant } from "../domain/timezone";
import { defaultSettings } from "../shared/settings";
import { bookingRemindersToken, sendBookingReminders, userOfBookingRemindersToken } from "./booking-reminders.server";
import { toCurrentUser } from "./middleware/session";

let smtp: SmtpServer;
let t: TestApp;

const mail = smtpPerFile();
beforeEach(() => {
  smtp = mail.server;
  t = createTestApp({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com" });
});
afterEach(async () => {
  // Whatever a run kicked off is delivered before the database closes.
  await t.deps.outbox.drain();
  await t.close();
});

const tz = defaultSettings.timezone;
const hourMs = 3_600_000;
const startOf = (date: string, time: string) => zonedToInstant(date, time, tz)!;
const hoursBefore = (start: Date, hours: number) => new Date(start.getTime() - hours * hourMs);
const bookingRow = (id: string) => t.db.select().from(bookings).where(eq(bookings.id, id)).get()!;
const reminders = () => t.db.$client.query("SELECT \"to\" FROM outbox WHERE subject LIKE 'Reminder:%' ORDER BY id").all() as { to: string }[];
const rule = () => ({ hours: getSettings(t.db).bookingReminderHours, timeZone: tz });
/** Moves the customer's booking to `time` on its day, as the customer does (a cut-off of 2 hours); true when it moved. */
const moveTo = (customer: { bookingId: string; userId: string; date: string }, time: string, now: Date) =>
  rescheduleOwnBooking(
    t.db,
    { bookingId: customer.bookingId, userId: customer.userId, appointmentDate: customer.date, appointmentTime: time, now, timeZone: tz, cutoffHours: 2 },
    () => {},
  ).ok;
/** The next day after `date` the business is open (not a Sunday or public holiday). */
const nextOpenDay = (date: string) => businessDayAhead(1, date);

test("a confirmed booking is reminded once through SMTP with the invitation at its SEQUENCE; moved, it is reminded once more, at its new time", async () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed", time: "10:00" });
  // Customers may move a booking until 2 hours before it, so the reminder still offers it.
  expect(updateSetting(t.db, "rescheduleCutoffHours", 2)).toEqual({ ok: true });
  const start = startOf(ann.date, "10:00");
  const sequence = () => t.db.select({ n: bookings.icsSequence }).from(bookings).where(eq(bookings.id, ann.bookingId)).get()?.n;

  // The clock moved on: 25 hours before, nothing; 20 hours before, one reminder; then never again.
  expect(sendBookingReminders(t.deps, hoursBefore(start, 25))).toBe(0);
  const remindedAt = hoursBefore(start, 20);
  expect(sendBookingReminders(t.deps, remindedAt)).toBe(1);
  expect(sendBookingReminders(t.deps, remindedAt)).toBe(0);
  expect(sendBookingReminders(t.deps, hoursBefore(start, 1))).toBe(0);
  await t.deps.outbox.drain();
  const [sent] = await smtp.waitFor(1, 10_000);
  expect(smtp.received).toHaveLength(1);
  expect(sent?.to).toEqual(["ann@example.com"]);
  const mail = await simpleParser(sent?.raw ?? "");
  expect(mail.subject).toMatch(new RegExp(`^Reminder: appointment BK-[A-Z0-9]{4}-[A-Z0-9]{4} on ${formatAppointment(ann.date, "10:00")}$`));
  const text = mail.text ?? "";
  expect(text).toContain(`When: ${formatAppointment(ann.date, "10:00")} (Adelaide time), 1 hour`);
  const reference = t.db.select({ r: bookings.reference }).from(bookings).where(eq(bookings.id, ann.bookingId)).get()?.r ?? "";
  expect(text).toContain(`http://localhost/bookings/${reference.toLowerCase()}`);
  expect(text).toContain(`http://localhost/bookings/${ann.bookingId}/move`);
  expect(text).toMatch(/http:\/\/localhost\/unsubscribe\/booking-reminders\?token=\S+/);
  expect(mail.replyTo?.text).toBe("owner@example.com");

  // The invitation as a calendar reads it: the booking's UID and its current SEQUENCE.
  const invitation = mail.attachments.find((a) => a.filename === "appointment.ics");
  expect(invitation?.contentType).toBe("text/calendar");
  const ics = readIcs(invitation?.content.toString("utf8") ?? "");
  expect(sequence()).toBe(1);
  expect(ics).toMatchObject({ method: "REQUEST", uid: `${ann.bookingId}@localhost`, status: "CONFIRMED", sequence: 1 });
  expect(ics.start).toBe(`${ann.date}T10:00:00`);

  // The customer moves it to the next open day at 11:00: the move's own e-mails go out, and the
  // reminder of the new time comes when that time is 20 hours away, once.
  const newDate = nextOpenDay(ann.date);
  const customer = toCurrentUser(findUserById(t.db, ann.userId)!);
  moveBooking(t.deps, customer, ann.bookingId, { appointmentDate: newDate, appointmentTime: "11:00" }, new Date(remindedAt.getTime() + 60_000));
  expect(sequence()).toBe(2);
  const newStart = startOf(newDate, "11:00");
  expect(sendBookingReminders(t.deps, new Date(remindedAt.getTime() + 120_000))).toBe(0);
  expect(sendBookingReminders(t.deps, hoursBefore(newStart, 20))).toBe(1);
  expect(sendBookingReminders(t.deps, hoursBefore(newStart, 19))).toBe(0);
  expect(sendBookingReminders(t.deps, hoursBefore(newStart, 1))).toBe(0);
  await t.deps.outbox.drain();
  await smtp.waitFor(4, 10_000);
  const parsed = await Promise.all(smtp.received.map((m) => simpleParser(m.raw)));
  const reminded = parsed.filter((m) => m.subject?.startsWith("Reminder:"));
  expect(reminded).toHaveLength(2);
  expect(parsed.map((m) => m.subject?.split(":")[0]).sort()).toEqual(["Booking moved", "Booking moved", "Reminder", "Reminder"]);
  const second = reminded[1]!;
  expect(second.subject).toMatch(new RegExp(`^Reminder: appointment BK-[A-Z0-9]{4}-[A-Z0-9]{4} on ${formatAppointment(newDate, "11:00")}$`));
  const moved = readIcs(second.attachments.find((a) => a.filename === "appointment.ics")?.content.toString("utf8") ?? "");
  expect(moved).toMatchObject({ method: "REQUEST", uid: `${ann.bookingId}@localhost`, sequence: 2 });
  expect(moved.start).toBe(`${newDate}T11:00:00`);
});

test("never for a pending, cancelled or completed booking, a customer who turned reminders off, an address not confirmed or a suspended account", () => {
  const due = customerWithBooking(t.db, "due@example.com", { status: "confirmed", time: "09:00" });
  const pending = customerWithBooking(t.db, "pending@example.com", { time: "10:00" });
  const cancelled = customerWithBooking(t.db, "cancelled@example.com", { status: "confirmed", time: "11:00" });
  setBookingStatus(t.db, cancelled.bookingId, "cancelled");
  const completed = customerWithBooking(t.db, "completed@example.com", { status: "confirmed", time: "12:00" });
  setBookingStatus(t.db, completed.bookingId, "completed");
  const optedOut = customerWithBooking(t.db, "optedout@example.com", { status: "confirmed", time: "13:00" });
  t.db.update(users).set({ bookingReminders: false }).where(eq(users.id, optedOut.userId)).run();
  // An address changed after booking is not confirmed until its link is followed.
  const unconfirmed = customerWithBooking(t.db, "unconfirmed@example.com", { status: "confirmed", time: "14:00" });
  t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unconfirmed.userId)).run();
  const suspended = customerWithBooking(t.db, "suspended@example.com", { status: "confirmed", time: "15:00" });
  t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.userId)).run();

  // All on one day; 4 pm the day before has every one of them within 24 hours.
  const now = hoursBefore(startOf(due.date, "15:00"), 23);
  expect(dueBookingReminders(t.db, rule(), now)).toEqual([due.bookingId]);
  for (const other of [pending, cancelled, completed, optedOut, unconfirmed, suspended])
    expect(claimBookingReminder(t.db, other.bookingId, rule(), () => ({ to: "x@example.com", subject: "x", text: "x" }), now)).toBe("not_due");
  expect(sendBookingReminders(t.deps, now)).toBe(1);
  expect(reminders()).toEqual([{ to: "due@example.com" }]);
  for (const other of [pending, cancelled, completed, optedOut, unconfirmed, suspended]) expect(bookingRow(other.bookingId).remindedFor).toBeNull();

  // Confirmed later, the pending one is reminded on the next run; the others still are not.
  setBookingStatus(t.db, pending.bookingId, "confirmed");
  expect(sendBookingReminders(t.deps, now)).toBe(1);
  expect(reminders()).toEqual([{ to: "due@example.com" }, { to: "pending@example.com" }]);
  expect(sendBookingReminders(t.deps, new Date(now.getTime() + 4 * hourMs))).toBe(0);
});

test("0 hours sends none; the hours are the setting's, and a booking that has begun is never reminded", () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed", time: "10:00" });
  const start = startOf(ann.date, "10:00");
  expect(updateSetting(t.db, "bookingReminderHours", 0)).toEqual({ ok: true });
  expect(dueBookingReminders(t.db, rule(), hoursBefore(start, 1))).toEqual([]);
  expect(sendBookingReminders(t.deps, hoursBefore(start, 1))).toBe(0);
  expect(updateSetting(t.db, "bookingReminderHours", 48)).toEqual({ ok: true });
  expect(sendBookingReminders(t.deps, hoursBefore(start, 49))).toBe(0);
  expect(sendBookingReminders(t.deps, new Date(start.getTime() + 60_000))).toBe(0);
  expect(sendBookingReminders(t.deps, hoursBefore(start, 47))).toBe(1);
  expect(bookingRow(ann.bookingId).remindedFor).toEqual(start);
  expect(countRows(t, "outbox")).toBe(1);
});

test("one start is claimed once however often the claim runs; a move to another start is due again at once when it is within the hours", () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed", time: "10:00" });
  const start = startOf(ann.date, "10:00");
  const now = hoursBefore(start, 20);
  const message = () => ({ to: "ann@example.com", subject: "Reminder: test", text: "x" });
  expect(claimBookingReminder(t.db, ann.bookingId, rule(), message, now)).toBe("queued");
  expect(claimBookingReminder(t.db, ann.bookingId, rule(), message, now)).toBe("not_due");
  expect(dueBookingReminders(t.db, rule(), now)).toEqual([]);

  // Moved an hour earlier the same day (still within 24 hours): due once more, at its new start.
  expect(moveTo(ann, "09:00", now)).toBe(true);
  expect(dueBookingReminders(t.db, rule(), now)).toEqual([ann.bookingId]);
  expect(claimBookingReminder(t.db, ann.bookingId, rule(), message, now)).toBe("queued");
  expect(bookingRow(ann.bookingId).remindedFor).toEqual(startOf(ann.date, "09:00"));
  expect(claimBookingReminder(t.db, ann.bookingId, rule(), message, new Date(now.getTime() + hourMs))).toBe("not_due");
  expect(reminders()).toHaveLength(2);
});

test("the job finds due bookings through the status and appointment index, never by reading every booking", async () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed", time: "10:00" });
  const statements = await statementsPreparedBy(t.db.$client, () => dueBookingReminders(t.db, rule(), hoursBefore(startOf(ann.date, "10:00"), 20)));
  const due = statements.filter((s) => s.startsWith("select") && s.includes('from "bookings"'));
  expect(due).toHaveLength(1);
  const plan = queryPlan(t.db.$client, due[0] as string).join(" | ");
  expect(plan).toMatch(/SEARCH bookings USING INDEX bookings_status_idx \(status=\? AND appointment_date>\? AND appointment_date<\?\)/);
});

test("after the move cut-off the reminder says to reply instead of offering the move page", () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed", time: "10:00" });
  // The shipped cut-off (24 hours) has passed by the time a 24-hour reminder goes.
  expect(sendBookingReminders(t.deps, hoursBefore(startOf(ann.date, "10:00"), 23))).toBe(1);
  const { text } = t.db.$client.query("SELECT text FROM outbox").get() as { text: string };
  expect(text).not.toContain("/move");
  expect(text).toContain("It is too close to the appointment to move it online; to change it, reply to this e-mail.");
});

test("the reminder's unsubscribe link works signed out: its page asks, the form post turns reminders off; a bad token does nothing", async () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed", time: "10:00" });
  const reminded = () => t.db.select({ on: users.bookingReminders, reviews: users.reviewInvites }).from(users).where(eq(users.id, ann.userId)).get();
  expect(sendBookingReminders(t.deps, hoursBefore(startOf(ann.date, "10:00"), 20))).toBe(1);
  const { text } = t.db.$client.query("SELECT text FROM outbox").get() as { text: string };
  const link = text.match(/http:\/\/localhost(\/unsubscribe\/booking-reminders\?token=\S+)/)?.[1] ?? "";
  expect(link).not.toBe("");
  const visitor = browser(t);
  const page = await visitor.get(link);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Stop booking reminders");
  expect(reminded()).toEqual({ on: true, reviews: true });
  const token = decodeURIComponent(link.split("token=")[1] ?? "");
  expect(userOfBookingRemindersToken(t.deps.secrets, token)).toBe(ann.userId);

  // Altered, sealed for another purpose, or junk: refused, nothing changes.
  const altered = `${token.slice(0, -2)}${token.endsWith("A") ? "B" : "A"}A`;
  const otherPurpose = t.deps.secrets.seal(`review-invitations:${ann.userId}`);
  for (const bad of [altered, otherPurpose, ann.userId, ""]) {
    const get = await t.request(`/unsubscribe/booking-reminders?token=${encodeURIComponent(bad)}`);
    expect(get.status).toBe(400);
    expect(await get.text()).toContain("This link does not work");
    expect((await browser(t).post("/unsubscribe/booking-reminders", { token: bad })).status).toBe(400);
  }
  const foreign = await t.request("/unsubscribe/booking-reminders", {
    method: "POST",
    headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
  });
  expect(foreign.status).toBe(403);
  expect(reminded()).toEqual({ on: true, reviews: true });

  const done = await visitor.post("/unsubscribe/booking-reminders", { token });
  expect(done.status).toBe(200);
  expect(await done.text()).toContain("You will get no more booking reminders");
  // Review invitations are another choice, left as they were.
  expect(reminded()).toEqual({ on: false, reviews: true });
  expect(bookingRemindersToken(t.deps.secrets, ann.userId)).not.toBe(token);
  expect(testOrigin).toBe("http://localhost");

  // Moved to another start, the booking gets no reminder either.
  const now = hoursBefore(startOf(ann.date, "10:00"), 19);
  expect(moveTo(ann, "09:00", now)).toBe(true);
  expect(sendBookingReminders(t.deps, now)).toBe(0);
});

test("the account page's e-mail choices turn reminders off and on beside review invitations, without JavaScript", async () => {
  const ann = browser(t);
  const userId = await ann.signUp("ann@example.com");
  const choices = () => t.db.select({ reminders: users.bookingReminders, reviews: users.reviewInvites }).from(users).where(eq(users.id, userId)).get();
  const page = await (await ann.get("/account")).text();
  expect(page).toMatch(/<input type="checkbox"[^>]*name="bookingReminders" checked=""/);
  expect(page).toContain("Once, 24 hours before each confirmed appointment, with its calendar invitation.");
  expect((await ann.post("/account/emails", { reviewInvites: "on" })).headers.get("location")).toBe("/account?saved=emails");
  expect(choices()).toEqual({ reminders: false, reviews: true });
  const after = await (await ann.get("/account?saved=emails")).text();
  expect(after).toMatch(/<input type="checkbox"[^>]*name="bookingReminders"\/>/);
  await ann.post("/account/emails", { bookingReminders: "on" });
  expect(choices()).toEqual({ reminders: true, reviews: false });
  // With the setting at 0 the page says none are sent now.
  expect(updateSetting(t.db, "bookingReminderHours", 0)).toEqual({ ok: true });
  expect(await (await ann.get("/account")).text()).toContain("We send no reminders at the moment; your choice is kept for when we do.");
});

test("the owner sets the hours in the settings: 0 to 168, whole hours; anything else is refused", async () => {
  const owner = adminClient(t);
  for (const bad of [169, -1, 2.5, "24"]) {
    const res = await owner.send("PUT", "/api/admin/settings", { bookingReminderHours: bad });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ bookingReminderHours: "Use 0 to 168 hours" });
  }
  expect(getSettings(t.db).bookingReminderHours).toBe(24);
  expect((await owner.send("PUT", "/api/admin/settings", { bookingReminderHours: 168 })).status).toBe(200);
  expect(getSettings(t.db).bookingReminderHours).toBe(168);
});
