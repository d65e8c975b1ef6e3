/**
 * What the booking calendar shows: the free times of one date and the dates of the booking window
 * (today to +30 days, decision 029) that still have one, on the business's own days. For a chosen
 * package, a time is free only when the package's whole length fits the opening hours and every
 * slot it would hold is free (decision 070): a day's surveillance starts at opening, three days need
 * three free days.
 */
import { slotStates } from "../db/bookings.server";
import { findServicePrice } from "../db/pricing.server";
import { getSettings } from "../db/settings.server";
import { datesWithFreeSlots, freeSlots } from "../db/timeslots.server";
import { addDays, daysBetween } from "../domain/timezone";
import { type BookingLength, businessToday, isBookableDate, lastBookableDate, lastHeldDate, offeredStartTimes, packageLength } from "../domain/slots";
import type { ReadDeps } from "./read";

/** A free time as the calendar lists it. */
export type FreeTime = { id: number; date: string; time: string };

/** Which package (pricing row id) and, for an hourly one, how many hours the times are for. */
export type LengthWanted = { service?: string; hours?: number };

/** The length the times are for: the package's (with the hours chosen), or null for one slot (no package named). */
function lengthFor(deps: ReadDeps, wanted: LengthWanted): BookingLength | null {
  if (!wanted.service) return null;
  const pkg = findServicePrice(deps.db, wanted.service);
  if (pkg?.kind !== "package" || !pkg.isActive) return null;
  // Fewer hours than the minimum are shown the minimum's times; the booking itself is refused.
  return packageLength(pkg, wanted.hours) ?? packageLength(pkg);
}

/** The free times of `date` (YYYY-MM-DD) for the package wanted, none for a date outside the booking window. */
export function freeTimesOn(deps: ReadDeps, date: string, now = new Date(), wanted: LengthWanted = {}): FreeTime[] {
  const settings = getSettings(deps.db);
  if (!isBookableDate(date, now, settings.timezone)) return [];
  const length = lengthFor(deps, wanted);
  if (!length) return freeSlots(deps.db, date, now, settings.timezone).map((s) => ({ id: s.id, date: s.date, time: s.time }));
  const slots = slotStates(deps.db, date, lastHeldDate(date, length));
  const ctx = { hours: settings.businessHours, timeZone: settings.timezone, now };
  return offeredStartTimes(date, length, slots, ctx).flatMap((time) => {
    const slot = slots.get(`${date} ${time}`);
    return slot ? [{ id: slot.id, date, time }] : [];
  });
}

/** The booking window, today to its last bookable date, and the dates in it with a free time for the package wanted. */
export function bookingWindowDays(deps: ReadDeps, now = new Date(), wanted: LengthWanted = {}): { from: string; to: string; dates: string[] } {
  const settings = getSettings(deps.db);
  const from = businessToday(now, settings.timezone);
  const to = lastBookableDate(now, settings.timezone);
  const length = lengthFor(deps, wanted);
  if (!length) return { from, to, dates: datesWithFreeSlots(deps.db, from, to, now, settings.timezone) };
  // One read of the window's slots; each day is then judged by the same rule as a booking.
  const slots = slotStates(deps.db, from, to);
  const ctx = { hours: settings.businessHours, timeZone: settings.timezone, now };
  const dates: string[] = [];
  for (let i = 0; i <= daysBetween(from, to); i++) {
    const date = addDays(from, i);
    if (offeredStartTimes(date, length, slots, ctx).length > 0) dates.push(date);
  }
  return { from, to, dates };
}
