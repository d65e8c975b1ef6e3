/**
 * Bookings. Taking a slot, recording the booking, the referral reward and the e-mails all happen
 * in one synchronous IMMEDIATE transaction, so a slot can never be over-booked. Every write here
 * takes mail one way: a callback that runs inside the transaction once the change is made, where
 * the action (src/actions/) queues its mail and audit entry, so they commit with the change or not at all.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
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
import { storedAdjustments } from "../domain/booking-price-lines";
import { centsToDecimal, discountLabels, volumeBands } from "../domain/pricing";
import {
  type BookingLength,
  type BusinessHours,
  canHold,
  type HeldTime,
  heldTime,
  lastHeldDate,
  type LocalTime,
  minimumHours,
  packageLength,
  type SlotState,
  slotHasPassed,
  slotKey,
} from "../domain/slots";
import type { BookingInput } from "../shared/booking";
import { immediate, type Db } from "./client.server";
import { closedDays } from "./calendar-days.server";
import { getSettings } from "./settings.server";
import { cancelPlanOfBooking } from "./payment-plans.server";
import { closeOpenPayments } from "./payments.server";
import { recordReferralReward, voidReferralReward } from "./referrals.server";
import { bookingSlots, bookings, servicePricing, timeSlots, users } from "./schema";

export type Booking = typeof bookings.$inferSelect;

/** The account a booking belongs to, as its mail needs it: mail goes to `email` only when `emailVerified`. */
export type BookingAccount = { email: string; emailVerified: boolean; firstName: string | null; lastName: string | null };

export type BookingOutcome =
  | { ok: true; booking: Booking }
  | { ok: false; reason: "unknown_service" | "slot_unavailable" | "suspended" | "no_user" | "email_unverified" | "too_many_pending" | "past_closing" }
  | { ok: false; reason: "hours_minimum"; minimum: number }
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

/** A slot as the booking rules read it, with its id. */
export type HeldSlotRow = SlotState & { id: number; date: string; time: string };

/**
 * The slots of the days `from` to `to`, keyed by date and time (`slotKey`). A slot on a closed day
 * (decision 077: closed by the owner, or a public holiday not reopened) reads as not available:
 * this is the one place that rule is applied, for the calendar, booking and moving alike.
 */
export function slotStates(db: Db, from: string, to: string): Map<string, HeldSlotRow> {
  const closed = closedDays(db, from, to);
  const rows = db
    .select({
      id: timeSlots.id,
      date: timeSlots.date,
      time: timeSlots.time,
      isAvailable: timeSlots.isAvailable,
      currentBookings: timeSlots.currentBookings,
      maxBookings: timeSlots.maxBookings,
    })
    .from(timeSlots)
    .where(and(gte(timeSlots.date, from), lte(timeSlots.date, to)))
    .orderBy(asc(timeSlots.date), asc(timeSlots.time))
    .all();
  return new Map(rows.map((r) => [slotKey(r), closed.has(r.date) ? { ...r, isAvailable: false } : r]));
}

/** The length a booking holds, as it was booked (decision 070); null for one made before lengths, which holds its one slot. */
export function storedLength(booking: Pick<Booking, "bookingDetails">): BookingLength | null {
  const d = booking.bookingDetails;
  if (!d || (d.lengthUnit !== "hours" && d.lengthUnit !== "days") || typeof d.lengthCount !== "number") return null;
  return { unit: d.lengthUnit, count: d.lengthCount };
}

/**
 * Takes a place in every slot of `held` for `bookingId` and records which (inside the caller's
 * transaction, after `canHold` said each has room): cancelling or moving gives back exactly these.
 */
