/**
 * What a customer sees of their own bookings: the list, one booking by its id or its `BK-`
 * reference (decision 030) with what they may do with it now, and the move page's choices
 * (decision 031). Nobody else's booking is ever found.
 */
import { paymentOfBooking } from "../db/booking-payments.server";
import { findOwnBooking, findOwnBookingByReference, heldSlotIds, listBookings, slotStates, storedLength, type Booking } from "../db/bookings.server";
import { caseRoomTargetForClient } from "../db/case-rooms.server";
import { getSettings } from "../db/settings.server";
import { freeSlots } from "../db/timeslots.server";
import { beforeMoveDeadline, customerMayCancel, customerMayMove, isActiveBooking, moveDeadline } from "../domain/booking";
import { type BookingPayment, bookingMayBePaid } from "../domain/booking-payment";
import { type BusinessHours, businessToday, lastBookableDate, offeredStartTimes } from "../domain/slots";
import { addDays } from "../domain/timezone";
import { paypalConfig } from "../payments/paypal-config.server";
import { rescheduleMessages } from "../shared/booking-reschedule";
import type { BookingPlanData } from "../shared/payment-plan";
import { ownInvoicedPayments } from "./invoices.server";
import { bookingPlan } from "./payment-plans.server";
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

/**
 * Whether the customer may move a booking online now: until its deadline (an ISO instant), no
 * longer once the cut-off has passed, or never for a booking that is over or cancelled.
 */
export type MoveChance = { kind: "until"; deadline: string } | { kind: "too_late"; cutoffHours: number } | { kind: "never" };

/** One of the customer's bookings as its page shows it: the booking, its payment, and what may be done with it now. */
export type BookingPageView = {
  booking: Booking & { reference: string };
  payment: BookingPayment;
  /** The invoice of the payment that paid it ("INV-000042"), when it is paid. */
  invoiceNumber: string | null;
  /** What the customer may do now (the rules of `domain/booking.ts` and `domain/booking-payment.ts`). */
  may: { pay: boolean; cancel: boolean; move: MoveChance; addToCalendar: boolean };
  /** PayPal's client id for the payment dialog, or null when PayPal is not on offer. */
  paypalClientId: string | null;
  /** Whether the page offers PayPal's checkout now, so it must allow PayPal's hosts. */
  paypalCheckout: boolean;
  /** Whether its case room can be opened (always, unless it was cancelled before the room was made: decision 079). */
  caseRoom: boolean;
} & BookingPlanData;

/** The customer's own bookings. */
export function ownBookings(deps: ReadDeps, userId: string): Booking[] {
  return listBookings(deps.db, userId);
}

/** The customer's own booking with this id, or undefined (anyone else's is not found). */
export function ownBooking(deps: ReadDeps, bookingId: string, userId: string): Booking | undefined {
  return findOwnBooking(deps.db, bookingId, userId);
}

/**
 * The customer's own booking with this reference (in capitals) as its page shows it, with what they
 * may do with it at `now`: pay, cancel, move (until when) and add it to a calendar. Undefined when
 * it is not theirs.
 */
export function ownBookingPage(deps: ReadDeps, userId: string, reference: string, now = new Date()): BookingPageView | undefined {
  const booking = findOwnBookingByReference(deps.db, reference, userId);
  if (!booking?.reference) return undefined;
  const settings = getSettings(deps.db);
  const payment = paymentOfBooking(deps.db, booking.id);
  const paidWith = payment.status === "paid" ? payment.referenceCode : null;
  const invoiceNumber = paidWith ? (ownInvoicedPayments(deps, userId).find((p) => p.referenceCode === paidWith)?.invoiceNumber ?? null) : null;
  const pay = bookingMayBePaid(booking.status, payment.status);
  const paypal = paypalConfig(deps.env);
  return {
    booking: { ...booking, reference: booking.reference },
    payment,
    invoiceNumber,
    may: {
      pay,
      cancel: customerMayCancel(booking, userId),
      move: moveChance(booking, now, settings.timezone, settings.rescheduleCutoffHours),
      addToCalendar: isActiveBooking(booking.status),
    },
    paypalClientId: paypal?.clientId ?? null,
    paypalCheckout: paypal !== null && pay,
    caseRoom: caseRoomTargetForClient(deps.db, booking.reference, userId) !== null,
    // Its payment plan and the plans the payment dialog may offer (decision 085).
    ...bookingPlan(deps, booking, now),
  };
}

/** Until when the customer may move `booking` online, seen at `now`. */
function moveChance(booking: Booking, now: Date, timeZone: string, cutoffHours: number): MoveChance {
  if (!customerMayMove(booking.status)) return { kind: "never" };
  const deadline = moveDeadline(booking.appointmentDate, booking.appointmentTime, timeZone, cutoffHours);
  return deadline && beforeMoveDeadline(booking, now, timeZone, cutoffHours)
    ? { kind: "until", deadline: deadline.toISOString() }
    : { kind: "too_late", cutoffHours };
}

/**
 * The days from today to 30 days on with times the booking may move to, leaving out its own time:
 * a time is offered only where the booking's whole length fits (decision 070), judged by the same
 * `canHold` as the move itself, with the places the booking holds now counted as free for it. A
 * booking made before lengths holds its one slot, so any free slot will do.
 */
function daysWithFreeTimes(deps: ReadDeps, booking: Booking, now: Date, settings: { timezone: string; businessHours: BusinessHours }): MoveDay[] {
  const timeZone = settings.timezone;
  const today = businessToday(now, timeZone);
  const length = storedLength(booking);
  const own = heldSlotIds(deps.db, booking.id);
  if (booking.timeSlotId && own.size === 0) own.add(booking.timeSlotId);
  const slots = length ? slotStates(deps.db, today, lastBookableDate(now, timeZone)) : null;
  const view = slots && new Map([...slots].map(([k, s]) => [k, own.has(s.id) ? { ...s, currentBookings: s.currentBookings - 1 } : s]));
  const ctx = { hours: settings.businessHours, timeZone, now };
  const days: MoveDay[] = [];
  for (let i = 0; i <= 30; i++) {
    const date = addDays(today, i);
    const free = length && view ? offeredStartTimes(date, length, view, ctx) : freeSlots(deps.db, date, now, timeZone).map((s) => s.time);
    const times = free.filter((t) => !(date === booking.appointmentDate && t === booking.appointmentTime));
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
  const days = blocked ? [] : daysWithFreeTimes(deps, booking, now, settings);
  const deadline = inTime ? moveDeadline(booking.appointmentDate, booking.appointmentTime, settings.timezone, hours) : null;
  return { booking, deadline: deadline?.toISOString() ?? null, blocked, days };
}
