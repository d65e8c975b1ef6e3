/**
 * Appointment slots: which times a day offers under the business hours, and the window in which
 * slots may be generated (today to 30 days ahead, judged in the business timezone).
 */
import { addDays, dayOfWeek, daysBetween, isIsoDate, localDate, zonedToInstant } from "./timezone";

export type BusinessHours = { start: string; end: string; slotMinutes: number; days: number[] };

/** How far ahead slots may be generated and booked. */
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

/** Why a generation range is refused, or null when it is inside today..today+30 and ordered. */
export function generationRangeProblem(startDate: string, endDate: string, now: Date, timeZone: string): string | null {
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return "Dates must be real dates written YYYY-MM-DD";
  const today = businessToday(now, timeZone);
  if (daysBetween(today, startDate) < 0) return "The start date cannot be in the past";
  if (daysBetween(startDate, endDate) < 0) return "The end date must not be before the start date";
  if (daysBetween(today, endDate) > bookingWindowDays) return `Slots can only be generated up to ${bookingWindowDays} days ahead`;
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
