/**
 * Payment requests (instructions, cash deposit) and PayPal payments. Each write that e-mails joins
 * the e-mails to the same transaction; a capture is recorded by one guarded update, so any number
 * of simultaneous captures of one order record it exactly once.
 */
import { holdsUnpaidStock } from "../domain/stock-limits";
import { and, eq, gt, inArray, isNull, lt, ne, notInArray, sql } from "drizzle-orm";
import { type BookingClosed, newReferenceCode, type PaymentStatus, replaceablePaymentStatuses, type ServiceOffer } from "../domain/payment";
import { centsToDecimal } from "../domain/pricing";
import { enqueueMail, type MailMessage } from "../mail/outbox.server";
import {
  paymentReceiptMail,
  paymentReceivedNotification,
  paymentReviewNotification,
  paymentFoundNotification,
  paymentNotTakenNotification,
  paymentForClosedBookingNotification,
} from "../mail/templates/payments";
import type { PaymentRequestMethod } from "../shared/payment";
import { immediate, type Db } from "./client.server";
import { changeOrder, type OrderChangeEffects } from "./orders.server";
import { bookings, orders, payments } from "./schema";
import { getSettings } from "./settings.server";
import { invoiceByNumber, issueInvoice } from "./invoices.server";
import { withInvoiceAttached } from "../mail/templates/invoice";

export type Payment = typeof payments.$inferSelect;

export type { PaymentStatus } from "../domain/payment";

/** PayPal payments the payment check still has to settle. */
const unsettledStatuses: PaymentStatus[] = ["created", "unknown"];

/** The business details the payment e-mails name. */
export type BusinessContact = { businessName: string; businessEmail: string; businessPhone: string; responseTimeHours: number };

/** A reference code no payment has yet. Call inside a transaction. */
function unusedReferenceCode(db: Db): string {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newReferenceCode();
    if (!db.select({ id: payments.id }).from(payments).where(eq(payments.referenceCode, code)).get()) return code;
  }
  throw new Error("could not allocate a payment reference code");
}

const amountOf = (offer: ServiceOffer) => centsToDecimal(offer.amountDueCents);

/** Inserts a payment row for an offer (for a booking, when given) with a fresh reference code (inside the caller's transaction). */
export function insertPayment(
  db: Db,
  p: {
    userId: string | null;
    method: string;
    offer: ServiceOffer;
    email: string | null;
    status: PaymentStatus;
    bookingId?: string | null;
    /** The plan instalment it pays (decision 085). */
    instalmentNumber?: number | null;
  },
): Payment {
  return db
    .insert(payments)
    .values({
      userId: p.userId,
      bookingId: p.bookingId ?? null,
      serviceId: p.offer.id,
      serviceName: p.offer.name,
      method: p.method,
      amount: amountOf(p.offer),
      currency: p.offer.currency,
      email: p.email,
      referenceCode: unusedReferenceCode(db),
      status: p.status,
      instalmentNumber: p.instalmentNumber ?? null,
    })
    .returning()
    .get();
}

/**
 * A payment request as it is asked for: who, how, for what, and the address its instructions go
 * to; for a booking, the references of the earlier requests it replaces.
 */
export type PaymentRequestEntry = {
  userId: string | null;
  method: PaymentRequestMethod;
  offer: ServiceOffer;
  email: string;
  bookingId?: string;
  replaces?: readonly string[];
  /** The plan instalment it asks for (decision 085). */
  instalmentNumber?: number | null;
};

/**
 * Runs inside a payment request's transaction once it has its reference code: its mail, written for
 * the offer it was priced at, naming the earlier requests it `replaces`.
 */
export type PaymentRequestRecorded = (payment: Payment, offer: ServiceOffer, replaces: readonly string[]) => void;

/**
 * Records a payment request; `onRecorded` runs inside the same transaction, so the request and its
 * e-mails are kept together or not at all.
 */
