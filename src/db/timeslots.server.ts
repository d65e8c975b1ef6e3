/** Time slots: generated idempotently from the business hours, listed free for a date. */
import { and, asc, eq } from "drizzle-orm";
import { slotHasPassed, slotTimesForDate, type BusinessHours } from "../domain/slots";
import { addDays, daysBetween } from "../domain/timezone";
import { immediate, type Db } from "./client.server";
import { timeSlots } from "./schema";

/** Creates the missing slots from `startDate` to `endDate`; returns how many were added. */
export function generateSlots(db: Db, startDate: string, endDate: string, hours: BusinessHours, timeZone: string): number {
  return immediate(db, () => {
    let added = 0;
    for (let i = 0; i <= daysBetween(startDate, endDate); i++) {
      const date = addDays(startDate, i);
      for (const time of slotTimesForDate(date, hours, timeZone)) {
        const row = db.insert(timeSlots).values({ date, time }).onConflictDoNothing().returning({ id: timeSlots.id }).get();
        if (row) added++;
      }
    }
    return added;
  });
}

export type FreeSlot = { id: number; date: string; time: string; remaining: number };

/** The slots of `date` that can still be booked: available, with room, and not yet started. */
export function freeSlots(db: Db, date: string, now: Date, timeZone: string): FreeSlot[] {
  return db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.date, date), eq(timeSlots.isAvailable, true)))
    .orderBy(asc(timeSlots.time))
    .all()
    .filter((s) => s.currentBookings < s.maxBookings && !slotHasPassed(s.date, s.time, now, timeZone))
    .map((s) => ({ id: s.id, date: s.date, time: s.time, remaining: s.maxBookings - s.currentBookings }));
}
