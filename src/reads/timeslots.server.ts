/**
 * What the booking calendar shows: the free times of one date and the dates of the booking window
 * (today to +30 days, decision 029) that still have one, on the business's own days.
 */
import { getSettings } from "../db/settings.server";
import { datesWithFreeSlots, freeSlots } from "../db/timeslots.server";
import { businessToday, isBookableDate, lastBookableDate } from "../domain/slots";
import type { ReadDeps } from "./read";

/** A free time as the calendar lists it. */
export type FreeTime = { id: number; date: string; time: string };

/** The free times of `date` (YYYY-MM-DD), none for a date outside the booking window. */
export function freeTimesOn(deps: ReadDeps, date: string, now = new Date()): FreeTime[] {
  const settings = getSettings(deps.db);
  if (!isBookableDate(date, now, settings.timezone)) return [];
  return freeSlots(deps.db, date, now, settings.timezone).map((s) => ({ id: s.id, date: s.date, time: s.time }));
}

/** The booking window, today to its last bookable date, and the dates in it with a free time. */
export function bookingWindowDays(deps: ReadDeps, now = new Date()): { from: string; to: string; dates: string[] } {
  const { timezone } = getSettings(deps.db);
  const from = businessToday(now, timezone);
  const to = lastBookableDate(now, timezone);
  return { from, to, dates: datesWithFreeSlots(deps.db, from, to, now, timezone) };
}