export function recordPaymentRequest(db: Db, entry: PaymentRequestEntry, onRecorded: PaymentRequestRecorded): Payment {
  return immediate(db, () => insertPaymentRequest(db, entry, onRecorded));
}

/** `recordPaymentRequest` inside the caller's transaction (a booking's request checks the booking first). */
export function insertPaymentRequest(db: Db, entry: PaymentRequestEntry, onRecorded: PaymentRequestRecorded): Payment {
  const payment = insertPayment(db, { ...entry, status: "requested" });
  onRecorded(payment, entry.offer, entry.replaces ?? []);
  return payment;
}

/**
 * The payments of the same thing to pay as `p`: the same booking and, with a payment plan, the same
 * instalment. At most one of them is open at a time, and once one is paid the others are not.
 */
function sameThingToPay(p: ThingToPay) {
  const n = p.instalmentNumber;
  return and(
    eq(payments.bookingId, p.bookingId),
    n === undefined ? undefined : n === null ? isNull(payments.instalmentNumber) : eq(payments.instalmentNumber, n),
  );
}

/**
 * What a booking's payment pays: the whole booking (`instalmentNumber` null), one instalment of its
 * plan, or, left out, anything of the booking.
 */
export type ThingToPay = { bookingId: string; instalmentNumber?: number | null };

/**
 * Why the booking `payment` pays takes no more money, inside the caller's transaction: cancelled,
 * paid already by another payment of the same thing to pay, or a PayPal payment for it being
 * checked (under review, or its capture's answer lost). Null for a payment that pays no booking.
 * The payments list computes the same in SQL (`db/admin-payments.server.ts`).
 */
export function bookingClosedTo(db: Db, payment: { id?: string; bookingId: string | null; instalmentNumber?: number | null }): BookingClosed {
  const { bookingId, instalmentNumber } = payment;
  if (bookingId === null) return null;
  const booking = db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)).get();
  if (booking?.status === "cancelled") return "cancelled";
  const others = db
    .select({ status: payments.status })
    .from(payments)
    .where(
      and(
        sameThingToPay({ bookingId, instalmentNumber }),
        payment.id === undefined ? undefined : ne(payments.id, payment.id),
        inArray(payments.status, ["completed", "review", "unknown"] satisfies PaymentStatus[]),
      ),
    )
    .all();
  if (others.some((o) => o.status === "completed")) return "paid";
  if (others.length > 0) return "checking";
  return null;
}

/**
 * Closes the open payments of the same thing to pay as `payment` (requests and uncaptured PayPal
 * payments: `cancelled`), inside the caller's transaction: `payment` replaces them, or was paid so
 * they will not be. A capture already sent for a PayPal payment closed here is still recorded
 * when it completes (`recordCapturedPayment`). Answers the rows closed, newest first.
 */
export function closeOpenPayments(db: Db, payment: ThingToPay & { exceptId?: string }): Payment[] {
  return (
    db
      .update(payments)
      // `updatedAt` is kept: a PayPal payment's capture request id is derived from it (see markCaptureUnknown).
      .set({ status: "cancelled" satisfies PaymentStatus, updatedAt: sql`${payments.updatedAt}` })
      .where(
        and(
          sameThingToPay(payment),
          inArray(payments.status, [...replaceablePaymentStatuses]),
          payment.exceptId === undefined ? undefined : ne(payments.id, payment.exceptId),
        ),
      )
      .returning()
      .all()
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  );
}

/** Starts a provider payment: our record (and reference code) exists before the provider is asked for an order. */
export function startProviderPayment(db: Db, input: { userId: string | null; method: "paypal"; offer: ServiceOffer; email: string | null }): Payment {
  return immediate(db, () => insertPayment(db, { ...input, status: "created" }));
}

type OrderRow = typeof orders.$inferSelect;

