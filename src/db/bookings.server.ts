/**
 * Bookings. Taking a slot, recording the booking, the referral reward and the e-mails all happen
 * in one synchronous IMMEDIATE transaction, so a slot can never be over-booked. Every write here
 * takes mail one way: a callback that runs inside the transaction once the change is made, where
 * the action (src/actions/) queues its mail and audit entry, so they commit with the change or not at all.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  activeBookingStatuses,
  bookingPrice,
  canChangeBookingStatus,
  customerMayCancel,
  holdsSlot,
  isSameDayDuplicate,
  makesReturningCustomer,
  newBookingReference,
  type BookingStatus,
} from "../domain/booking";
import { centsToDecimal } from "../domain/pricing";
import { slotHasPassed } from "../domain/slots";
import type { BookingInput } from "../shared/booking";
import { immediate, type Db } from "./client.server";
import { recordReferralReward, voidReferralReward } from "./referrals.server";
import { bookings, servicePricing, timeSlots, users } from "./schema";

export type Booking = typeof bookings.$inferSelect;

/** The account a booking belongs to, as its mail needs it: mail goes to `email` only when `emailVerified`. */
export type BookingAccount = { email: string; emailVerified: boolean; firstName: string | null; lastName: string | null };

export type BookingOutcome =
  | { ok: true; booking: Booking }
  | { ok: false; reason: "unknown_service" | "slot_unavailable" | "suspended" | "no_user" | "email_unverified" | "too_many_pending" }
  | { ok: false; reason: "duplicate"; existing: Booking };

/** The account `userId`, as a booking's mail needs it; undefined once deleted. */
export function bookingAccount(db: Db, userId: string | null): BookingAccount | undefined {
  if (!userId) return undefined;
  const row = db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row && { email: row.email, emailVerified: row.verifiedAt !== null, firstName: row.firstName, lastName: row.lastName };
}

function unusedBookingReference(db: Db): string {
  for (;;) {
    const candidate = newBookingReference();
    const taken = db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, candidate)).get();
    if (!taken) return candidate;
  }
}

/**
 * Books a slot for a user whose e-mail address is confirmed (like an order, decision 024).
 * `queueMail` runs in the same transaction with the new booking and its account, so the mail
 * goes out exactly when the booking exists; an error it throws (a recipient's limit) books
 * nothing. A customer holds at most `maxPendingBookings` pending bookings. A second active booking
 * of the same package on the same day is refused as a likely mistake ("duplicate", with the first)
 * unless the form says it is meant (`confirmDuplicate`).
 */
