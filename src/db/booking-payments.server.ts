/**
 * Payments of bookings (decision 032): a booking is paid through the payment dialog's methods at
 * its own stored price, and its payment status is read from the payments linked to it. The owner
 * marks a booking paid when the money arrived outside the site: its open request becomes paid, or
 * a `manual` payment is recorded, with who did it and when, audited. Each check-then-write is one
 * IMMEDIATE transaction, so a booking is never paid twice by two clicks. A booking has at most one
 * open payment per thing to pay (the whole booking, or one instalment of its plan): a new request or
 * PayPal start replaces the open one (`cancelled`), and a booking paid closes the others.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { type BookingPayment, bookingMayBePaid, bookingPayment } from "../domain/booking-payment";
import type { PaymentStatus } from "../domain/payment";
import type { PaymentRequestMethod } from "../shared/payment";
import { type AuditActor, recordAudit } from "./audit.server";
import type { Booking } from "./bookings.server";
import { immediate, type Db } from "./client.server";
import { issueInvoice } from "./invoices.server";
import { bookingClosedTo, closeOpenPayments, insertPayment, insertPaymentRequest, type Payment, type PaymentRequestRecorded } from "./payments.server";
import { bookingPaymentFor, type InstalmentToPay, planCountsOf } from "./payment-plans.server";
import { bookings, payments, users } from "./schema";
import { getSettings } from "./settings.server";

const paymentRowColumns = {
  instalmentNumber: payments.instalmentNumber,
  bookingId: payments.bookingId,
  status: payments.status,
  method: payments.method,
  referenceCode: payments.referenceCode,
  paidAt: payments.paidAt,
  markedPaidBy: payments.markedPaidBy,
  createdAt: payments.createdAt,
};

/** The payment status of each of `bookingIds` (unpaid when none was recorded). */
export function paymentsOfBookings(db: Db, bookingIds: readonly string[]): Map<string, BookingPayment> {
  const byBooking = new Map<string, (typeof rows)[number][]>();
  const rows =
    bookingIds.length === 0
      ? []
      : db
          .select(paymentRowColumns)
          .from(payments)
          .where(inArray(payments.bookingId, [...bookingIds]))
          .all();
  for (const r of rows) if (r.bookingId) byBooking.set(r.bookingId, [...(byBooking.get(r.bookingId) ?? []), r]);
  // A booking on a payment plan is paid once every instalment is (decision 085).
  const plans = planCountsOf(db, bookingIds);
  return new Map(bookingIds.map((id) => [id, bookingPayment(byBooking.get(id) ?? [], plans.get(id))]));
}

/** The payment status of one booking. */
export function paymentOfBooking(db: Db, bookingId: string): BookingPayment {
  return bookingPayment(
    db.select(paymentRowColumns).from(payments).where(eq(payments.bookingId, bookingId)).all(),
    planCountsOf(db, [bookingId]).get(bookingId),
  );
}

export type BookingPaymentRefusal = { ok: false; reason: "not_found" } | { ok: false; reason: "closed"; message: string };

/** Why a booking cannot be paid now, in the customer's words. */
export const bookingPaymentMessages = {
  cancelled: "This booking is cancelled, so there is nothing to pay.",
  paid: "This booking is already paid. Nothing more is needed.",
  review: "A payment for this booking is being checked. Please don't pay again; we will contact you.",
  refunded: "This booking's payment was refunded, so it cannot be paid again here. Please contact us.",
} as const;

/** The user's own booking if it can be paid now, inside the caller's transaction. */
function payableBooking(db: Db, bookingId: string, userId: string): { ok: true; booking: Booking } | BookingPaymentRefusal {
  const booking = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
    .get();
  if (!booking) return { ok: false, reason: "not_found" };
  const payment = paymentOfBooking(db, booking.id);
  // A PayPal payment whose capture's answer was lost may have taken the money: nothing replaces it.
  const checking = bookingClosedTo(db, { bookingId: booking.id }) === "checking";
  if (!bookingMayBePaid(booking.status, payment.status) || checking) {
    const message =
      booking.status === "cancelled"
        ? bookingPaymentMessages.cancelled
        : payment.status === "paid"
          ? bookingPaymentMessages.paid
          : payment.status === "refund_owed" || payment.status === "refunded"
            ? bookingPaymentMessages.refunded
            : bookingPaymentMessages.review;
    return { ok: false, reason: "closed", message };
  }
  return { ok: true, booking };
}