function holdSlots(db: Db, bookingId: string, held: LocalTime[], slots: ReadonlyMap<string, HeldSlotRow>, now: Date): void {
  for (const s of held) {
    const slot = slots.get(slotKey(s));
    if (!slot) throw new Error(`slot ${slotKey(s)} vanished while being held`);
    const taken = db
      .update(timeSlots)
      .set({ currentBookings: sql`${timeSlots.currentBookings} + 1`, updatedAt: now })
      .where(and(eq(timeSlots.id, slot.id), eq(timeSlots.isAvailable, true), sql`${timeSlots.currentBookings} < ${timeSlots.maxBookings}`))
      .returning({ id: timeSlots.id })
      .get();
    // Checked under the same write lock just before: kept as a safety net that undoes the whole booking.
    if (!taken) throw new Error(`slot ${slotKey(s)} filled while being held`);
    db.insert(bookingSlots).values({ bookingId, slotId: slot.id }).onConflictDoNothing().run();
  }
}

/** Where a booking of `length` starting at `start` may go: the slots it would hold, or why not. */
export type HoldCheck = { ok: true; held: HeldTime; slots: Map<string, HeldSlotRow> } | { ok: false; reason: "slot_unavailable" | "past_closing" };

/**
 * Whether a booking of `length` may start at `start` (inside the caller's transaction): every slot it
 * holds exists, is open and has room (`canHold`). `own` are slots the booking being moved already
 * holds: their places count as free for it.
 */