/** The shop order a payment pays, if it pays one that still exists. */
export function orderOfPayment(db: Db, payment: Pick<Payment, "shopOrderId">): OrderRow | undefined {
  if (payment.shopOrderId === null) return undefined;
  return db.select().from(orders).where(eq(orders.id, payment.shopOrderId)).get();
}

export type StartOrderPaymentResult = { ok: true; payment: Payment } | { ok: false; reason: "not_found" } | { ok: false; reason: "closed"; message: string };

/**
 * Starts a PayPal payment for one of the customer's shop orders (docs/product.md#orders): the
 * order must be theirs, chosen to be paid with PayPal, still open and unpaid, and its hold on the
 * stock not run out. The amount is the order's own total. Checked and written in one transaction.
 */
export function startOrderPayment(db: Db, input: { userId: string; email: string | null; orderNumber: string }, now = new Date()): StartOrderPaymentResult {
  return immediate(db, (): StartOrderPaymentResult => {
    const order = db
      .select()
      .from(orders)
      .where(and(eq(orders.orderNumber, input.orderNumber), eq(orders.userId, input.userId)))
      .get();
    if (!order) return { ok: false, reason: "not_found" };
    if (order.paymentMethod !== "paypal") return { ok: false, reason: "closed", message: orderPaymentMessages.notPayPal };
    if (order.paymentStatus === "paid" || order.paymentStatus === "refunded") return { ok: false, reason: "closed", message: orderPaymentMessages.alreadyPaid };
    if (!holdsUnpaidStock(order)) return { ok: false, reason: "closed", message: orderPaymentMessages.notOpen(order.status) };
    if (order.holdExpiresAt && order.holdExpiresAt.getTime() <= now.getTime())
      return { ok: false, reason: "closed", message: orderPaymentMessages.holdExpired };
    const payment = db
      .insert(payments)
      .values({
        userId: input.userId,
        serviceId: null,
        serviceName: `Order ${order.orderNumber}`,
        method: "paypal",
        amount: order.totalAmount,
        currency: order.currency,
        email: input.email,
        referenceCode: unusedReferenceCode(db),
        shopOrderId: order.id,
        status: "created" satisfies PaymentStatus,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    return { ok: true, payment };
  });
}

/** Why an order cannot be paid with PayPal now (docs/product.md#orders). */
export const orderPaymentMessages = {
  notPayPal: "This order is not to be paid with PayPal. The order page shows how to pay for it.",
  alreadyPaid: "This order has already been paid. Nothing more is needed.",
  notOpen: (status: string) => `This order is ${status === "cancelled" ? "cancelled" : "no longer awaiting payment"}, so it cannot be paid. Nothing was taken.`,
  holdExpired: "The time to pay for this order has run out and it is being cancelled, so it cannot be paid. Nothing was taken. Please place the order again.",
} as const;

/** A shop order's PayPal payments not yet settled (`created` or `unknown`). */
export function unsettledOrderPayments(db: Db, orderId: number): Payment[] {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.shopOrderId, orderId), eq(payments.method, "paypal"), inArray(payments.status, unsettledStatuses)))
    .orderBy(payments.createdAt)
    .all();
}

/** Links the provider's order to our record. */
export function attachProviderOrder(db: Db, paymentId: string, providerOrderId: string) {
  db.update(payments)
    .set({ providerOrderId })
    .where(and(eq(payments.id, paymentId), isNull(payments.providerOrderId)))
    .run();
}

/** Marks a payment whose order could not be created. */
export function markPaymentFailed(db: Db, paymentId: string) {
  db.update(payments)
    .set({ status: "failed" satisfies PaymentStatus })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "created")))
    .run();
}

/** The payment for a provider order id, if we created that order. */
export function paymentForProviderOrder(db: Db, providerOrderId: string): Payment | undefined {
  return db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId)).get();
}

/**
 * Marks a declined capture. The row changes (and with it the capture's request id), so a capture
 * after the customer picks another card is a new request to the provider, not a replay of this one.
 */
