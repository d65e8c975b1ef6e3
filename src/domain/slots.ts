/**
 * Appointment slots: which times a day offers under the business hours, the window customers may
 * book in (today to 30 days ahead, judged in the business timezone), and the ranges of days the
 * owner may look at or generate slots for.
 */
import { addDays, dayOfWeek, daysBetween, isIsoDate, localDate, zonedToInstant } from "./timezone";

export type BusinessHours = { start: string; end: string; slotMinutes: number; days: number[] };

/** How far ahead customers may book (and the site keeps slots made). */
export const bookingWindowDays = 30;

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
};
const toHHMM = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The slot start times of a date: every `slotMinutes` from `start` while a whole slot fits before
 * `end`, on the business days only, leaving out wall-clock times that do not exist that day.
 */
export function slotTimesForDate(date: string, hours: BusinessHours, timeZone: string): string[] {
  if (!hours.days.includes(dayOfWeek(date))) return [];
  const times: string[] = [];
  for (let m = toMinutes(hours.start); m + hours.slotMinutes <= toMinutes(hours.end); m += hours.slotMinutes) {
    const time = toHHMM(m);
    if (zonedToInstant(date, time, timeZone)) times.push(time);
  }
  return times;
}

/** Today in the business timezone. */
export function businessToday(now: Date, timeZone: string): string {
  return localDate(now, timeZone);
}

/** The last bookable date: today + 30 days. */
export function lastBookableDate(now: Date, timeZone: string): string {
  return addDays(businessToday(now, timeZone), bookingWindowDays);
}

/** The most days the owner's slot overview or one generation of slots covers. */
export const maxSlotRangeDays = 90;

/** Why a range of days is refused: the message, and the field it concerns with that field's own message. */
export type SlotRangeProblem = { message: string; field: "from" | "to"; fieldMessage: string };

/**
 * Why the range of days the owner asked for (the slot overview, or with `future` a generation of
 * slots) is refused, or null: a generation starting before `today` (the business's), an end before
 * the start, or more than `maxSlotRangeDays` days. Dates are YYYY-MM-DD.
 */
export function slotRangeProblem(from: string, to: string, today: string, { future }: { future: boolean }): SlotRangeProblem | null {
  if (future && daysBetween(today, from) < 0)
    return { message: "Slots cannot be made for past days.", field: "from", fieldMessage: "Choose today or a later day" };
  if (daysBetween(from, to) < 0)
    return { message: "The end date must not be before the start date.", field: "to", fieldMessage: "Choose a day on or after the start" };
  if (daysBetween(from, to) >= maxSlotRangeDays)
    return { message: `Choose at most ${maxSlotRangeDays} days at a time.`, field: "to", fieldMessage: `At most ${maxSlotRangeDays} days after the start` };
  return null;
}

/** True when the slot's start has already passed (or is not a real time) in the business timezone. */
export function slotHasPassed(date: string, time: string, now: Date, timeZone: string): boolean {
  const instant = zonedToInstant(date, time, timeZone);
  return !instant || instant.getTime() <= now.getTime();
}

/** True when `date` is a date a customer may book: today up to 30 days ahead. */
export function isBookableDate(date: string, now: Date, timeZone: string): boolean {
  if (!isIsoDate(date)) return false;
  const diff = daysBetween(businessToday(now, timeZone), date);
  return diff >= 0 && diff <= bookingWindowDays;
}
