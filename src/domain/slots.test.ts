import { describe, expect, test } from "bun:test";
import { isBookableDate, lastBookableDate, maxSlotRangeDays, slotHasPassed, slotRangeProblem, slotTimesForDate, businessToday } from "./slots";
import { addDays, dayOfWeek, daysBetween, isIsoDate, localDate, isoWithOffset, localTime, offsetMinutes, zonedToInstant } from "./timezone";

const tz = "Australia/Adelaide";
const hours = { start: "09:00", end: "17:00", slotMinutes: 60, days: [1, 2, 3, 4, 5, 6] };

describe("timezone", () => {
  test("Adelaide is +9:30 in winter and +10:30 in summer", () => {
    expect(offsetMinutes(new Date("2026-07-01T00:00:00Z"), tz)).toBe(570);
    expect(offsetMinutes(new Date("2026-12-01T00:00:00Z"), tz)).toBe(630);
  });

  test("local times map to the right instants on both sides of the changes", () => {
    expect(zonedToInstant("2026-07-01", "09:00", tz)!.toISOString()).toBe("2026-06-30T23:30:00.000Z");
    expect(zonedToInstant("2026-12-01", "09:00", tz)!.toISOString()).toBe("2026-11-30T22:30:00.000Z");
  });

  test("first Sunday of October 2026: 02:00 jumps to 03:00, so 02:30 does not exist", () => {
    expect(zonedToInstant("2026-10-04", "02:30", tz)).toBeNull();
    expect(zonedToInstant("2026-10-04", "01:30", tz)!.toISOString()).toBe("2026-10-03T16:00:00.000Z"); // +9:30
    expect(zonedToInstant("2026-10-04", "03:00", tz)!.toISOString()).toBe("2026-10-03T16:30:00.000Z"); // +10:30
    expect(zonedToInstant("2026-10-04", "09:00", tz)!.toISOString()).toBe("2026-10-03T22:30:00.000Z");
  });

  test("first Sunday of April 2026: 03:00 falls back to 02:00, so 02:30 happens twice (first is used)", () => {
    expect(zonedToInstant("2026-04-05", "02:30", tz)!.toISOString()).toBe("2026-04-04T16:00:00.000Z"); // +10:30
    expect(zonedToInstant("2026-04-05", "09:00", tz)!.toISOString()).toBe("2026-04-04T23:30:00.000Z"); // +9:30
  });

  test("round trips and calendar helpers", () => {
    const instant = zonedToInstant("2026-11-21", "14:00", tz)!;
    expect(localDate(instant, tz)).toBe("2026-11-21");
    expect(localTime(instant, tz)).toBe("14:00");
    expect(isoWithOffset(new Date("2026-11-21T13:35:07Z"), tz)).toBe("2026-11-22T00:05:07+10:30");
    expect(isoWithOffset(new Date("2026-06-01T02:00:00Z"), tz)).toBe("2026-06-01T11:30:00+09:30");
    expect(isoWithOffset(new Date("2026-06-01T02:00:00Z"), "America/New_York")).toBe("2026-05-31T22:00:00-04:00");
    expect(isoWithOffset(new Date("2026-06-01T02:00:00Z"), "UTC")).toBe("2026-06-01T02:00:00+00:00");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(dayOfWeek("2026-11-22")).toBe(0);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-2-3")).toBe(false);
  });
});

describe("slots", () => {
  test("business hours give hourly slots that fit before closing, on business days only", () => {
    expect(slotTimesForDate("2026-11-23", hours, tz)).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
    expect(slotTimesForDate("2026-11-22", hours, tz)).toEqual([]); // a Sunday
    expect(slotTimesForDate("2026-11-23", { ...hours, start: "09:30", end: "12:00", slotMinutes: 45 }, tz)).toEqual(["09:30", "10:15", "11:00"]);
  });

  test("a day with a skipped hour leaves that hour out", () => {
    const night = { start: "00:00", end: "05:00", slotMinutes: 30, days: [0] };
    expect(slotTimesForDate("2026-10-04", night, tz)).toEqual(["00:00", "00:30", "01:00", "01:30", "03:00", "03:30", "04:00", "04:30"]);
    // The autumn change repeats an hour: each wall-clock time is still offered once.
    expect(slotTimesForDate("2026-04-05", night, tz)).toEqual(["00:00", "00:30", "01:00", "01:30", "02:00", "02:30", "03:00", "03:30", "04:00", "04:30"]);
  });

  test("today is judged in Adelaide, not UTC", () => {
    // 20:00 UTC on the 21st is already 06:30 on the 22nd in Adelaide.
    expect(businessToday(new Date("2026-11-21T20:00:00Z"), tz)).toBe("2026-11-22");
    expect(lastBookableDate(new Date("2026-11-21T20:00:00Z"), tz)).toBe("2026-12-22");
  });

  test("the owner's range of slot days: a generation from today, the end not before the start, at most 90 days", () => {
    const today = "2026-11-21";
    const generation = { future: true };
    expect(slotRangeProblem(today, "2027-02-18", today, generation)).toBeNull();
    expect(daysBetween(today, "2027-02-18")).toBe(maxSlotRangeDays - 1);
    expect(slotRangeProblem(today, "2027-02-19", today, generation)).toEqual({
      message: "Choose at most 90 days at a time.",
      field: "to",
      fieldMessage: "At most 90 days after the start",
    });
    expect(slotRangeProblem("2026-11-20", "2026-11-25", today, generation)).toEqual({
      message: "Slots cannot be made for past days.",
      field: "from",
      fieldMessage: "Choose today or a later day",
    });
    expect(slotRangeProblem("2026-11-25", "2026-11-24", today, generation)).toEqual({
      message: "The end date must not be before the start date.",
      field: "to",
      fieldMessage: "Choose a day on or after the start",
    });
    // The overview may look back: only its order and length are checked.
    expect(slotRangeProblem("2026-11-01", "2026-11-25", today, { future: false })).toBeNull();
    expect(slotRangeProblem("2026-08-01", "2026-11-25", today, { future: false })?.field).toBe("to");
  });

  test("customers book today to 30 days ahead", () => {
    const now = new Date("2026-11-21T02:00:00Z"); // 12:30 in Adelaide on the 21st
    expect(isBookableDate("2026-12-21", now, tz)).toBe(true);
    expect(isBookableDate("2026-12-22", now, tz)).toBe(false);
    expect(isBookableDate("2026-11-20", now, tz)).toBe(false);
  });

  test("slots earlier today are past", () => {
    const now = new Date("2026-11-21T02:00:00Z"); // 12:30 local
    expect(slotHasPassed("2026-11-21", "12:00", now, tz)).toBe(true);
    expect(slotHasPassed("2026-11-21", "13:00", now, tz)).toBe(false);
  });
});

