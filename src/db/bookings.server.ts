/**
 * Bookings. Taking a slot, recording the booking, the referral reward and the e-mails all happen
 * in one synchronous IMMEDIATE transaction, so a slot can never be over-booked.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
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
import type { MailMessage } from "../mail/outbox.server";
import { enqueueCustomerMail, enqueueMail } from "../mail/outbox.server";
import { type BusinessAlertContext, bookingCancelledByCustomerAlert } from "../mail/templates/bookings";
import type { BookingInput } from "../shared/booking";
import type { AuditActor } from "./audit.server";
import { recordAudit } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { recordReferralReward, voidReferralReward } from "./referrals.server";
import { bookings, servicePricing, timeSlots, users } from "./schema";
import { getSettings } from "./settings.server";

export type Booking = typeof bookings.$inferSelect;

export type BookingOutcome =
  | { ok: true; booking: Booking }
  | { ok: false; reason: "unknown_service" | "slot_unavailable" | "suspended" | "no_user" | "too_many_pending" }
  | { ok: false; reason: "duplicate"; existing: Booking };

function unusedBookingReference(db: Db): string {
  for (;;) {
    const candidate = newBookingReference();
    const taken = db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, candidate)).get();
    if (!taken) return candidate;
  }
}

/**
 * Books a slot for a user. `mails` builds the confirmation and notification from the new booking;
 * they are queued in the same transaction, so they go out exactly when the booking exists. Mail to
 * the contact address the customer typed counts towards its per-recipient limit: beyond it
 * RecipientMailLimitError is thrown and nothing is booked. A customer holds at most
 * `maxPendingBookings` pending bookings. A second active booking of the same package on the same
 * day is refused as a likely mistake ("duplicate", with the first) unless the form says it is
 * meant (`confirmDuplicate`).
 */
export function createBooking(
  db: Db,
  input: { userId: string; form: BookingInput; now: Date; timeZone: string; newClientDiscountPercent: number; maxPendingBookings: number },
  mails: (booking: Booking) => MailMessage[],
): BookingOutcome {
  return immediate(db, () => {
    const user = db.select().from(users).where(eq(users.id, input.userId)).get();
    if (!user) return { ok: false, reason: "no_user" };
    if (user.suspendedAt) return { ok: false, reason: "suspended" };
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
    for (const m of mails(booking)) {
      if (m.to === booking.contactEmail) enqueueCustomerMail(db, m, input.now);
      else enqueueMail(db, m);
    }
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
 * earned is voided, and with `alert` the business is e-mailed (when its `alertCustomerCancellations`
 * setting is on), in the same transaction. Returns the cancelled booking, or null when not theirs or not pending.
 */
export function cancelOwnBooking(db: Db, bookingId: string, userId: string, alert?: BusinessAlertContext, now = new Date()): Booking | null {
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
    if (alert) {
      const settings = getSettings(db);
      if (settings.alertCustomerCancellations) enqueueMail(db, bookingCancelledByCustomerAlert(updated, { ...alert, timeZone: settings.timezone }));
    }
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
    .where(and(eq(bookings.userId, userId), inArray(bookings.status, ["pending", "confirmed"])))
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

/**
 * The business changes a booking's status (the admin portal), in one IMMEDIATE transaction: the
 * change as `setBookingStatus` makes it, the customer's e-mail from `mail` (to the booking's
 * contact e-mail, else the account's; none when neither is known) queued, and the audit entry.
 */
export function changeBookingStatus(
  db: Db,
  bookingId: string,
  status: BookingStatus,
  actor: AuditActor,
  mail: (booking: Booking, to: string) => MailMessage | null,
  now = new Date(),
): BookingStatusChange {
  return immediate(db, () => {
    const result = applyBookingStatus(db, bookingId, status, now);
    if (!result.ok) return result;
    const { booking, before } = result;
    const account = booking.userId
      ? db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, booking.userId)).get()
      : undefined;
    const to = booking.contactEmail ?? account?.email ?? null;
    const message = to ? mail(booking, to) : null;
    if (message) enqueueMail(db, message);
    const who = [account?.firstName, account?.lastName].filter(Boolean).join(" ") || to || "a deleted customer";
    recordAudit(
      db,
      actor,
      {
        kind: "bookings",
        action: `booking.${status === "confirmed" ? "confirm" : status === "completed" ? "complete" : status === "cancelled" ? "cancel" : status}`,
        recordId: booking.id,
        summary: `${auditVerbs[status]} the ${booking.serviceName} booking of ${who} on ${booking.appointmentDate} at ${booking.appointmentTime} (was ${before.status})`,
        before: { status: before.status },
        after: { status: booking.status },
      },
      now,
    );
    return result;
  });
}

const auditVerbs: Record<BookingStatus, string> = { pending: "Reopened", confirmed: "Confirmed", completed: "Completed", cancelled: "Cancelled" };
