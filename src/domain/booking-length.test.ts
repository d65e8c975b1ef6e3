/** A booking holds the package's length (decision 070): which start times each length kind is offered. */
import { expect, test } from "bun:test";
import { bookingPrice, hourlyRate } from "./booking";
import { shippedVolumeBands } from "./pricing";
import {
  type BookingLength,
  type BusinessHours,
  canHold,
  heldTime,
  offeredStartTimes,
  packageLength,
  type SlotState,
  slotKey,
  slotTimesForDate,
} from "./slots";
import { addDays, dayOfWeek } from "./timezone";

const tz = "Australia/Adelaide";
const hours: BusinessHours = { start: "09:00", end: "17:00", slotMinutes: 60, days: [1, 2, 3, 4, 5, 6] };
// A Monday well inside the window of `now` (no daylight-saving change in the month after it).
const now = new Date("2026-12-06T12:00:00Z");
const monday = "2026-12-07";
const ctx = { hours, timeZone: tz, now };

/** Every slot of the days from `from`, open and empty, as the site makes them. */
function freeSlots(from: string, days: number): Map<string, SlotState> {
  const m = new Map<string, SlotState>();
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    for (const time of slotTimesForDate(date, hours, tz)) m.set(slotKey({ date, time }), { isAvailable: true, currentBookings: 0, maxBookings: 1 });
  }
  return m;
}
const take = (m: Map<string, SlotState>, date: string, time: string) =>
  m.set(slotKey({ date, time }), { isAvailable: true, currentBookings: 1, maxBookings: 1 });

const pkg = (lengthUnit: string, lengthCount: number, unit = "once", minimumUnits = 1) => ({ unit, minimumUnits, lengthUnit, lengthCount });

test("each package's length: a day, three days, two weeks, the hours chosen for hourly (4 at least)", () => {
  expect(packageLength(pkg("days", 1))).toEqual({ unit: "days", count: 1 });
  expect(packageLength(pkg("days", 14))).toEqual({ unit: "days", count: 14 });
  expect(packageLength(pkg("hours", 1))).toEqual({ unit: "hours", count: 1 });
  expect(packageLength(pkg("hours", 4, "hour", 4))).toEqual({ unit: "hours", count: 4 });
  expect(packageLength(pkg("hours", 4, "hour", 4), 6)).toEqual({ unit: "hours", count: 6 });
  expect(packageLength(pkg("hours", 4, "hour", 4), 3)).toBeNull();
  expect(packageLength(pkg("hours", 4, "hour", 4), 4.5)).toBeNull();
});

test("a one-day package starts only at opening and holds the whole day, 9:00 to 5:00 pm", () => {
  const slots = freeSlots(monday, 7);
  expect(offeredStartTimes(monday, { unit: "days", count: 1 }, slots, ctx)).toEqual(["09:00"]);
  const held = heldTime(monday, "09:00", { unit: "days", count: 1 }, hours, tz);
  expect(held?.slots.map((s) => s.time)).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
  expect(held?.end).toEqual({ date: monday, time: "17:00" });
  expect(held?.minutes).toBe(480);
  // 10:00 is not a start for a day's surveillance (it was, as a one-hour appointment).
  expect(heldTime(monday, "10:00", { unit: "days", count: 1 }, hours, tz)).toBeNull();
  // One hour of the day already taken: the day is not offered at all.
  take(slots, monday, "15:00");
  expect(offeredStartTimes(monday, { unit: "days", count: 1 }, slots, ctx)).toEqual([]);
});

test("three days need three free days; the end is the third day's closing, the calendar event that long", () => {
  const slots = freeSlots(monday, 14);
  const three: BookingLength = { unit: "days", count: 3 };
  const held = heldTime(monday, "09:00", three, hours, tz);
  expect(held?.end).toEqual({ date: addDays(monday, 2), time: "17:00" });
  expect(held?.minutes).toBe(2 * 24 * 60 + 8 * 60);
  expect(held?.slots).toHaveLength(24);
  take(slots, addDays(monday, 2), "16:00");
  // Monday and Tuesday would reach the taken Wednesday hour; Thursday's three days are free.
  expect(offeredStartTimes(monday, three, slots, ctx)).toEqual([]);
  expect(offeredStartTimes(addDays(monday, 1), three, slots, ctx)).toEqual([]);
  expect(offeredStartTimes(addDays(monday, 3), three, slots, ctx)).toEqual(["09:00"]);
});

