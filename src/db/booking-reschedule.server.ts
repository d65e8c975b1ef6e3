/**
 * A customer moves their own booking to another free time (decision 031). Everything happens in one
 * synchronous IMMEDIATE transaction: the booking is read, the new slot taken by one guarded
 * UPDATE (as a new booking takes it, decision 005), the old place freed, the booking moved with
 * its invitation's SEQUENCE raised (decision 028), and the e-mails queued. Twenty customers
 * moving onto one free place at once: exactly one gets it.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeMoveDeadline, customerMayMove } from "../domain/booking";
import { isBookableDate, slotHasPassed } from "../domain/slots";
import { type Booking, findOwnBooking, nextIcsSequence, releaseSlot } from "./bookings.server";
import { immediate, type Db } from "./client.server";
import { bookings, timeSlots } from "./schema";

export type RescheduleOutcome =
  | { ok: true; booking: Booking; before: Booking }
  | { ok: false; reason: "not_found" | "cutoff_passed" | "same_time" | "slot_unavailable" }
  | { ok: false; reason: "not_movable"; status: Booking["status"] };

export type RescheduleInput = {
  bookingId: string;
  userId: string;
  appointmentDate: string;
  appointmentTime: string;
  now: Date;
  timeZone: string;
  /** Hours before the current appointment after which the customer can no longer move it (settings). */
  cutoffHours: number;
};

/**
 * Moves the user's own active booking to `appointmentDate` at `appointmentTime`, while the current
 * appointment is more than `cutoffHours` away. `queueMail` runs in the same transaction with the
 * moved booking and the booking as it was.
 */
export function rescheduleOwnBooking(db: Db, input: RescheduleInput, queueMail: (booking: Booking, before: Booking) => void): RescheduleOutcome {
  return immediate(db, (): RescheduleOutcome => {
    const before = findOwnBooking(db, input.bookingId, input.userId);
    if (!before) return { ok: false, reason: "not_found" };
    if (!customerMayMove(before.status)) return { ok: false, reason: "not_movable", status: before.status };
    if (!beforeMoveDeadline(before, input.now, input.timeZone, input.cutoffHours)) return { ok: false, reason: "cutoff_passed" };
    const { appointmentDate: date, appointmentTime: time } = input;
    if (date === before.appointmentDate && time === before.appointmentTime) return { ok: false, reason: "same_time" };
    if (!isBookableDate(date, input.now, input.timeZone) || slotHasPassed(date, time, input.now, input.timeZone)) {
      return { ok: false, reason: "slot_unavailable" };
    }

    // One guarded statement takes a place in the new slot, or nothing when it is full or blocked.
    const slot = db
      .update(timeSlots)
      .set({ currentBookings: sql`${timeSlots.currentBookings} + 1`, updatedAt: input.now })
      .where(
        and(eq(timeSlots.date, date), eq(timeSlots.time, time), eq(timeSlots.isAvailable, true), sql`${timeSlots.currentBookings} < ${timeSlots.maxBookings}`),
      )
      .returning({ id: timeSlots.id })
      .get();
    if (!slot) return { ok: false, reason: "slot_unavailable" };

    const booking = db
      .update(bookings)
      .set({ appointmentDate: date, appointmentTime: time, timeSlotId: slot.id, icsSequence: nextIcsSequence, updatedAt: input.now })
      .where(
        and(
          eq(bookings.id, before.id),
          eq(bookings.status, before.status),
          eq(bookings.appointmentDate, before.appointmentDate),
          eq(bookings.appointmentTime, before.appointmentTime),
        ),
      )
      .returning()
      .get();
    // Read and written under one write lock, so the guard always matches; kept as a safety net.
    if (!booking) throw new Error(`booking ${before.id} changed while it was being moved`);
    releaseSlot(db, before);
    queueMail(booking, before);
    return { ok: true, booking, before };
  });
}