/** The references of the requests a new one replaced, for the customer (a PayPal payment left unfinished is closed without a word). */
const replacedRequests = (closed: readonly Payment[]) => closed.filter((p) => p.method !== "paypal").map((p) => p.referenceCode);

/**
 * A payment request (instructions or cash deposit) for the user's own booking, at the booking's
 * price; `onRecorded` runs inside the same transaction (its mail), so all or nothing. It replaces
 * the booking's open request or unfinished PayPal payment (now `cancelled`, in the same
 * transaction): answered as `replaces`, and `onRecorded` names them in the mail.
 */
export function recordBookingPaymentRequest(
  db: Db,
  input: { userId: string; bookingId: string; method: PaymentRequestMethod; email: string; instalments?: number },
  onRecorded: (...args: [...Parameters<PaymentRequestRecorded>, instalment: InstalmentToPay | null]) => void,
  now = new Date(),
): { ok: true; payment: Payment; replaces: string[]; instalment: InstalmentToPay | null } | BookingPaymentRefusal {
  return immediate(db, () => {
    const payable = payableBooking(db, input.bookingId, input.userId);
    if (!payable.ok) return payable;
    const settings = getSettings(db);
    // The whole booking, or its plan's next instalment (the plan made now on a first choice of 2-4 payments, decision 085).
    const chosen = bookingPaymentFor(db, payable.booking, input.instalments ?? 1, settings.cryptoDiscountPercent, now);
    if (!chosen.ok) return chosen;
    const { offer, instalment } = chosen;
    const instalmentNumber = instalment?.number ?? null;
    // One open request per thing to pay: the whole booking (`instalmentNumber` null) or, with a plan, the instalment asked for
    // (and a request for the whole booking made before the plan, which will not be paid now).
    const replaces = replacedRequests(closeOpenPayments(db, { bookingId: payable.booking.id, instalmentNumber: instalment ? undefined : null }));
    const entry = { userId: input.userId, bookingId: input.bookingId, method: input.method, email: input.email, offer, replaces, instalmentNumber };
    const payment = insertPaymentRequest(db, entry, (p, o, r) => onRecorded(p, o, r, instalment));
    return { ok: true, payment, replaces, instalment };
  });
}

/** Starts a PayPal payment for the user's own booking, for the booking's price; it replaces the booking's open request (now `cancelled`). */
export function startBookingPayPalPayment(
  db: Db,
  input: { userId: string; bookingId: string; email: string | null; cryptoDiscountPercent: number; instalments?: number },
  now = new Date(),
): { ok: true; payment: Payment; instalment: InstalmentToPay | null } | BookingPaymentRefusal {
  return immediate(db, () => {
    const payable = payableBooking(db, input.bookingId, input.userId);
    if (!payable.ok) return payable;
    // The whole booking, or its plan's next instalment (decision 085).
    const chosen = bookingPaymentFor(db, payable.booking, input.instalments ?? 1, input.cryptoDiscountPercent, now);
    if (!chosen.ok) return chosen;
    const { offer, instalment } = chosen;
    const instalmentNumber = instalment?.number ?? null;
    const status: PaymentStatus = "created";
    // With a plan, any open payment of the booking is for the instalment asked for now, or for the whole booking before the plan.
    closeOpenPayments(db, { bookingId: payable.booking.id, instalmentNumber: instalment ? undefined : null });
    return {
      ok: true,
      payment: insertPayment(db, {
        userId: input.userId,
        bookingId: payable.booking.id,
        method: "paypal",
        offer,
        email: input.email,
        status,
        instalmentNumber,
      }),
      instalment,
    };
  });
}

export type MarkBookingPaidResult =
  | { ok: true; payment: Payment }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "cancelled" | "paid" | "review" | "paypal_open" | "not_next" };