export function checkHold(
  db: Db,
  start: LocalTime,
  length: BookingLength,
  ctx: { hours: BusinessHours; timeZone: string; now: Date },
  own: ReadonlySet<number> = new Set(),
): HoldCheck {
  if (!heldTime(start.date, start.time, length, ctx.hours, ctx.timeZone)) {
    // A start on the day's times whose hours run past closing gets its own answer; anything else is simply not free.
    const fits = heldTime(start.date, start.time, { unit: "hours", count: 0 }, ctx.hours, ctx.timeZone);
    return { ok: false, reason: length.unit === "hours" && fits ? "past_closing" : "slot_unavailable" };
  }
  const slots = slotStates(db, start.date, lastHeldDate(start.date, length));
  const view = new Map([...slots].map(([k, s]) => [k, own.has(s.id) ? { ...s, currentBookings: s.currentBookings - 1 } : s]));
  const held = canHold(start, length, view, ctx);
  return held ? { ok: true, held, slots } : { ok: false, reason: "slot_unavailable" };
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
  input: {
    userId: string;
    form: BookingInput;
    now: Date;
    timeZone: string;
    /** The opening hours the length must fit (the settings' when left out). */
    businessHours?: BusinessHours;
    newClientDiscountPercent: number;
    maxPendingBookings: number;
  },
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
    const length = packageLength(pkg, input.form.hours);
    if (!length) return { ok: false, reason: "hours_minimum", minimum: minimumHours(pkg) };
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

    // Every slot the package's length covers must be free: one read and the places taken under one write lock.
    const hours = input.businessHours ?? getSettings(db).businessHours;
    const hold = checkHold(db, { date, time }, length, { hours, timeZone: input.timeZone, now: input.now });
    if (!hold.ok) return hold;
    const first = hold.slots.get(slotKey({ date, time }));

    // The volume table as /services shows it, read under the same lock as the package's price.
    const volume = volumeBands(
      db
        .select()
        .from(servicePricing)
        .where(and(eq(servicePricing.kind, "volume"), eq(servicePricing.isActive, true)))
        .all(),
    );
    const price = bookingPrice(pkg, !user.isNewCustomer, input.newClientDiscountPercent, length.unit === "hours" ? length.count : undefined, volume);
    const booking = db
      .insert(bookings)
      .values({
        userId: user.id,
        reference: unusedBookingReference(db),
        serviceId: pkg.id,
        serviceName: pkg.name,
        servicePrice: centsToDecimal(price.priced.totalCents),
        originalPrice: centsToDecimal(price.priced.listCents),
        // Priced in today's currency and kept in it: a later change of the setting leaves this booking alone.
        currency: getSettings(db).currency,
        discountApplied: price.discountApplied,
        appointmentDate: date,
        appointmentTime: time,
        // The real minutes from the start to the end of the held time: the calendar event's length.
        duration: hold.held.minutes,
        location: input.form.location || null,
        notes: input.form.notes || null,
        contactPhone: input.form.contactPhone || null,
        contactEmail: input.form.contactEmail,
        status: "pending",
        timeSlotId: first?.id ?? null,
        bookingDetails: {
          unit: pkg.unit,
          units: price.units,
          listPrice: pkg.price,
          discountPercent: price.discountPercent,
          volumePercent: price.volumePercent,
          // What came off the list price, line by line, as the summary and the e-mails show it (decision 083).
          adjustments: storedAdjustments(price.priced.adjustments, {
            [discountLabels.newClient]: price.discountPercent,
            [discountLabels.volume]: price.volumePercent,
          }),
          lengthUnit: length.unit,
          lengthCount: length.count,
          endDate: hold.held.end.date,
          endTime: hold.held.end.time,
          contactMethod: input.form.contactMethod ?? "email",
        },
      })
      .returning()
      .get();
    holdSlots(db, booking.id, hold.held.slots, hold.slots, input.now);
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

/** The ids of the slots `bookingId` holds a place in. */
export function heldSlotIds(db: Db, bookingId: string): Set<number> {
  return new Set(
    db
      .select({ id: bookingSlots.slotId })
      .from(bookingSlots)
      .where(eq(bookingSlots.bookingId, bookingId))
      .all()
      .map((r) => r.id),
  );
}

/**
 * Frees the booking's places in every slot it holds (inside a transaction), once: the record of
 * what it holds goes with them. A booking with no such record (older than lengths, decision 070)
 * frees its one slot. A slot the owner blocked stays blocked: `isAvailable` is the owner's
 * open/blocked switch, and room is `current < max`.
 */
export function releaseSlot(db: Db, booking: Booking) {
  const held = db.delete(bookingSlots).where(eq(bookingSlots.bookingId, booking.id)).returning({ id: bookingSlots.slotId }).all();
  const slotWhere =
    held.length > 0
      ? inArray(
          timeSlots.id,
          held.map((h) => h.id),
        )
      : booking.timeSlotId
        ? eq(timeSlots.id, booking.timeSlotId)
        : and(eq(timeSlots.date, booking.appointmentDate), eq(timeSlots.time, booking.appointmentTime));
  db.update(timeSlots)
    .set({ currentBookings: sql`max(${timeSlots.currentBookings} - 1, 0)`, updatedAt: new Date() })
    .where(slotWhere)
    .run();
}

/**
 * Holds the slots of a booking moved to `start` (inside the caller's transaction, after its old
 * places were released): its stored length, or its one slot for a booking older than lengths.
 */
export function holdMovedBooking(db: Db, bookingId: string, held: HeldTime, slots: ReadonlyMap<string, HeldSlotRow>, now: Date): void {
  holdSlots(db, bookingId, held.slots, slots, now);
}

/**
 * What a booking's cancellation closes besides its place, inside the cancel's transaction: its
 * payment requests and PayPal payments not yet captured (`cancelled`: nothing is left to pay, and
 * the owner is never offered "Mark paid" for it). A capture already sent is still recorded when it
 * completes, and refunded (payments/settle-capture.server.ts); money received is left to the refund rules.
 */
function closePaymentsOfCancelled(db: Db, bookingId: string): void {
  closeOpenPayments(db, { bookingId });
}

/**
 * A customer cancels their own pending booking: the slot is freed, any referral reward it earned
 * is voided and its open payments closed, and `queueMail` runs with the cancelled booking, all in one transaction.
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
    closePaymentsOfCancelled(db, booking.id);
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
    closePaymentsOfCancelled(db, booking.id);
    // A payment plan ends with it (decision 085); one with an instalment paid blocks the deletion instead.
    cancelPlanOfBooking(db, booking.id, now);
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
 * update only matches the status read), voids the referral reward and closes its open payments; on complete the customer
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
  if (status === "cancelled") closePaymentsOfCancelled(db, booking.id);
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
