import { afterEach, beforeEach, expect, test } from "bun:test";
import { testOrigin } from "../../tests/helpers/browser";
import { businessDayAhead, customerWithSession } from "../../tests/factories";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { defaultSettings } from "../shared/settings";
import { ensureReferralCode } from "./referrals.server";
import { generateSlots } from "./timeslots.server";
import { deleteAccount } from "./users.server";
import { bookingForm } from "../../tests/helpers/booking-form";

const tz = "Australia/Adelaide";
let t: TestApp;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
});
afterEach(() => t.close());

/** An open day three days out or later, with its slots generated. */
function bookableDay() {
  const day = businessDayAhead();
  generateSlots(t.db, day, day, defaultSettings.businessHours, tz);
  return day;
}

const post = (cookie: string | null, path: string, body: unknown) =>
  t.request(path, {
    method: "POST",
    headers: { ...(cookie ? { Cookie: cookie } : {}), "Content-Type": "application/json", Origin: testOrigin },
    body: JSON.stringify(body),
  });

const book = (cookie: string, date: string, time: string, contactEmail: string, notes: string, location = "12 Secret St, Glenelg") =>
  post(cookie, "/api/bookings/calendar", bookingForm(date, time, { contactEmail, location, notes }));

const q = <T>(sql: string, ...args: (string | number)[]) => t.db.$client.query(sql).all(...args) as T[];

test("deleting an account scrubs its mail, blanks its payment e-mails, cancels its upcoming bookings and frees their places", async () => {
  const rita = customerWithSession(t.db, "rita@example.com");
  const ann = customerWithSession(t.db, "ann@example.com", { referralCode: ensureReferralCode(t.db, rita.userId) });
  const bob = customerWithSession(t.db, "bob@example.com");
  const day = bookableDay();

  expect((await book(ann.cookie, day, "09:00", "ann.private@example.com", "He leaves at 6pm on Fridays")).status).toBe(201);
  expect((await book(bob.cookie, day, "10:00", "bob@example.com", "Bob's own notes", "Bob's office")).status).toBe(201);
  expect((await post(ann.cookie, "/api/payment-requests", { serviceId: "partner", method: "instructions" })).status).toBe(201);
  expect((await post(null, "/api/payment-requests", { serviceId: "checkup", method: "cash", email: "ANN@example.com" })).status).toBe(201);
  // Some of it already went out.
  t.db.$client.query("UPDATE outbox SET status = 'sent', sent_at = ? WHERE id IN (SELECT min(id) FROM outbox)").run(Date.now());
  expect(q<{ total: string }>("SELECT total_referral_earnings AS total FROM users WHERE id = ?", rita.userId)).toEqual([{ total: "30.00" }]);

  deleteAccount(t.db, ann.userId);

  const mails = q<{ to: string; replyTo: string | null; text: string; attachments: string | null }>(
    'SELECT "to", reply_to AS replyTo, text, attachments FROM outbox ORDER BY id',
  );
  const everything = JSON.stringify(mails);
  for (const secret of ["ann@example.com", "ann.private@example.com", "He leaves at 6pm", "12 Secret St"])
    expect(everything.toLowerCase()).not.toContain(secret.toLowerCase());
  // Bob's confirmation and the business's notices (emptied of Ann) remain.
  expect(mails.filter((m) => m.to === "bob@example.com").length).toBe(1);
  expect(everything).toContain("Bob's own notes");
  expect(mails.filter((m) => m.to === "owner@example.com").length).toBe(4);

  expect(q<{ email: string | null; userId: string | null }>("SELECT email, user_id AS userId FROM payments")).toEqual([
    { email: null, userId: null },
    { email: null, userId: null },
  ]);
  expect(q("SELECT status, contact_email AS email, notes, user_id AS userId FROM bookings WHERE appointment_time = '09:00'")).toEqual([
    { status: "cancelled", email: null, notes: null, userId: null },
  ]);
  expect(q("SELECT current_bookings AS n, is_available AS a FROM time_slots WHERE date = ? AND time = '09:00'", day)).toEqual([{ n: 0, a: 1 }]);
  expect(q("SELECT current_bookings AS n FROM time_slots WHERE date = ? AND time = '10:00'", day)).toEqual([{ n: 1 }]);
  expect(q("SELECT status FROM referral_transactions")).toEqual([{ status: "void" }]);
  expect(q<{ total: string }>("SELECT total_referral_earnings AS total FROM users WHERE id = ?", rita.userId)).toEqual([{ total: "0.00" }]);
  expect(q("SELECT id FROM users WHERE id = ?", ann.userId)).toEqual([]);
});

test("a booking that has already taken place is kept as it was, only detached", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  const day = bookableDay();
  expect((await book(ann.cookie, day, "09:00", "ann@example.com", "notes")).status).toBe(201);
  t.db.$client.query("UPDATE bookings SET status = 'confirmed'").run();
  // Deleted a week after the appointment.
  deleteAccount(t.db, ann.userId, new Date(Date.parse(`${day}T12:00:00+09:30`) + 7 * 24 * 60 * 60 * 1000));
  expect(q("SELECT status, user_id AS userId FROM bookings")).toEqual([{ status: "confirmed", userId: null }]);
  expect(q("SELECT current_bookings AS n FROM time_slots WHERE date = ? AND time = '09:00'", day)).toEqual([{ n: 1 }]);
});