test("a length that would run past the booking window (where no slots exist yet) is not offered", () => {
  const slots = freeSlots(monday, 40);
  const twoWeeks: BookingLength = { unit: "days", count: 14 };
  // The window ends 30 days after today (6 December): a two-week booking must start by 23 December.
  expect(canHold({ date: "2026-12-23", time: "09:00" }, twoWeeks, slots, ctx)).not.toBeNull();
  expect(canHold({ date: "2026-12-24", time: "09:00" }, twoWeeks, slots, ctx)).toBeNull();
});

test("property: every hours start offered ends by closing and holds only free slots; every free fitting start is offered", () => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let round = 0; round < 60; round++) {
    const date = addDays(monday, Math.floor(random() * 6));
    const slots = freeSlots(date, 1);
    for (const time of slotTimesForDate(date, hours, tz)) if (random() < 0.3) take(slots, date, time);
    const count = 1 + Math.floor(random() * 9);
    const length: BookingLength = { unit: "hours", count };
    const offered = offeredStartTimes(date, length, slots, ctx);
    for (const time of slotTimesForDate(date, hours, tz)) {
      const start = Number(time.slice(0, 2));
      const fits = start + count <= 17;
      let free = true;
      for (let h = start; h < start + count; h++) {
        const s = slots.get(slotKey({ date, time: `${String(h).padStart(2, "0")}:00` }));
        if (!s || s.currentBookings >= s.maxBookings) free = false;
      }
      expect(offered.includes(time)).toBe(fits && free);
    }
  }
});

test("property: a days start is offered exactly when every slot of its days is free, closed days holding nothing", () => {
  let seed = 11;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let round = 0; round < 60; round++) {
    const slots = freeSlots(monday, 21);
    const takenDay = addDays(monday, Math.floor(random() * 21));
    if (dayOfWeek(takenDay) !== 0) take(slots, takenDay, "12:00");
    const count = 1 + Math.floor(random() * 5);
    const date = addDays(monday, Math.floor(random() * 14));
    const offered = offeredStartTimes(date, { unit: "days", count }, slots, ctx);
    const open = dayOfWeek(date) !== 0;
    const covers = dayOfWeek(takenDay) !== 0 && takenDay >= date && takenDay <= addDays(date, count - 1);
    expect(offered).toEqual(open && !covers ? ["09:00"] : []);
  }
});

test("hourly surveillance costs hours x the hourly rate shown, in whole cents", () => {
  const hourly = { price: "85.00", unit: "hour", minimumUnits: 4, lengthUnit: "hours", lengthCount: 4 };
  for (const h of [4, 5, 7, 9]) {
    expect(bookingPrice(hourly, true, 50, h, shippedVolumeBands)).toMatchObject({ servicePrice: 85 * h, originalPrice: 85 * h, units: h });
    const rate = hourlyRate(hourly, false, 50);
    const charged = bookingPrice(hourly, false, 50, h, shippedVolumeBands).servicePrice;
    expect(Math.round(charged * 100)).toBe(Math.round(rate * 100) * h);
    expect(Number.isInteger(Math.round(charged * 100))).toBe(true);
  }
  // Fewer than the minimum are never priced below it; other packages ignore hours.
  expect(bookingPrice(hourly, true, 50, 2, shippedVolumeBands).servicePrice).toBe(340);
  expect(
    bookingPrice({ price: "295.00", unit: "once", minimumUnits: 1, lengthUnit: "days", lengthCount: 1 }, true, 50, 9, shippedVolumeBands).servicePrice,
  ).toBe(295);
  const odd = { price: "33.33", unit: "hour", minimumUnits: 4, lengthUnit: "hours", lengthCount: 4 };
  expect(bookingPrice(odd, true, 0, 7, shippedVolumeBands).servicePrice).toBe(233.31);
});
