/**
 * A customer moves their own booking to another free time (decision 031). Everything happens in one
 * synchronous IMMEDIATE transaction: the booking is read, the new slot taken by one guarded
 * UPDATE (as a new booking takes it, decision 005), the old place freed, the booking moved with
 * its invitation's SEQUENCE raised (decision 028), and the e-mails queued. Twenty customers
 * moving onto one free place at once: exactly one gets it.
 */
import { and, eq } from "drizzle-orm";
import { beforeMoveDeadline, customerMayMove } from "../domain/booking";
import { type BusinessHours, isBookableDate, slotHasPassed, slotKey } from "../domain/slots";
import {
  type Booking,
  checkHold,
  findOwnBooking,
  heldSlotIds,
  holdMovedBooking,
  nextIcsSequence,
  releaseSlot,
  slotStates,
  storedLength,
} from "./bookings.server";
import { immediate, type Db } from "./client.server";
import { getSettings } from "./settings.server";
import { bookings } from "./schema";

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
  /** The opening hours the booking's length must fit (the settings' when left out). */
  businessHours?: BusinessHours;
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

    // The new time must hold the booking's whole length (decision 070); the places it holds now
    // count as free for it, so a three-day booking can move one day on.
    const length = storedLength(before);
    const own = heldSlotIds(db, before.id);
    if (before.timeSlotId && own.size === 0) own.add(before.timeSlotId);
    const ctx = { hours: input.businessHours ?? getSettings(db).businessHours, timeZone: input.timeZone, now: input.now };
    let hold: ReturnType<typeof checkHold>;
    if (length) hold = checkHold(db, { date, time }, length, ctx, own);
    else {
      // A booking made before lengths holds its one slot, as it did.
      const slots = slotStates(db, date, date);
      const slot = slots.get(slotKey({ date, time }));
      const room = slot?.isAvailable && slot.currentBookings - (own.has(slot.id) ? 1 : 0) < slot.maxBookings;
      hold = room
        ? { ok: true, held: { slots: [{ date, time }], end: { date, time }, minutes: before.duration }, slots }
        : { ok: false, reason: "slot_unavailable" };
    }
    if (!hold.ok) return { ok: false, reason: "slot_unavailable" };
    const slot = hold.slots.get(slotKey({ date, time }));
    const details = length ? { ...before.bookingDetails, endDate: hold.held.end.date, endTime: hold.held.end.time } : before.bookingDetails;

    const booking = db
      .update(bookings)
      .set({
        appointmentDate: date,
        appointmentTime: time,
        timeSlotId: slot?.id ?? null,
        duration: hold.held.minutes,
        bookingDetails: details,
        icsSequence: nextIcsSequence,
        updatedAt: input.now,
      })
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
    holdMovedBooking(db, before.id, hold.held, hold.slots, input.now);
    queueMail(booking, before);
    return { ok: true, booking, before };
  });
}