export function createBooking(
  db: Db,
  input: { userId: string; form: BookingInput; now: Date; timeZone: string; newClientDiscountPercent: number; maxPendingBookings: number },
  queueMail: (booking: Booking, account: BookingAccount) => void,
): BookingOutcome {
  return immediate(db, () => {
    const user = db.select().from(users).where(eq(users.id, input.userId)).get();
    if (!user) return { ok: false, reason: "no_user" };
    if (user.suspendedAt) return { ok: false, reason: "suspended" };
    if (!user.emailVerifiedAt) return { ok: false, reason: "email_unverified" };
    const pkg = db
      .select()
      .from(servicePricing)
      .where(and(eq(servicePricing.name, input.form.serviceName), eq(servicePricing.kind, "package"), eq(servicePricing.isActive, true)))
      .get();
    if (!pkg) return { ok: false, reason: "unknown_service" };
    const pending = db
      .select({ n: sql<number>`count(*)` })
      .from(bookings)
      .where(and(eq(bookings.userId, user.id), eq(bookings.status, "pending")))
      .get();
    if ((pending?.n ?? 0) >= input.maxPendingBookings) return { ok: false, reason: "too_many_pending" };
    const { appointmentDate: date, appointmentTime: time } = input.form;
    if (slotHasPassed(date, time, input.now, input.timeZone)) return { ok: false, reason: "slot_unavailable" };
    if (!input.form.confirmDuplicate) {
      const existing = db
        .select()
        .from(bookings)
        .where(and(eq(bookings.userId, user.id), eq(bookings.appointmentDate, date), eq(bookings.serviceName, pkg.name)))
        .orderBy(bookings.appointmentTime)
        .all()
        .find((b) => isSameDayDuplicate({ serviceName: pkg.name, appointmentDate: date }, b));
      if (existing) return { ok: false, reason: "duplicate", existing };
    }

    // One guarded statement takes a place in the slot, or nothing when it is full or closed.
    const slot = db
      .update(timeSlots)
      .set({
        currentBookings: sql`${timeSlots.currentBookings} + 1`,
        updatedAt: input.now,
      })
      .where(
        and(eq(timeSlots.date, date), eq(timeSlots.time, time), eq(timeSlots.isAvailable, true), sql`${timeSlots.currentBookings} < ${timeSlots.maxBookings}`),
      )
      .returning({ id: timeSlots.id })
      .get();
    if (!slot) return { ok: false, reason: "slot_unavailable" };

    const price = bookingPrice(pkg, !user.isNewCustomer, input.newClientDiscountPercent);
    const booking = db
      .insert(bookings)
      .values({
        userId: user.id,
        reference: unusedBookingReference(db),
        serviceId: pkg.id,
        serviceName: pkg.name,
        servicePrice: centsToDecimal(price.servicePrice * 100),
        originalPrice: centsToDecimal(price.originalPrice * 100),
        discountApplied: price.discountApplied,
        appointmentDate: date,
        appointmentTime: time,
        duration: input.form.duration,
        location: input.form.location || null,
        notes: input.form.notes || null,
        contactPhone: input.form.contactPhone,
        contactEmail: input.form.contactEmail,
        status: "pending",
        timeSlotId: slot.id,
        bookingDetails: { unit: pkg.unit, units: price.units, listPrice: pkg.price, discountPercent: price.discountPercent },
      })
      .returning()
      .get();
    recordReferralReward(db, { id: booking.id, userId: user.id });
    queueMail(booking, { email: user.email, emailVerified: true, firstName: user.firstName, lastName: user.lastName });
    return { ok: true, booking };
  });
}

/** One booking by its reference, only if it belongs to `userId`. */
export function findOwnBookingByReference(db: Db, reference: string, userId: string): Booking | undefined {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.reference, reference), eq(bookings.userId, userId)))
    .get();
}

/** The user's own bookings, newest first. */
export function listBookings(db: Db, userId: string) {
  return db.select().from(bookings).where(eq(bookings.userId, userId)).orderBy(desc(bookings.createdAt)).all();
}

/** One booking, only if it belongs to `userId`. */
export function findOwnBooking(db: Db, bookingId: string, userId: string): Booking | undefined {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
    .get();
}

/** Every status change sends or offers a new invitation for the same UID, so its SEQUENCE rises by one. */
export const nextIcsSequence = sql`${bookings.icsSequence} + 1`;

/**
 * Frees the booking's place in its slot (inside a transaction). A slot the owner blocked stays
 * blocked: `isAvailable` is the owner's open/blocked switch, and room is `current < max`.
 */
export function releaseSlot(db: Db, booking: Booking) {
  const slotWhere = booking.timeSlotId
    ? eq(timeSlots.id, booking.timeSlotId)
    : and(eq(timeSlots.date, booking.appointmentDate), eq(timeSlots.time, booking.appointmentTime));
  db.update(timeSlots)
    .set({ currentBookings: sql`max(${timeSlots.currentBookings} - 1, 0)`, updatedAt: new Date() })
    .where(slotWhere)
    .run();
}

/**
 * A customer cancels their own pending booking: the slot is freed and any referral reward it
 * earned is voided, and `queueMail` runs with the cancelled booking, all in one transaction.
 * Returns the cancelled booking, or null when not theirs or not pending.
 */
export function cancelOwnBooking(
  db: Db,
  bookingId: string,
  userId: string,
  queueMail: (cancelled: Booking) => void = () => {},
  now = new Date(),
): Booking | null {
  return immediate(db, () => {
    const booking = findOwnBooking(db, bookingId, userId);
    if (!booking || !customerMayCancel(booking, userId)) return null;
    const updated = db
      .update(bookings)
      .set({ status: "cancelled", cancelledBy: "customer", cancelledAt: now, icsSequence: nextIcsSequence })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, booking.status)))
      .returning()
      .get();
    if (!updated) return null;
    releaseSlot(db, booking);
    voidReferralReward(db, booking.id);
    queueMail(updated);
    return updated;
  });
}

