/**
 * The booking actions as the site runs them, through both ways in: the move form and the JSON route
 * spend one budget; the moved e-mail never shows a placeholder phone; what a customer typed stays on
 * its own line and a contact address typed on the form is never mailed; an unconfirmed account
 * cannot book; the owner's status e-mail goes to the account's confirmed address.
 */
import { describe, expect, test } from "bun:test";
import { adminWithToken, businessDayAhead, customerWithBooking, customerWithSession, openSlots } from "../../tests/factories";
import { bookingForm } from "../../tests/helpers/booking-form";
import { testOrigin } from "../../tests/helpers/browser";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { countRows, errorOf } from "../../tests/helpers/test-app";
import { updateSetting } from "../db/settings.server";
import { defaultSettings } from "../shared/settings";
import { unconfirmedBookingMessage } from "./book-appointment.server";
import { moveBookingLimit } from "./move-booking.server";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@example.com" });

/** The lines of an e-mail, and the text a forged one would begin with. */
const hostile = "Our office\r\n\r\nIMPORTANT: your payment did not go through... pay again at:\r\nhttps://evil.example/pay";
const forgedLine = (line: string) => /^\s*(IMPORTANT|https:\/\/evil\.example)/.test(line);

type OutboxRow = { to: string; replyTo: string | null; subject: string; text: string };
const outbox = (): OutboxRow[] => t.db.$client.query('SELECT "to", reply_to AS replyTo, subject, text FROM outbox ORDER BY id').all() as OutboxRow[];

const cookieHeaders = (cookie: string) => ({ Cookie: cookie, Origin: testOrigin });
const moveByJson = (cookie: string, id: string, body: unknown) =>
  t.request(`/api/bookings/${id}/reschedule`, {
    method: "POST",
    headers: { ...cookieHeaders(cookie), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const moveByForm = (cookie: string, id: string, date: string, time: string) =>
  t.request(`/bookings/${id}/move`, {
    method: "POST",
    headers: { ...cookieHeaders(cookie), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ appointmentDate: date, slot: `${date}T${time}` }).toString(),
  });
const book = (cookie: string, body: unknown) =>
  t.request("/api/bookings/calendar", {
    method: "POST",
    headers: { ...cookieHeaders(cookie), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** A day the business is open (not a Sunday or public holiday) a few days on, with its slots open. */
function openDay(ahead = 4): string {
  const day = businessDayAhead(ahead);
  openSlots(t.db, day, day);
  return day;
}

describe("moving a booking: one action, one budget", () => {
  test("20 moves by the plain form use the budget up: the 21st form post and the JSON route are both refused with 429, and no more mail is queued", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { time: "10:00" });
    for (let i = 0; i < 20; i++) {
      const res = await moveByForm(ann.cookie, ann.bookingId, ann.date, i % 2 === 0 ? "14:00" : "10:00");
      expect(res.status).toBe(303);
    }
    const notices = () => outbox().filter((m) => m.to === "owner@example.com" && m.subject.startsWith("Booking moved")).length;
    expect(notices()).toBe(20);

    const byForm = await moveByForm(ann.cookie, ann.bookingId, ann.date, "14:00");
    expect(byForm.status).toBe(429);
    expect(Number(byForm.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await byForm.text()).toContain(moveBookingLimit.message);
    const byJson = await moveByJson(ann.cookie, ann.bookingId, { appointmentDate: ann.date, appointmentTime: "14:00" });
    expect(byJson.status).toBe(429);
    expect(await errorOf(byJson)).toEqual({ code: "rate_limited", message: moveBookingLimit.message });
    expect(notices()).toBe(20);
  });

  test("the customer's moved e-mail never shows the shipped placeholder phone, and shows a real one", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { time: "10:00" });
    expect((await moveByJson(ann.cookie, ann.bookingId, { appointmentDate: ann.date, appointmentTime: "14:00" })).status).toBe(200);
    const moved = () => outbox().filter((m) => m.to === "ann@example.com" && m.subject.startsWith("Booking moved"));
    expect(moved()[0]?.text).toContain("Questions: reply to this e-mail.");
    expect(moved()[0]?.text).not.toContain(defaultSettings.phone);

    expect(updateSetting(t.db, "phone", "+61 8 8123 4567").ok).toBe(true);
    expect((await moveByJson(ann.cookie, ann.bookingId, { appointmentDate: ann.date, appointmentTime: "15:00" })).status).toBe(200);
    expect(moved()[1]?.text).toContain("Questions: reply to this e-mail or call +61 8 8123 4567.");
  });
});

describe("what a customer typed on the booking form", () => {
  test("a forged message in the location and notes stays on its line in both e-mails, and a typed contact address is shown to the business, never mailed", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const day = openDay();
    const form = bookingForm(day, "10:00", { location: hostile, notes: hostile, contactEmail: "victim@evil.example" });
    expect((await book(ann.cookie, form)).status).toBe(201);

    const mails = outbox();
    expect(mails.map((m) => m.to)).toEqual(["ann@example.com", "owner@example.com"]);
    for (const mail of mails) {
      expect(mail.text.split("\n").filter(forgedLine)).toEqual([]);
      expect(mail.text).not.toContain("\r");
    }
    const [confirmation, notice] = mails as [OutboxRow, OutboxRow];
    expect(confirmation.text).toContain("Where: Our office IMPORTANT: your payment did not go through... pay again at: https://evil.example/pay\n");
    expect(notice.text).toContain("E-mail: ann@example.com\n");
    expect(notice.text).toContain("E-mail typed on the form (not confirmed, not mailed): victim@evil.example");
    // A reply from the business goes to the address the customer proved.
    expect(notice.replyTo).toBe("ann@example.com");
  });

  test("the moved e-mails keep the forged location on its line", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { time: "10:00" });
    t.db.$client
      .query("UPDATE bookings SET location = ?, contact_phone = ?, contact_email = 'victim@evil.example' WHERE id = ?")
      .run(hostile, hostile, ann.bookingId);
    expect((await moveByJson(ann.cookie, ann.bookingId, { appointmentDate: ann.date, appointmentTime: "14:00" })).status).toBe(200);
    const mails = outbox();
    expect(mails.map((m) => m.to).sort()).toEqual(["ann@example.com", "owner@example.com"]);
    for (const mail of mails) expect(mail.text.split("\n").filter(forgedLine)).toEqual([]);
  });
});

