/** Time slots: generated idempotently from the business hours, listed free for a date. */
import { and, gte, lte } from "drizzle-orm";
import { businessToday, lastBookableDate, slotHasPassed, slotTimesForDate, type BusinessHours } from "../domain/slots";
import { addDays, daysBetween } from "../domain/timezone";
import { type HeldSlotRow, slotStates } from "./bookings.server";
import { immediate, type Db } from "./client.server";
import { timeSlots } from "./schema";

/**
 * Creates the missing slots from `startDate` to `endDate`; returns how many were added. The times
 * are worked out before the transaction; inside it, one read of the slots already there and
 * inserts of the missing ones in batches, so the write lock is held briefly even for a month of
 * quarter-hours. An existing slot (booked, blocked or free) is never touched.
 */
export function generateSlots(db: Db, startDate: string, endDate: string, hours: BusinessHours, timeZone: string): number {
  const wanted: { date: string; time: string }[] = [];
  for (let i = 0; i <= daysBetween(startDate, endDate); i++) {
    const date = addDays(startDate, i);
    for (const time of slotTimesForDate(date, hours, timeZone)) wanted.push({ date, time });
  }
  if (wanted.length === 0) return 0;
  return immediate(db, () => {
    const existing = new Set(
      db
        .select({ date: timeSlots.date, time: timeSlots.time })
        .from(timeSlots)
        .where(and(gte(timeSlots.date, startDate), lte(timeSlots.date, endDate)))
        .all()
        .map((s) => `${s.date} ${s.time}`),
    );
    const missing = wanted.filter((s) => !existing.has(`${s.date} ${s.time}`));
    let added = 0;
    for (let i = 0; i < missing.length; i += insertBatch) {
      added += db
        .insert(timeSlots)
        .values(missing.slice(i, i + insertBatch))
        .onConflictDoNothing()
        .returning({ id: timeSlots.id })
        .all().length;
    }
    return added;
  });
}

/** Rows per INSERT: well under SQLite's limit on bound parameters. */
const insertBatch = 200;

/**
 * Makes sure every slot of the booking window (today to 30 days ahead in the business timezone)
 * exists: one IMMEDIATE transaction that only inserts what is missing, so it never duplicates a
 * slot and never touches one that is booked or blocked. The work is bounded by the window: at
 * most 31 days of the business hours' slots. Returns how many were added.
 */
export function fillSlotWindow(db: Db, now: Date, hours: BusinessHours, timeZone: string): number {
  return generateSlots(db, businessToday(now, timeZone), lastBookableDate(now, timeZone), hours, timeZone);
}

/**
 * The dates from `from` to `to` that still have a bookable time (open, on a day that is not closed,
 * with room, not started), in order: the calendar marks the others and offers the next of these
 * when a day is full. Slots are read through `slotStates`, which applies closed days (decision 077).
 */
export function datesWithFreeSlots(db: Db, from: string, to: string, now: Date, timeZone: string): string[] {
  const dates: string[] = [];
  for (const s of slotStates(db, from, to).values()) {
    if (dates.at(-1) === s.date || !isFree(s, now, timeZone)) continue;
    dates.push(s.date);
  }
  return dates;
}

export type FreeSlot = { id: number; date: string; time: string; remaining: number };

/** True when a slot can still be booked: available, not on a closed day, with room, and not yet started. */
const isFree = (s: HeldSlotRow, now: Date, timeZone: string) =>
  s.isAvailable && s.currentBookings < s.maxBookings && !slotHasPassed(s.date, s.time, now, timeZone);

/** The slots of `date` that can still be booked: available, not on a closed day, with room, and not yet started. */
export function freeSlots(db: Db, date: string, now: Date, timeZone: string): FreeSlot[] {
  return [...slotStates(db, date, date).values()]
    .filter((s) => isFree(s, now, timeZone))
    .map((s) => ({ id: s.id, date: s.date, time: s.time, remaining: s.maxBookings - s.currentBookings }));
}