/**
 * The owner marks a booking paid (the money arrived by bank transfer, crypto or cash): its latest
 * open payment request becomes paid, else a `manual` payment for the booking's price is recorded.
 * Either way with `paidAt` now and `markedPaidBy`, and an audit entry, in one transaction. Refused
 * for a cancelled booking, one already paid or under review, and while a PayPal payment is open
 * (PayPal records it when it is captured). With a payment plan it is the next unpaid instalment, at
 * its amount; `instalment`, when given, must be that one (`not_next` otherwise).
 */
export function markBookingPaid(db: Db, bookingId: string, actor: AuditActor, now = new Date(), instalment?: number): MarkBookingPaidResult {
  return immediate(db, (): MarkBookingPaidResult => {
    const booking = db.select().from(bookings).where(eq(bookings.id, bookingId)).get();
    if (!booking) return { ok: false, reason: "not_found" };
    if (booking.status === "cancelled") return { ok: false, reason: "cancelled" };
    const state = paymentOfBooking(db, booking.id);
    if (state.status === "paid" || state.status === "review") return { ok: false, reason: state.status };
    const settings = getSettings(db);
    // With a payment plan, the owner marks its next unpaid instalment paid (decision 085).
    const chosen = bookingPaymentFor(db, booking, 1, 0, now);
    if (!chosen.ok) return { ok: false, reason: "paid" };
    const instalmentNumber = chosen.instalment?.number ?? null;
    // The owner names the instalment the money was for: a second click, or a second tab, never pays the next one too.
    if (instalment !== undefined && instalment !== instalmentNumber) return { ok: false, reason: "not_next" };
    const open = db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), inArray(payments.status, ["requested", "created", "unknown"])))
      .orderBy(desc(payments.createdAt))
      .all()
      .filter((p) => instalmentNumber === null || p.instalmentNumber === instalmentNumber);
    if (open.some((p) => p.method === "paypal" && p.status === "unknown")) return { ok: false, reason: "paypal_open" };
    const request = open.find((p) => p.status === "requested");
    const completed: PaymentStatus = "completed";
    let payment: Payment;
    if (request) {
      const updated = db
        .update(payments)
        .set({ status: completed, paidAt: now, markedPaidBy: actor.username, updatedAt: now })
        .where(and(eq(payments.id, request.id), eq(payments.status, "requested")))
        .returning()
        .get();
      if (!updated) throw new Error(`payment ${request.id} changed while the booking was being marked paid`);
      payment = updated;
    } else {
      const account = booking.userId ? db.select({ email: users.email }).from(users).where(eq(users.id, booking.userId)).get() : undefined;
      const inserted = insertPayment(db, {
        userId: booking.userId,
        bookingId: booking.id,
        method: "manual",
        offer: chosen.offer,
        email: booking.contactEmail ?? account?.email ?? null,
        status: completed,
        instalmentNumber,
      });
      payment = db
        .update(payments)
        .set({ paidAt: now, markedPaidBy: actor.username, createdAt: now, updatedAt: now })
        .where(eq(payments.id, inserted.id))
        .returning()
        .get() as Payment;
    }
    // Paid: the booking's other open requests (old data may hold two) will not be.
    closeOpenPayments(db, { bookingId: booking.id, instalmentNumber: payment.instalmentNumber, exceptId: payment.id });
    // A paid booking is a paid service payment: it gets its tax invoice in the same transaction.
    issueInvoice(db, { payment }, settings, now);
    recordAudit(
      db,
      actor,
      {
        kind: "bookings",
        action: "booking.mark_paid",
        recordId: booking.id,
        summary: `Marked the ${booking.serviceName} booking on ${booking.appointmentDate} at ${booking.appointmentTime} paid (${chosen.instalment ? `instalment ${chosen.instalment.number} of ${chosen.instalment.of}, ` : ""}${payment.amount} ${payment.currency}, ${request ? `request ${payment.referenceCode}` : `recorded as ${payment.referenceCode}`}).`,
        before: { payment: state.status },
        after: { payment: "paid", paidAt: now.toISOString(), referenceCode: payment.referenceCode },
      },
      now,
    );
    return { ok: true, payment };
  });
}