export function markCaptureDeclined(db: Db, paymentId: string) {
  db.update(payments)
    // Strictly later than before, even within the same millisecond, so the request id always changes.
    .set({ status: "declined" satisfies PaymentStatus, updatedAt: sql`max(${Date.now()}, ${payments.updatedAt} + 1)` })
    // A payment replaced while its capture was under way stays cancelled: nothing was taken.
    .where(and(eq(payments.id, paymentId), notInArray(payments.status, ["completed", "review", "cancelled"])))
    .run();
}

/**
 * Marks a capture whose outcome is unknown. `updatedAt` is kept on purpose: the capture's request
 * id is derived from it, and a retry must reuse it so PayPal never captures a second time. A
 * payment closed (replaced) while its capture was under way is marked too: PayPal may have taken
 * the money, and the payment check finds out.
 */
export function markCaptureUnknown(db: Db, paymentId: string) {
  db.update(payments)
    .set({ status: "unknown" satisfies PaymentStatus, updatedAt: sql`${payments.updatedAt}` })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ["created", "cancelled"] satisfies PaymentStatus[])))
    .run();
}

/**
 * A capture this long after it was sent is surely answered or abandoned: PayPal is asked at most
 * three times and, when the answer is lost, looked up three times, each call bounded by
 * PAYPAL_TIMEOUT_MS (15 s by default), so a live capture takes a minute and a half at worst. A mark
 * older than this was left by a process that stopped mid-capture; the jobs then ask PayPal, as the
 * payment check does of any payment this old.
 */
export const captureMarkGoodForMs = 5 * 60_000;

/**
 * Marks a capture of the payment as sent to PayPal, where every worker process sees it (decision
 * 093). Answers the mark, which is later than any before it, so the capture that ends first never
 * clears the mark of one still under way. `updatedAt` is kept: the capture's request id comes from it.
 */
export function markCaptureStarted(db: Db, paymentId: string, now = new Date()): Date | undefined {
  return (
    db
      .update(payments)
      .set({
        captureStartedAt: sql`max(${now.getTime()}, coalesce(${payments.captureStartedAt} + 1, 0))`,
        updatedAt: sql`${payments.updatedAt}`,
      })
      .where(eq(payments.id, paymentId))
      .returning({ at: payments.captureStartedAt })
      .get()?.at ?? undefined
  );
}

/** The capture marked at `mark` has its answer recorded (or failed): the mark goes, unless a later capture replaced it. */
export function clearCaptureMark(db: Db, paymentId: string, mark: Date): void {
  db.update(payments)
    .set({ captureStartedAt: null, updatedAt: sql`${payments.updatedAt}` })
    .where(and(eq(payments.id, paymentId), eq(payments.captureStartedAt, mark)))
    .run();
}

/** Whether a capture of any of `paymentIds` is under way in any worker process: marked within `captureMarkGoodForMs` of `now`. */
export function captureUnderWay(db: Db, paymentIds: readonly string[], now = new Date()): boolean {
  if (paymentIds.length === 0) return false;
  return (
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(inArray(payments.id, [...paymentIds]), gt(payments.captureStartedAt, new Date(now.getTime() - captureMarkGoodForMs))))
      .limit(1)
      .all().length > 0
  );
}

/** PayPal showed the order not captured: the payment may be captured again (same request id, so `updatedAt` is kept). */
export function markCaptureNotTaken(db: Db, paymentId: string) {
  db.update(payments)
    .set({ status: "created" satisfies PaymentStatus, updatedAt: sql`${payments.updatedAt}` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "unknown")))
    .run();
}

/** PayPal payments still `created` or `unknown` that were started before `startedBefore`, oldest first. */
export function unsettledPayments(db: Db, startedBefore: Date): Payment[] {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.method, "paypal"), inArray(payments.status, unsettledStatuses), lt(payments.createdAt, startedBefore)))
    .orderBy(payments.createdAt)
    .all();
}