/**
 * Cancels a customer's pending and confirmed bookings that have not started yet, freeing their
 * places and voiding their referral rewards, as a cancellation does (inside the caller's
 * transaction: account deletion). Returns the bookings cancelled.
 */
export function cancelUpcomingBookings(db: Db, userId: string, now: Date, timeZone: string): Booking[] {
  const active = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), inArray(bookings.status, activeBookingStatuses)))
    .all();
  const upcoming = active.filter((b) => !slotHasPassed(b.appointmentDate, b.appointmentTime, now, timeZone));
  for (const booking of upcoming) {
    db.update(bookings)
      .set({ status: "cancelled", cancelledBy: "customer", cancelledAt: now, icsSequence: nextIcsSequence })
      .where(eq(bookings.id, booking.id))
      .run();
    releaseSlot(db, booking);
    voidReferralReward(db, booking.id);
  }
  return upcoming;
}

/** Why a status change was refused: no such booking, or the transition table does not allow it. */
export type BookingStatusChange =
  | { ok: true; booking: Booking; before: Booking }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_allowed"; from: BookingStatus };

/**
 * The change itself, inside the caller's transaction: checks the transition table against the
 * status as it is now, writes the new one, and on cancel frees the slot's place (once: the guarded
 * update only matches the status read) and voids the referral reward; on complete the customer
 * becomes returning.
 */
function applyBookingStatus(db: Db, bookingId: string, status: BookingStatus, now: Date): BookingStatusChange {
  const booking = db.select().from(bookings).where(eq(bookings.id, bookingId)).get();
  if (!booking) return { ok: false, reason: "not_found" };
  if (!canChangeBookingStatus(booking.status, status, "admin")) return { ok: false, reason: "not_allowed", from: booking.status };
  const updated = db
    .update(bookings)
    .set({
      status,
      cancelledBy: status === "cancelled" ? "admin" : null,
      cancelledAt: status === "cancelled" ? now : null,
      icsSequence: nextIcsSequence,
      updatedAt: now,
    })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, booking.status)))
    .returning()
    .get();
  if (!updated) return { ok: false, reason: "not_allowed", from: booking.status };
  if (!holdsSlot(status) && holdsSlot(booking.status)) {
    releaseSlot(db, booking);
    voidReferralReward(db, booking.id);
  }
  if (makesReturningCustomer(status) && booking.userId)
    db.update(users).set({ isNewCustomer: false, updatedAt: now }).where(eq(users.id, booking.userId)).run();
  return { ok: true, booking: updated, before: booking };
}

/**
 * Moves a booking to a new status when the transition table allows it; null otherwise. Cancelling
 * frees the slot and voids the reward; completing makes the customer a returning customer. The
 * admin portal uses `changeBookingStatus`, which also e-mails the customer and writes the audit log.
 */
export function setBookingStatus(db: Db, bookingId: string, status: BookingStatus): Booking | null {
  return immediate(db, () => {
    const result = applyBookingStatus(db, bookingId, status, new Date());
    return result.ok ? result.booking : null;
  });
}

/** A status change the business made, as its mail and audit entry need it. */
export type BookingStatusChanged = { booking: Booking; before: Booking; account: BookingAccount | undefined };

/**
 * The business changes a booking's status (the admin portal), in one IMMEDIATE transaction: the
 * change as `setBookingStatus` makes it, then `alongside` with the change and the customer's
 * account, where the action queues the customer's e-mail and writes the audit entry.
 */
export function changeBookingStatus(
  db: Db,
  bookingId: string,
  status: BookingStatus,
  alongside: (change: BookingStatusChanged) => void,
  now = new Date(),
): BookingStatusChange {
  return immediate(db, () => {
    const result = applyBookingStatus(db, bookingId, status, now);
    if (!result.ok) return result;
    alongside({ booking: result.booking, before: result.before, account: bookingAccount(db, result.booking.userId) });
    return result;
  });
}
