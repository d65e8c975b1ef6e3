import { expect, test } from "bun:test";
import { publicHoliday } from "./holidays";

test("South Australia's whole-day public holidays, named; the 7 pm ones and working days are not", () => {
  expect(publicHoliday("2026-12-25")).toBe("Christmas Day");
  expect(publicHoliday("2026-12-26")).toBe("Proclamation Day");
  expect(publicHoliday("2026-12-28")).toBe("Proclamation Day (substitute day)");
  expect(publicHoliday("2027-03-08")).toBe("Adelaide Cup Day");
  expect(publicHoliday("2026-03-09")).toBe("Adelaide Cup Day");
  expect(publicHoliday("2026-10-05")).toBe("Labour Day");
  // Christmas Eve and New Year's Eve are holidays from 7 pm only: the working day stays open.
  expect(publicHoliday("2026-12-24")).toBeNull();
  expect(publicHoliday("2026-12-31")).toBeNull();
  expect(publicHoliday("2026-12-29")).toBeNull();
  expect(publicHoliday("not a date")).toBeNull();
});