describe("an account whose e-mail is not confirmed", () => {
  test("cannot book: 403 email_unverified as orders refuse it, nothing is written, and the booking page offers to send the link again", async () => {
    const una = customerWithSession(t.db, "una@example.com", { verified: false });
    const day = openDay();
    const res = await book(una.cookie, bookingForm(day, "10:00", { contactEmail: "una@example.com" }));
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "email_unverified", message: unconfirmedBookingMessage });
    expect(countRows(t, "bookings")).toBe(0);
    expect(countRows(t, "outbox")).toBe(0);
    expect(t.db.$client.query("SELECT sum(current_bookings) AS n FROM time_slots").get()).toEqual({ n: 0 });

    const page = await (await t.request("/booking", { headers: { Cookie: una.cookie } })).text();
    expect(page).toContain('data-testid="booking-blocker"');
    expect(page).toContain('action="/verify-email/resend"');
    expect(page).toContain(`"emailConfirmed":false`);

    const ann = customerWithSession(t.db, "ann@example.com");
    const confirmed = await (await t.request("/booking", { headers: { Cookie: ann.cookie } })).text();
    expect(confirmed).not.toContain('data-testid="booking-blocker"');
    expect(confirmed).toContain(`"emailConfirmed":true`);
  });
});

describe("the owner changes a booking's status", () => {
  test("the customer's e-mail goes to the account's confirmed address, never to a contact address typed on the form", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { time: "10:00" });
    t.db.$client.query("UPDATE bookings SET contact_email = 'victim@evil.example', location = ? WHERE id = ?").run(hostile, ann.bookingId);
    const { authorization } = adminWithToken(t.db, "owner");
    const res = await t.json(
      `/api/admin/bookings/${ann.bookingId}`,
      { status: "confirmed" },
      { method: "PATCH", headers: { Authorization: authorization, Origin: testOrigin } },
    );
    expect(res.status).toBe(200);
    const mails = outbox();
    expect(mails.map((m) => m.to)).toEqual(["ann@example.com"]);
    expect(mails[0]?.subject).toStartWith("Booking confirmed:");
    expect(mails[0]?.text.split("\n").filter(forgedLine)).toEqual([]);
  });
});