/**
 * Closes a payment the payment check found never captured: `expired` (nothing more will happen),
 * with the business told when the customer had been promised an answer (the row was `unknown`).
 * One guarded update, so a capture recorded meanwhile is never overwritten.
 */
export function closeUncapturedPayment(db: Db, paymentId: string, business: BusinessContact, orderId: string | null): Payment | undefined {
  return immediate(db, () => {
    const before = db.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!before || !unsettledStatuses.includes(before.status as PaymentStatus)) return undefined;
    const closed = db
      .update(payments)
      .set({ status: "expired" satisfies PaymentStatus })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, unsettledStatuses)))
      .returning()
      .get();
    if (closed && before.status === "unknown") {
      enqueueMail(
        db,
        paymentNotTakenNotification({ ...business, referenceCode: closed.referenceCode, email: closed.email, serviceName: closed.serviceName, orderId }),
      );
    }
    return closed;
  });
}

/**
 * Moves a payment to its final capture status with one guarded UPDATE: only the first caller
 * changes a payment that is not yet completed or under review; the others get undefined.
 */
function settleCapture(db: Db, paymentId: string, status: "completed" | "review", captureId: string | null, payerEmail: string | null) {
  const now = new Date();
  return db
    .update(payments)
    .set({
      status: status satisfies PaymentStatus,
      // A completed capture is money received now; a capture under review is not (yet).
      ...(status === "completed" ? { paidAt: now } : {}),
      providerCaptureId: captureId,
      email: sql`coalesce(${payments.email}, ${payerEmail})`,
      updatedAt: now,
    })
    .where(and(eq(payments.id, paymentId), notInArray(payments.status, ["completed", "review"])))
    .returning()
    .get();
}

/** A payment that `settleCapture` left alone because it was already settled: it exists. */
function settledPayment(db: Db, paymentId: string): Payment {
  const payment = db.select().from(payments).where(eq(payments.id, paymentId)).get();
  if (!payment) throw new Error(`payment ${paymentId} does not exist`);
  return payment;
}

/** A capture as recorded; `refundBecause` when it paid a booking that no longer took the money. */
export type CapturedPayment = { payment: Payment; recorded: boolean; refundBecause?: "cancelled" | "paid" };

/**
 * Records a completed capture. One synchronous transaction with a guarded update: only the first
 * of any number of simultaneous calls changes the row, and only that one queues the receipt and
 * the business's notice. A payment for a shop order marks the order paid in the same transaction
 * (the customer's "Payment received" e-mail with it); when that order is no longer waiting for the
 * payment (cancelled when its hold ran out, or paid already) the money is not kept silently: the
 * payment goes to `review` and the business is told. A payment for a booking that was cancelled
 * or paid otherwise while the capture was under way is recorded as the money it is (no invoice, no
 * receipt) with the business told at once, and answered with `refundBecause` so the caller refunds
 * it through PayPal; a booking paid by it closes the booking's other open payments. Answers the
 * payment as stored and whether this call recorded it.
 */
