/**
 * South Australia's public holidays (decision 077), from the `date-holidays` package: the business
 * is closed on them unless the owner reopens one. Only whole days count: Christmas Eve and New
 * Year's Eve are holidays from 7 pm only, after the working day, so they stay open.
 */
import Holidays from "date-holidays";

let calendar: Holidays | undefined;
const byYear = new Map<number, Map<string, string>>();

/** The whole-day public holidays of `year`, date (YYYY-MM-DD) to name; a substitute day is named as such. */
function holidaysOf(year: number): Map<string, string> {
  let days = byYear.get(year);
  if (days) return days;
  calendar ??= new Holidays("AU", "SA", { types: ["public"] });
  days = new Map();
  for (const h of calendar.getHolidays(year)) {
    const [date, time] = h.date.split(" ") as [string, string | undefined];
    if (time && time !== "00:00:00") continue;
    const name = h.substitute ? `${h.name} (substitute day)` : h.name;
    days.set(date, days.has(date) ? `${days.get(date)}, ${name}` : name);
  }
  byYear.set(year, days);
  return days;
}

/** The name of the public holiday on `date` (YYYY-MM-DD) in South Australia, or null on a working day. */
export function publicHoliday(date: string): string | null {
  const year = Number(date.slice(0, 4));
  if (!Number.isInteger(year)) return null;
  return holidaysOf(year).get(date) ?? null;
}
