/**
 * The move page moves a booking only to the day whose times it showed: days are links that show
 * their own times, every time carries its day, a time sent with another day is refused and the
 * booking stays; after a move the booking's page and the customer's e-mail name the new date and
 * time. (The API and the move's rules: src/api/booking-reschedule.test.ts.)
 */
import { describe, expect, test } from "bun:test";
import { customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { findOwnBooking } from "../db/bookings.server";
import { formatAppointment, formatDate } from "../domain/format";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@example.com" });

const movePage = async (cookie: string, id: string, query = "") => {
  const res = await t.request(`/bookings/${id}/move${query}`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return res.text();
};

const postMove = (cookie: string, id: string, fields: Record<string, string>) =>
  t.request(`/bookings/${id}/move`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: testOrigin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** The days the page links to, in order. */
const linkedDays = (html: string, id: string) =>
  [...html.matchAll(new RegExp(`href="/bookings/${id}/move\\?date=(\\d{4}-\\d{2}-\\d{2})#time-title"`, "g"))].map((m) => m[1] ?? "");

/** A customer booked at 10:00, and another day the page offers. */
async function bookedWithAnotherDay() {
  // A one-hour package: every free time of a day can take it.
  const ann = customerWithBooking(t.db, "ann@example.com", { time: "10:00", serviceName: "Discreet Check Up" });
  const days = linkedDays(await movePage(ann.cookie, ann.bookingId), ann.bookingId);
  const other = days.find((d) => d !== ann.date);
  if (!other) throw new Error("expected another day with free times");
  return { ann, days, other };
}

const storedTime = (userId: string, id: string) => {
  const b = findOwnBooking(t.db, id, userId);
  return `${b?.appointmentDate} ${b?.appointmentTime}`;
};

describe("the move page shows the chosen day's times", () => {
  test("each day is a link to its own times, and each time carries its day; no day choice waits for a button", async () => {
    const { ann, days, other } = await bookedWithAnotherDay();
    expect(days.length).toBeGreaterThan(1);
    const html = await movePage(ann.cookie, ann.bookingId, `?date=${other}`);
    expect(html).toContain(`aria-current="date" class="btn`);
    expect(html).toContain(`2. Choose a time on ${formatDate(other, "short")}`);
    expect(html).toContain(`name="appointmentDate" value="${other}"`);
    expect(html).toContain(`name="slot" value="${other}T11:00"`);
    // Only the chosen day's times are offered, and there is no day list that could disagree with them.
    expect(html).not.toContain(`name="slot" value="${ann.date}T11:00"`);
    expect(html).not.toContain("Show times");
    expect(html).not.toContain("<select");
  });

  test("a time of the chosen day moves the booking to that day, and its page names the new date and time", async () => {
    const { ann, other } = await bookedWithAnotherDay();
    const moved = await postMove(ann.cookie, ann.bookingId, { appointmentDate: other, slot: `${other}T11:00` });
    expect(moved.status).toBe(303);
    const location = moved.headers.get("location") ?? "";
    expect(location).toBe(`/bookings/${ann.reference.toLowerCase()}?notice=moved`);
    expect(storedTime(ann.userId, ann.bookingId)).toBe(`${other} 11:00`);
    const page = await (await t.request(location, { headers: { Cookie: ann.cookie } })).text();
    expect(page).toContain(`Your booking was moved to ${formatAppointment(other, "11:00")}.`);
    const mail = t.db.$client.query('SELECT text FROM outbox WHERE "to" = ?').get("ann@example.com") as { text: string };
    expect(mail.text).toContain(`Your appointment has moved to ${formatAppointment(other, "11:00")}`);
  });

  test("a time of another day than the one shown is refused: the booking stays and the chosen day's times are shown", async () => {
    const { ann, other } = await bookedWithAnotherDay();
    const refused = await postMove(ann.cookie, ann.bookingId, { appointmentDate: other, slot: `${ann.date}T11:00` });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(`The time you picked is not on ${formatDate(other, "long")}.`);
    expect(html).toContain(`name="slot" value="${other}T11:00"`);
    expect(storedTime(ann.userId, ann.bookingId)).toBe(`${ann.date} 10:00`);
  });

  test("a time without its day (a page from before) is refused and moves nothing", async () => {
    const { ann, other } = await bookedWithAnotherDay();
    const refused = await postMove(ann.cookie, ann.bookingId, { appointmentDate: other, appointmentTime: "11:00" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please choose one of the free times below.");
    expect(storedTime(ann.userId, ann.bookingId)).toBe(`${ann.date} 10:00`);
  });
});
