import { expect, test } from "bun:test";
import { reminderDates, reminderStart } from "./booking-reminders";
import { zonedToInstant } from "./timezone";

const tz = "Australia/Adelaide";
const hourMs = 3_600_000;
const booking = { appointmentDate: "2026-12-01", appointmentTime: "10:00", remindedFor: null };
const start = zonedToInstant(booking.appointmentDate, booking.appointmentTime, tz)!;
const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * hourMs);

test("a booking is due from `hours` before its start until it starts, and not before or after", () => {
  expect(reminderStart(booking, at(24), 24, tz)).toEqual(start);
  expect(reminderStart(booking, new Date(at(24).getTime() - 1), 24, tz)).toBeNull();
  expect(reminderStart(booking, at(0.01), 24, tz)).toEqual(start);
  expect(reminderStart(booking, at(0), 24, tz)).toBeNull();
  expect(reminderStart(booking, at(-1), 24, tz)).toBeNull();
  // 0 hours sends none, however close the booking is.
  expect(reminderStart(booking, at(1), 0, tz)).toBeNull();
});

test("a booking reminded of its start is not due again; moved to another start, it is", () => {
  expect(reminderStart({ ...booking, remindedFor: start }, at(2), 24, tz)).toBeNull();
  const earlier = new Date(start.getTime() - 2 * hourMs);
  expect(reminderStart({ ...booking, remindedFor: earlier }, at(2), 24, tz)).toEqual(start);
});

test("a wall-clock time that does not exist (skipped by daylight saving) is never due", () => {
  // Adelaide skips 2:00 to 3:00 am on the first Sunday of October.
  const skipped = { appointmentDate: "2026-10-04", appointmentTime: "02:30", remindedFor: null };
  expect(reminderStart(skipped, new Date("2026-10-03T12:00:00Z"), 24, tz)).toBeNull();
});

test("the dates searched cover every booking the window can hold, across midnight and a daylight-saving change", () => {
  // 11 pm on 30 November in Adelaide (+10:30), a 24-hour window: 30 November to 2 December.
  const lateEvening = new Date("2026-11-30T12:30:00Z");
  expect(reminderDates(lateEvening, 24, tz)).toEqual({ from: "2026-11-30", to: "2026-12-02" });
  // 11:30 pm the night before the clocks go back (5 April 2026), a week's window: it ends at 10:30 pm on 11 April.
  expect(reminderDates(new Date("2026-04-04T13:00:00Z"), 168, tz)).toEqual({ from: "2026-04-04", to: "2026-04-12" });
});
