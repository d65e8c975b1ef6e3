/**
 * Twenty customers moving their bookings onto one free place at the same moment, against the
 * built binary over HTTP: exactly one moves, the others get 409, nobody gets a 5xx, and every
 * slot's counter still equals the bookings in it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { customerWithBooking } from "../../tests/factories";
import type { Db } from "../db/client.server";
import { type BinarySite, startBinarySite } from "../../tests/helpers/binary-site";

let site: BinarySite;
let base = "";
let db: Db;

beforeAll(async () => {
  site = await startBinarySite("move-race");
  ({ base, db } = site);
});

afterAll(() => site?.stop());

const counters = (date: string) =>
  db.$client
    .query(
      `SELECT s.time, s.current_bookings AS current,
        (SELECT count(*) FROM bookings b WHERE b.appointment_date = s.date AND b.appointment_time = s.time AND b.status != 'cancelled') AS held
       FROM time_slots s WHERE s.date = ? ORDER BY s.time`,
    )
    .all(date) as { time: string; current: number; held: number }[];

test("20 simultaneous moves onto one free place: exactly 1 succeeds, 19 get 409, the counters stay true", async () => {
  // Twenty customers, each with a booking of their own over three days ahead (never at 15:00) ...
  const times = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "16:00"];
  const people = Array.from({ length: 20 }, (_, i) =>
    customerWithBooking(db, `mover${i}@example.com`, { daysAhead: 4 + 4 * Math.floor(i / times.length), time: times[i % times.length] }),
  );
  // ... all moving to 15:00 on the first one's day.
  const target = { appointmentDate: people[0]!.date, appointmentTime: "15:00" };
  const responses = await Promise.all(
    people.map((p) =>
      fetch(`${base}/api/bookings/${p.bookingId}/reschedule`, {
        method: "POST",
        headers: { Cookie: p.cookie, Origin: base, "Content-Type": "application/json" },
        body: JSON.stringify(target),
      }),
    ),
  );
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  const winner = people[statuses.indexOf(200)]!;
  const moved = db.$client
    .query("SELECT appointment_date AS date, appointment_time AS time, ics_sequence AS seq FROM bookings WHERE id = ?")
    .get(winner.bookingId);
  expect(moved).toEqual({ date: target.appointmentDate, time: "15:00", seq: 1 });
  const days = [...new Set(people.map((p) => p.date))];
  for (const day of days) for (const s of counters(day)) expect({ day, ...s, current: s.current }).toEqual({ day, ...s, current: s.held });
  expect(counters(target.appointmentDate).find((s) => s.time === "15:00")?.current).toBe(1);
}, 60_000);
