/**
 * What a customer sees of their own bookings: the list, one booking by its id or its `BK-`
 * reference (decision 030), and the move page's choices (decision 031). Nobody else's booking is
 * ever found.
 */
import { findOwnBooking, findOwnBookingByReference, listBookings, type Booking } from "../db/bookings.server";
import { getSettings } from "../db/settings.server";
import { freeSlots } from "../db/timeslots.server";
import { beforeMoveDeadline, customerMayMove, moveDeadline } from "../domain/booking";
import { businessToday } from "../domain/slots";
import { addDays } from "../domain/timezone";
import { rescheduleMessages } from "../shared/booking-reschedule";
import type { ReadDeps } from "./read";

export type { Booking };

/** A day a booking can move to: its date and its free times. */
export type MoveDay = { date: string; times: string[] };

/** What the move page offers for one booking: where it can go, and until when. */
export type BookingMove = {
  booking: Booking;
  /** The last moment it can be moved online (ISO), or null when that has passed or it cannot move. */
  deadline: string | null;
  /** Why it cannot be moved online, when it cannot. */
  blocked: string | null;
  /** The days with free times, none when it cannot be moved. */
  days: MoveDay[];
};

/** The customer's own bookings. */
export function ownBookings(deps: ReadDeps, userId: string): Booking[] {
  return listBookings(deps.db, userId);
}

/** The customer's own booking with this id, or undefined (anyone else's is not found). */
export function ownBooking(deps: ReadDeps, bookingId: string, userId: string): Booking | undefined {
  return findOwnBooking(deps.db, bookingId, userId);
}

/** The customer's own booking with this reference (in capitals), or undefined. */
export function ownBookingByReference(deps: ReadDeps, reference: string, userId: string): Booking | undefined {
  return findOwnBookingByReference(deps.db, reference, userId);
}

/** The days from today to 30 days on with free times, leaving out the booking's own time. */
function daysWithFreeTimes(deps: ReadDeps, current: { appointmentDate: string; appointmentTime: string }, now: Date, timeZone: string): MoveDay[] {
  const today = businessToday(now, timeZone);
  const days: MoveDay[] = [];
  for (let i = 0; i <= 30; i++) {
    const date = addDays(today, i);
    const times = freeSlots(deps.db, date, now, timeZone)
      .map((s) => s.time)
      .filter((t) => !(date === current.appointmentDate && t === current.appointmentTime));
    if (times.length > 0) days.push({ date, times });
  }
  return days;
}

/**
 * The customer's own booking with what the move page offers for it: the free days before the
 * cut-off, or why it cannot be moved online; undefined when it is not theirs.
 */
export function ownBookingMove(deps: ReadDeps, bookingId: string, userId: string, now = new Date()): BookingMove | undefined {
  const booking = findOwnBooking(deps.db, bookingId, userId);
  if (!booking) return undefined;
  const settings = getSettings(deps.db);
  const hours = settings.rescheduleCutoffHours;
  const movable = customerMayMove(booking.status);
  const inTime = movable && beforeMoveDeadline(booking, now, settings.timezone, hours);
  const blocked = !movable ? rescheduleMessages.notMovable(booking.status) : !inTime ? rescheduleMessages.cutoff(hours) : null;
  const days = blocked ? [] : daysWithFreeTimes(deps, booking, now, settings.timezone);
  const deadline = inTime ? moveDeadline(booking.appointmentDate, booking.appointmentTime, settings.timezone, hours) : null;
  return { booking, deadline: deadline?.toISOString() ?? null, blocked, days };
}
