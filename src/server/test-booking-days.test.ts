/**
 * The day the tests book "a few days ahead" must be a day the business is open, whatever date the
 * tests run on: Sundays and public holidays are closed (decision 077), and a booking there is
 * refused, so a test run near Christmas failed when its day landed on 25, 26 or 28 December.
 */
import { afterEach, expect, setSystemTime, test } from "bun:test";
import { businessDayAhead } from "../../tests/factories";
import { businessDayAfter } from "../../tests/e2e/helpers";
import { publicHoliday } from "../domain/holidays";
import { addDays, dayOfWeek } from "../domain/timezone";

afterEach(() => setSystemTime());

const open = (day: string) => dayOfWeek(day) !== 0 && publicHoliday(day) === null;

test("three days ahead of 22 December 2026 is the 29th: Christmas, Proclamation Day, a Sunday and its substitute Monday are closed", () => {
  // Tuesday 22 December, 10:30 in Adelaide.
  setSystemTime(new Date("2026-12-22T00:00:00Z"));
  const day = businessDayAhead();
  expect(day).toBe("2026-12-29");
  expect(open(day)).toBe(true);
  for (const closed of ["2026-12-25", "2026-12-26", "2026-12-27", "2026-12-28"]) expect(open(closed)).toBe(false);
  // Christmas Eve is a holiday only from 7 pm: open for the working day.
  expect(businessDayAhead(2)).toBe("2026-12-24");
  // The Playwright specs' helper follows the same rule.
  expect(businessDayAfter("2026-12-22")).toBe("2026-12-29");
});

test("from any day of two years, the day is open, at least `ahead` days out, and the first such day", () => {
  for (let from = "2026-01-01"; from <= "2027-12-31"; from = addDays(from, 1)) {
    for (const ahead of [1, 2, 3, 5]) {
      const day = businessDayAhead(ahead, from);
      expect(open(day)).toBe(true);
      expect(day >= addDays(from, ahead)).toBe(true);
      for (let between = addDays(from, ahead); between < day; between = addDays(between, 1)) expect(open(between)).toBe(false);
    }
    expect(businessDayAfter(from)).toBe(businessDayAhead(3, from));
  }
});