// The e2e booking specs cannot set the binary's clock, so the server's side of booking on these
// dates is proved here with an injected `now` (tests/e2e/booking.spec.ts explains the split).
describe("booking on awkward dates", () => {
  const cases = [
    // [now, Adelaide's today, last bookable day, what the moment is]
    ["2026-11-30T12:59:00Z", "2026-11-30", "2026-12-30", "23:29 on a month's last day (summer time, +10:30)"],
    ["2026-11-30T13:30:00Z", "2026-12-01", "2026-12-31", "just after midnight into December, still 30 November in UTC"],
    ["2026-12-31T13:00:00Z", "2026-12-31", "2027-01-30", "23:30 on New Year's Eve: the window runs into the next year"],
    ["2026-12-31T13:31:00Z", "2027-01-01", "2027-01-31", "New Year's Day in Adelaide while UTC is still in 2026"],
    ["2026-04-04T15:00:00Z", "2026-04-05", "2026-05-05", "01:30 on April's first Sunday, before clocks go back"],
    ["2026-04-05T14:00:00Z", "2026-04-05", "2026-05-05", "23:30 that Sunday, after the change (+9:30)"],
    ["2026-10-03T16:00:00Z", "2026-10-04", "2026-11-03", "01:30 on October's first Sunday, before clocks go forward"],
    ["2026-10-04T13:00:00Z", "2026-10-04", "2026-11-03", "23:30 that Sunday, after the change (+10:30)"],
  ] as const;

  for (const [instant, today, lastDay, what] of cases) {
    test(`${what}: today ${today}, bookable to ${lastDay}`, () => {
      const now = new Date(instant);
      expect(businessToday(now, tz)).toBe(today);
      expect(lastBookableDate(now, tz)).toBe(lastDay);
      expect(isBookableDate(today, now, tz)).toBe(true);
      expect(isBookableDate(addDays(today, -1), now, tz)).toBe(false);
      expect(isBookableDate(lastDay, now, tz)).toBe(true);
      expect(isBookableDate(addDays(lastDay, 1), now, tz)).toBe(false);
      expect(slotRangeProblem(businessToday(now, tz), lastDay, today, { future: true })).toBeNull();
      expect(slotRangeProblem(addDays(today, -1), lastDay, today, { future: true })?.message).toBe("Slots cannot be made for past days.");
      // Every one of today's slots that starts before now has passed; tomorrow's have not.
      const nowLocal = localTime(now, tz);
      for (const time of slotTimesForDate(today, hours, tz)) expect(slotHasPassed(today, time, now, tz)).toBe(time <= nowLocal);
      for (const time of slotTimesForDate(addDays(today, 1), hours, tz)) expect(slotHasPassed(addDays(today, 1), time, now, tz)).toBe(false);
    });
  }

  test("on the spring-forward Sunday the skipped 02:30 is never bookable; on the autumn one 02:30 is the first of the two", () => {
    const before = new Date("2026-10-03T14:00:00Z"); // 23:30 on Saturday 3 October
    expect(slotHasPassed("2026-10-04", "02:30", before, tz)).toBe(true);
    expect(slotHasPassed("2026-10-04", "03:00", before, tz)).toBe(false);
    const autumn = new Date("2026-04-04T14:00:00Z"); // 00:30 on Sunday 5 April (+10:30)
    expect(slotHasPassed("2026-04-05", "02:30", autumn, tz)).toBe(false);
    expect(zonedToInstant("2026-04-05", "02:30", tz)!.toISOString()).toBe("2026-04-04T16:00:00.000Z");
  });
});
