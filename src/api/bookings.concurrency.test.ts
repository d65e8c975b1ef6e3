/**
 * Many customers booking one slot at the same moment, against the built binary over HTTP: the
 * slot is never over-booked, nobody gets a 5xx, and the counter always equals the bookings.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Db } from "../db/client.server";
import { type BinarySite, startBinarySite } from "../../tests/helpers/binary-site";
import { generateSlots } from "../db/timeslots.server";
import { businessDayAhead, customerWithSession } from "../../tests/factories";
import { defaultSettings } from "../shared/settings";

let site: BinarySite;
let base = "";
let db: Db;
const tz = defaultSettings.timezone;

beforeAll(async () => {
  site = await startBinarySite("race");
  ({ base, db } = site);
});

afterAll(() => site?.stop());

function slotDay() {
  return businessDayAhead(5);
}

/** Each booking mails its own address, so the per-recipient mail limit plays no part here. */
function book(cookie: string, date: string, time: string) {
  return fetch(`${base}/api/bookings/calendar`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify({
      serviceName: "Discreet Check Up",
      servicePrice: 75,
      appointmentDate: date,
      appointmentTime: time,
      duration: 60,
      contactPhone: "0400 000 000",
      contactEmail: `race-${crypto.randomUUID()}@example.com`,
    }),
  });
}

const customers = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => customerWithSession(db, `${prefix}${i}@example.com`));
const slot = (date: string, time: string) =>
  db.$client.query("SELECT current_bookings AS current, max_bookings AS max FROM time_slots WHERE date = ? AND time = ?").get(date, time) as {
    current: number;
    max: number;
  };
const bookingsAt = (date: string, time: string, status = "pending") =>
  (
    db.$client.query("SELECT count(*) AS n FROM bookings WHERE appointment_date = ? AND appointment_time = ? AND status = ?").get(date, time, status) as {
      n: number;
    }
  ).n;

test("200 simultaneous bookings of a one-place slot: exactly 1 succeeds, 199 get 409", async () => {
  const date = slotDay();
  generateSlots(db, date, date, defaultSettings.businessHours, tz);
  const people = customers("one", 200);
  const statuses = (await Promise.all(people.map((p) => book(p.cookie, date, "09:00")))).map((r) => r.status);
  expect(statuses.filter((s) => s === 201).length).toBe(1);
  expect(statuses.filter((s) => s === 409).length).toBe(199);
  expect(statuses.filter((s) => s >= 500).length).toBe(0);
  expect(slot(date, "09:00").current).toBe(1);
  expect(bookingsAt(date, "09:00")).toBe(1);
}, 60_000);

test("500 requests for a five-place slot: exactly 5; cancelling and rebooking keeps the counter true", async () => {
  const date = slotDay();
  db.$client.query("UPDATE time_slots SET max_bookings = 5 WHERE date = ? AND time = '10:00'").run(date);
  const people = customers("five", 500);
  const responses = await Promise.all(people.map((p) => book(p.cookie, date, "10:00")));
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 201).length).toBe(5);
  expect(statuses.filter((s) => s === 409).length).toBe(495);
  expect(statuses.filter((s) => s >= 500).length).toBe(0);
  expect(slot(date, "10:00")).toEqual({ current: 5, max: 5 });

  // Two of the five cancel; the freed places are taken by exactly two of fifty newcomers.
  const winners = people.filter((_, i) => statuses[i] === 201);
  const ids = (await Promise.all(responses.filter((r) => r.status === 201).map((r) => r.json()))) as { id: string }[];
  for (const [i, booking] of ids.slice(0, 2).entries()) {
    const res = await fetch(`${base}/api/bookings/${booking.id}/cancel`, { method: "POST", headers: { Cookie: winners[i]!.cookie, Origin: base } });
    expect(res.status).toBe(200);
  }
  expect(slot(date, "10:00").current).toBe(3);
  const late = customers("late", 50);
  const again = (await Promise.all(late.map((p) => book(p.cookie, date, "10:00")))).map((r) => r.status);
  expect(again.filter((s) => s === 201).length).toBe(2);
  expect(slot(date, "10:00").current).toBe(5);
  expect(bookingsAt(date, "10:00")).toBe(5);
  expect(bookingsAt(date, "10:00", "cancelled")).toBe(2);
}, 60_000);
