/**
 * Turns what PayPal reports about an order (the capture's answer, or a later lookup of the order)
 * into our record, by decision 007's rules. Shared by the capture route and the payment check, so
 * a payment found paid later is recorded exactly like one confirmed at once.
 */
import { markCaptureDeclined, markPaymentForReview, recordCapturedPayment, type BusinessContact, type Payment } from "../db/payments.server";
import { judgeCapture } from "../domain/payment";
import { mailContext } from "../mail/context.server";
import type { AppDeps } from "../server/deps";
import { log } from "../server/log.server";
import { orderChangeMail } from "../mail/order-mail.server";
import type { PayPalCapture } from "./paypal.server";
import { immediate } from "../db/client.server";
import { enqueueMail } from "../mail/outbox.server";
import { closedBookingRefundFailedNotification } from "../mail/templates/payments";
import { paymentRefunds, type RefundPaymentResult } from "./payment-refund.server";

export type CaptureSettlement =
  /** `refundBecause`: the capture paid a booking that no longer took the money; the caller refunds it (`refundCaptureOfClosedBooking`). */
  | { outcome: "completed"; payment: Payment; recorded: boolean; refundBecause?: "cancelled" | "paid" }
  | { outcome: "declined" }
  | { outcome: "review"; payment: Payment };

/** Who the payment e-mails come from and go to, read from the mail context when the message is queued. */
export function businessContact(deps: Pick<AppDeps, "db" | "env">): BusinessContact {
  const mail = mailContext(deps);
  return {
    businessName: mail.businessName,
    businessEmail: mail.businessEmail,
    businessPhone: mail.settings.phone,
    responseTimeHours: mail.settings.responseTimeHours,
  };
}

/**
 * Records what PayPal reported for our payment: paid only when the capture is COMPLETED for our
 * amount and currency (one guarded update), declined when refused, and anything else held for the
 * business to review. Only the call that changed the row queues e-mail. A payment for a shop order
 * marks the order paid with it, or goes to review when the order was closed meanwhile.
 */
export function settleReportedCapture(
  deps: Pick<AppDeps, "db" | "env" | "outbox" | "secrets">,
  payment: Payment,
  orderId: string,
  report: PayPalCapture,
  how: "captured" | "found" = "captured",
): CaptureSettlement {
  const verdict = judgeCapture(report, { amount: payment.amount, currency: payment.currency });
  if (verdict.outcome === "declined") {
    markCaptureDeclined(deps.db, payment.id);
    log.info("paypal capture declined", { paymentId: payment.id, orderId, status: report.capture?.status });
    return { outcome: "declined" };
  }
  if (verdict.outcome === "review" || report.orderId !== orderId) {
    const reported = verdict.outcome === "review" ? verdict.reported : `order ${report.orderId}`;
    const held = markPaymentForReview(
      deps.db,
      payment.id,
      { orderId, reported, captureId: report.capture?.id ?? null, payerEmail: report.payerEmail },
      businessContact(deps),
    );
    deps.outbox.kick();
    log.error("paypal capture does not match the order", { paymentId: payment.id, orderId, expected: `${payment.amount} ${payment.currency}`, reported });
    return { outcome: "review", payment: held };
  }
  // judgeCapture answers "completed" only for a capture it has seen.
  const capture = report.capture;
  if (!capture) throw new Error(`paypal order ${orderId}: a completed capture without the capture`);
  const {
    payment: paid,
    recorded,
    refundBecause,
  } = recordCapturedPayment(
    deps.db,
    payment.id,
    { captureId: capture.id, payerEmail: report.payerEmail, orderId },
    businessContact(deps),
    how,
    orderChangeMail(deps, "mark_paid"),
  );
  if (recorded) {
    deps.outbox.kick();
    log.info(how === "found" ? "paypal payment found captured" : "paypal payment captured", {
      paymentId: paid.id,
      orderId,
      amount: paid.amount,
      captureId: capture.id,
    });
  }
  // Another call settled the row first, otherwise than paid: say what is stored.
  if (paid.status !== "completed") return { outcome: "review", payment: paid };
  return { outcome: "completed", payment: paid, recorded, ...(refundBecause ? { refundBecause } : {}) };
}

/** Why the site refunds a capture at once, in the owner's words (the refund's audit entry and the alert). */
export const closedBookingRefundReasons = {
  cancelled: "The booking was cancelled before its PayPal payment completed.",
  paid: "The booking was already paid before this PayPal payment completed.",
} as const;

/**
 * Refunds through PayPal, at once, a capture that completed for a booking that no longer took the
 * money (cancelled, or paid another way, while the capture was under way). The owner was alerted
 * when it was recorded; when PayPal does not refund it, they are told to, since the money is still
 * with the business. Answers the refund's outcome.
 */
export async function refundCaptureOfClosedBooking(
  deps: Pick<AppDeps, "db" | "env" | "outbox" | "secrets">,
  payment: Payment,
  because: "cancelled" | "paid",
): Promise<RefundPaymentResult> {
  const refunded = await paymentRefunds(deps)(payment.id, { site: closedBookingRefundReasons[because] });
  if (refunded.ok) {
    log.info("paypal payment for a closed booking refunded", { paymentId: payment.id, because, refundId: refunded.refundId });
  } else {
    log.error("paypal payment for a closed booking not refunded", { paymentId: payment.id, because, reason: refunded.reason, message: refunded.message });
    const business = businessContact(deps);
    immediate(deps.db, () =>
      enqueueMail(
        deps.db,
        closedBookingRefundFailedNotification({
          ...business,
          referenceCode: payment.referenceCode,
          email: payment.email,
          serviceName: payment.serviceName,
          amount: payment.amount,
          currency: payment.currency,
          captureId: payment.providerCaptureId ?? "(not known)",
          why: because,
          failure: refunded.message,
        }),
      ),
    );
  }
  deps.outbox.kick();
  return refunded;
}
