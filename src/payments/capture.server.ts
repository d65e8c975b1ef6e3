/**
 * The customer's capture of a PayPal order we created (decision 007): checked against our record,
 * captured with a request id derived from it, and recorded only when PayPal reports it paid for our
 * amount. A capture whose answer is lost is looked up at PayPal (`attemptOutcome`) before the
 * customer is told anything. A payment replaced by a later request, or for a booking cancelled or
 * paid another way, is refused before PayPal is asked; one that PayPal completes after its booking
 * closed is refunded through PayPal at once. Failures are thrown as the HTTP errors the customer reads.
 */
import { holdsUnpaidStock } from "../domain/stock-limits";
import { bookingPaymentMessages } from "../db/booking-payments.server";
import {
  bookingClosedTo,
  clearCaptureMark,
  markCaptureDeclined,
  markCaptureNotTaken,
  markCaptureStarted,
  markCaptureUnknown,
  orderOfPayment,
  orderPaymentMessages,
  paymentForProviderOrder,
  type Payment,
} from "../db/payments.server";
import type { AppDeps } from "../server/deps";
import { HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import type { PayPalCaptureResult } from "../shared/payment";
import { attemptOutcome } from "./attempt-outcome.server";
import { logPayPalFailure, payPalCallFailed, payPalFailed } from "./paypal-failures.server";
import { type PayPalCapture, type PayPalClient, PayPalError } from "./paypal.server";
import { refundCaptureOfClosedBooking, settleReportedCapture } from "./settle-capture.server";

type Deps = Pick<AppDeps, "db" | "env" | "outbox" | "secrets">;

/** PayPal's issues that mean the customer's funding source was refused. */
const declinedIssues = new Set(["INSTRUMENT_DECLINED", "TRANSACTION_REFUSED"]);

/**
 * The request id of a capture of our payment record. It changes only when the record does (after a
 * decline), so simultaneous and retried captures of one attempt share it and PayPal captures once.
 */
export function captureRequestId(payment: Pick<Payment, "id" | "updatedAt">): string {
  return `pi-capture-${payment.id}-${payment.updatedAt.getTime()}`;
}

/** What the customer is told when PayPal took the money after their order was cancelled. */
export function orderClosedAfterCapture(p: Pick<Payment, "referenceCode" | "serviceName">): string {
  return `${p.serviceName} was cancelled before your payment reached us, so it was not marked paid. We have been told and will refund the payment or contact you; please quote reference ${p.referenceCode}.`;
}

/** What the customer is told when PayPal took the money after their booking was cancelled or paid another way. */
export function bookingClosedAfterCapture(p: Pick<Payment, "referenceCode">, because: "cancelled" | "paid", refunded: boolean): string {
  const why = because === "cancelled" ? "Your booking was cancelled" : "Your booking had already been paid";
  return refunded
    ? `${why} before this payment reached us, so we have refunded it in full through PayPal; it appears in your PayPal account shortly. Reference ${p.referenceCode}.`
    : `${why} before this payment reached us, so it will be refunded in full. We have been told and will refund it or contact you; please quote reference ${p.referenceCode}.`;
}

const declined = () => new HttpError(402, "payment_declined", "Your payment was declined. Please try another card or payment method.");
/** PayPal may have taken the money: never say it did not. */
const beingChecked = (p: Payment) =>
  new HttpError(
    502,
    "payment_pending",
    `PayPal did not confirm your payment in time, so we are checking with PayPal whether it went through. Please don't pay again: we will e-mail or call you once it is confirmed. Your reference is ${p.referenceCode}.`,
  );
const unconfirmed = (p: Payment) =>
  new HttpError(
    502,
    "payment_unconfirmed",
    `We could not confirm this payment automatically. We will check it and contact you; please quote reference ${p.referenceCode}.`,
  );

/** A failed capture after which PayPal may hold the money: no clear answer, or "already captured". */
function outcomeUnknown(err: unknown): boolean {
  return !(err instanceof PayPalError) || err.retryable || err.issue === "ORDER_ALREADY_CAPTURED";
}

/** The answer for a captured payment, which was found by (so always carries) its PayPal order id. */
function captured(p: Payment): PayPalCaptureResult {
  if (p.providerOrderId === null) throw new Error(`payment ${p.id} has no PayPal order id`);
  return { id: p.providerOrderId, status: "COMPLETED", referenceCode: p.referenceCode };
}

/**
 * Captures the PayPal order `orderId` (null when the id sent was not one PayPal could have made),
 * which must be one we created, and records the outcome. Answers the payment as paid, also when an
 * earlier call already recorded it; throws what to tell the customer otherwise.
 */
export async function capturePayPalOrder(deps: Deps, paypal: PayPalClient, orderId: string | null): Promise<PayPalCaptureResult> {
  const payment = orderId ? paymentForProviderOrder(deps.db, orderId) : undefined;
  if (!orderId || !payment) throw notFound("No such order.");
  if (payment.status === "completed") return captured(payment);
  if (payment.status === "review") throw unconfirmed(payment);
  if (payment.status === "expired" || payment.status === "failed") {
    throw new HttpError(
      409,
      "payment_closed",
      `This payment has been closed and nothing was taken. Please start a new payment (reference ${payment.referenceCode}).`,
    );
  }
  if (payment.status === "cancelled") {
    // Closed because its booking was cancelled (the cancel closes its open payments), not replaced: say that.
    if (bookingClosedTo(deps.db, payment) === "cancelled") {
      throw new HttpError(409, "booking_not_payable", `${bookingPaymentMessages.cancelled} Nothing was taken.`);
    }
    throw new HttpError(
      409,
      "payment_closed",
      `This payment was replaced by a later request for the same booking, so nothing was taken. Please pay as the latest request says (reference ${payment.referenceCode} is no longer used).`,
    );
  }
  if (payment.status === "refunded" || payment.status === "refund_owed") throw new HttpError(409, "payment_closed", "This payment has been refunded.");

  // A booking cancelled, or paid another way, since this payment started is not charged.
  const closed = bookingClosedTo(deps.db, payment);
  if (closed === "cancelled" || closed === "paid") {
    throw new HttpError(409, "booking_not_payable", `${bookingPaymentMessages[closed]} Nothing was taken.`);
  }

  // A shop order that stopped waiting for its payment (cancelled when its hold ran out, or paid
  // by another attempt) is not charged.
  const shopOrder = orderOfPayment(deps.db, payment);
  if (payment.shopOrderId !== null && (!shopOrder || !holdsUnpaidStock(shopOrder))) {
    throw new HttpError(
      409,
      "order_not_payable",
      shopOrder?.paymentStatus === "paid" ? orderPaymentMessages.alreadyPaid : orderPaymentMessages.notOpen(shopOrder?.status ?? "cancelled"),
    );
  }

  // Marked in the database, not in this process: the order expiry and the payment check may run in
  // another worker process, and leave the payment alone until the answer is recorded (decision 093).
  const mark = markCaptureStarted(deps.db, payment.id);
  try {
    return captured(await captureAndSettle(deps, paypal, payment, orderId));
  } finally {
    if (mark) clearCaptureMark(deps.db, payment.id, mark);
  }
}

/** Captures our PayPal order and records the outcome; answers the payment as paid or throws what to tell the customer. */
async function captureAndSettle(deps: Deps, paypal: PayPalClient, payment: Payment, orderId: string): Promise<Payment> {
  let report: PayPalCapture;
  try {
    report = await paypal.captureOrder(orderId, captureRequestId(payment));
  } catch (err) {
    if (err instanceof PayPalError && err.issue && declinedIssues.has(err.issue)) {
      markCaptureDeclined(deps.db, payment.id);
      log.info("paypal capture declined", { paymentId: payment.id, orderId, issue: err.issue });
      throw declined();
    }
    if (err instanceof PayPalError && err.issue === "ORDER_NOT_APPROVED") {
      throw new HttpError(409, "order_not_approved", "This payment has not been approved in PayPal yet.");
    }
    if (!outcomeUnknown(err)) throw payPalCallFailed(err, "capture");
    // The capture's answer was lost (timeout, network, 5xx): PayPal may have captured it all the
    // same, so ask before telling the customer anything.
    logPayPalFailure(err, "capture");
    report = await outcomeOfLostCapture(deps, paypal, payment, orderId);
  }

  const settled = settleReportedCapture(deps, payment, orderId, report);
  if (settled.outcome === "declined") throw declined();
  if (settled.outcome === "completed" && settled.refundBecause) {
    // PayPal took the money after the booking was cancelled (or paid another way): give it back now.
    const refund = await refundCaptureOfClosedBooking(deps, settled.payment, settled.refundBecause);
    throw new HttpError(409, "booking_closed", bookingClosedAfterCapture(settled.payment, settled.refundBecause, refund.ok));
  }
  if (settled.outcome === "review") {
    const order = orderOfPayment(deps.db, settled.payment);
    if (settled.payment.shopOrderId !== null && (!order || !holdsUnpaidStock(order)) && order?.paymentStatus !== "paid") {
      throw new HttpError(409, "order_closed", orderClosedAfterCapture(settled.payment));
    }
    throw unconfirmed(settled.payment);
  }
  return settled.payment;
}

/**
 * What became of a capture whose answer was lost. Answers PayPal's report when it shows a capture;
 * throws "no payment was taken" (the row open to a retry) when it shows none, and "being checked"
 * (the row `unknown`, for the payment check) when PayPal can't be asked either.
 */
async function outcomeOfLostCapture(deps: Deps, paypal: PayPalClient, payment: Payment, orderId: string): Promise<PayPalCapture> {
  const outcome = await attemptOutcome(paypal, payment, orderId);
  if (outcome.seen === "capture") return outcome.report;
  if (outcome.seen === "nothing") {
    markCaptureNotTaken(deps.db, payment.id);
    throw payPalFailed();
  }
  markCaptureUnknown(deps.db, payment.id);
  log.warn("paypal capture outcome unknown", { paymentId: payment.id, orderId });
  throw beingChecked(payment);
}