export function recordCapturedPayment(
  db: Db,
  paymentId: string,
  capture: { captureId: string; payerEmail: string | null; orderId?: string },
  business: BusinessContact,
  /** `found`: the payment check found it captured after the customer's capture lost its answer. */
  how: "captured" | "found" = "captured",
  /** The paid order's e-mail (`mail/order-mail.server.ts`); without it none is queued. */
  orderMail?: OrderChangeEffects,
  now = new Date(),
): CapturedPayment {
  return immediate(db, (): CapturedPayment => {
    const before = settledPayment(db, paymentId);
    const closed = bookingClosedTo(db, before);
    if (closed === "cancelled" || closed === "paid") {
      // PayPal took money the booking no longer takes: keep the record of it, for the refund.
      const kept = settleCapture(db, paymentId, "completed", capture.captureId, capture.payerEmail);
      if (!kept) return { payment: settledPayment(db, paymentId), recorded: false };
      enqueueMail(
        db,
        paymentForClosedBookingNotification({
          ...business,
          referenceCode: kept.referenceCode,
          email: kept.email,
          serviceName: kept.serviceName,
          amount: kept.amount,
          currency: kept.currency,
          captureId: capture.captureId,
          why: closed,
        }),
      );
      return { payment: kept, recorded: true, refundBecause: closed };
    }
    const order = orderOfPayment(db, before);
    if (before.shopOrderId !== null && (!order || !holdsUnpaidStock(order))) {
      const held = settleCapture(db, paymentId, "review", capture.captureId, capture.payerEmail);
      if (!held) return { payment: settledPayment(db, paymentId), recorded: false };
      enqueueMail(
        db,
        paymentReviewNotification({
          ...business,
          referenceCode: held.referenceCode,
          email: held.email,
          serviceName: held.serviceName,
          orderId: capture.orderId ?? held.providerOrderId ?? "(not known)",
          expected: `shop order ${order?.orderNumber ?? "(deleted)"} awaiting payment`,
          reported: `${held.amount} ${held.currency} captured (capture ${capture.captureId}) after the order was ${order ? `${order.status}, payment ${order.paymentStatus}` : "deleted"}: refund it or restore the order`,
        }),
      );
      return { payment: held, recorded: true };
    }
    const updated = settleCapture(db, paymentId, "completed", capture.captureId, capture.payerEmail);
    if (!updated) return { payment: settledPayment(db, paymentId), recorded: false };
    const receipt = {
      ...business,
      referenceCode: updated.referenceCode,
      email: updated.email,
      serviceName: updated.serviceName,
      amount: updated.amount,
      currency: updated.currency,
      captureId: capture.captureId,
    };
    const mails: MailMessage[] = [how === "found" ? paymentFoundNotification(receipt) : paymentReceivedNotification(receipt)];
    if (order) {
      // The order's own "Payment received" e-mail is the customer's receipt.
      const paid = changeOrder(
        db,
        order.id,
        { kind: "mark_paid", captureId: capture.captureId, note: "Paid with PayPal" },
        { actor: "system" },
        now,
        orderMail,
      );
      if (!paid.ok) throw new Error(`order ${order.id} could not be marked paid: ${paid.reason}`);
    } else {
      // A booking paid needs none of its other requests (nor a PayPal payment started and left).
      if (updated.bookingId !== null) closeOpenPayments(db, { bookingId: updated.bookingId, instalmentNumber: updated.instalmentNumber, exceptId: updated.id });
      // A service paid: its invoice takes the next number here, in the transaction that records the money.
      const settings = getSettings(db);
      const invoice = invoiceByNumber(db, issueInvoice(db, { payment: updated }, settings, now).number);
      if (updated.email) {
        const receiptMail = paymentReceiptMail({ ...receipt, email: updated.email });
        mails.unshift(invoice ? withInvoiceAttached(receiptMail, invoice, settings.timezone) : receiptMail);
      }
    }
    for (const m of mails) enqueueMail(db, m);
    return { payment: updated, recorded: true };
  });
}

/**
 * Sets aside a capture whose answer did not match the order (amount, currency, a missing capture):
 * not recorded as paid, and the business is asked to check it, once.
 */
export function markPaymentForReview(
  db: Db,
  paymentId: string,
  details: { orderId: string; reported: string; captureId: string | null; payerEmail: string | null },
  business: BusinessContact,
): Payment {
  return immediate(db, () => {
    const updated = settleCapture(db, paymentId, "review", details.captureId, details.payerEmail);
    if (!updated) return settledPayment(db, paymentId);
    enqueueMail(
      db,
      paymentReviewNotification({
        ...business,
        referenceCode: updated.referenceCode,
        email: updated.email,
        serviceName: updated.serviceName,
        orderId: details.orderId,
        expected: `${updated.amount} ${updated.currency}, capture COMPLETED`,
        reported: details.reported,
      }),
    );
    return updated;
  });
}
