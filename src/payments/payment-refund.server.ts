/**
 * Refunds of a booking's payment (a whole booking or one instalment), by the owner from the payments
 * list or by the site (a capture that completed after its booking was cancelled, a cancelled plan).
 * A PayPal payment is refunded through PayPal first (its whole captured amount, on its capture, with
 * a request id derived from the payment so a retry is PayPal's first refund); only once PayPal reports
 * it completed is it recorded, with the customer's e-mail and the audit entry in one transaction. Any
 * other payment (bank transfer, cryptocurrency, cash) the owner pays back by hand: it is recorded as a
 * refund owed, put on the to-do list, and the customer told it is on its way (decision 084). The PayPal
 * call stays outside any transaction; a refused or lost refund changes nothing.
 */
import type { Db } from "../db/client.server";
import { paymentRefundRefusal, paymentToRefund, type RefundBy, type RefundMailTarget, type RefundRow, recordPaymentRefund } from "../db/refunds.server";
import { getSettings } from "../db/settings.server";
import { refundedByPayPal } from "../domain/refund";
import { mailContextFrom } from "../mail/context.server";
import { enqueueMail, type MailMessage } from "../mail/outbox.server";
import { type RefundMailInput, refundedThroughPayPalMail, refundOnItsWayMail } from "../mail/templates/refunds";
import type { AppDeps } from "../server/deps";
import { log } from "../server/log.server";
import { type PayPalClient, paypalClientFromEnv } from "./paypal.server";
import { paypalFailure, refundCaptureThroughPayPal } from "./refund.server";

/** Who refunds: `{ admin }` in the portal, or `{ site: why }`, why in the owner's words (for the audit and the alert). */
export type { RefundBy };

export type RefundPaymentResult =
  | { ok: true; status: "owed" | "completed"; refundId: string }
  | { ok: false; reason: "not_found" | "not_allowed"; message: string }
  | { ok: false; reason: "paypal"; code: string; message: string };

type Deps = Pick<AppDeps, "db" | "env" | "secrets">;

/**
 * Refunds one completed payment row (a booking payment or an instalment): PayPal through its API
 * (whole captured amount), any other method as a refund owed (to-do list + "your refund of X is on
 * its way" e-mail); audited. Async: the PayPal call is outside any transaction.
 */
export function paymentRefunds(deps: Deps): (paymentId: string, by: RefundBy, note?: string) => Promise<RefundPaymentResult> {
  const paypal = paypalClientFromEnv(deps.env);
  return (paymentId, by, note) => refundPayment(deps, paypal, paymentId, by, note);
}

/** Queues a refund's e-mail to the customer, written with the settings as saved now. Call inside the refund's transaction. */
export function queueRefundMail(db: Db, deps: Pick<AppDeps, "env">, target: RefundMailTarget, template: (m: RefundMailInput) => MailMessage): void {
  if (!target.to) {
    log.warn("refund mail not sent: no proven address", { subject: target.subject });
    return;
  }
  const ctx = mailContextFrom(getSettings(db), deps);
  enqueueMail(
    db,
    template({
      to: target.to,
      subject: target.subject,
      url: `${ctx.origin}${target.path}`,
      amount: target.amount,
      currency: target.currency,
      method: target.method,
      businessName: ctx.businessName,
      businessEmail: ctx.businessEmail,
    }),
  );
}

/** Refunds payment `paymentId`: through PayPal when it was paid that way, else as a refund owed. */
export async function refundPayment(
  deps: Deps,
  paypal: PayPalClient | null,
  paymentId: string,
  by: RefundBy,
  note?: string,
  now: () => Date = () => new Date(),
): Promise<RefundPaymentResult> {
  const payment = paymentToRefund(deps.db, paymentId);
  if (!payment) return { ok: false, reason: "not_found", message: "There is no such payment." };
  const refusal = paymentRefundRefusal(payment);
  if (refusal) return { ok: false, reason: "not_allowed", message: refusal };

  const recorded = (status: "owed" | "completed", template: (m: RefundMailInput) => MailMessage, providerRefundId?: string): RefundPaymentResult => {
    const result = recordPaymentRefund(deps.db, { paymentId, status, providerRefundId, note, by }, now(), (_refund: RefundRow, target) =>
      queueRefundMail(deps.db, deps, target, template),
    );
    if (!result.ok) {
      if (providerRefundId) log.error("paypal refunded a payment that could not be recorded", { paymentId, refundId: providerRefundId });
      return result.reason === "not_found" ? { ok: false, reason: "not_found", message: "There is no such payment." } : result;
    }
    return { ok: true, status, refundId: result.refund.id };
  };

  if (!refundedByPayPal(payment.method)) return recorded("owed", refundOnItsWayMail);

  const captureId = payment.providerCaptureId;
  if (!captureId) return paypalFailure("no_capture", "PayPal holds no capture for this payment, so it cannot be refunded from here; refund it in PayPal.");
  if (!paypal) return paypalFailure("paypal_unavailable", "PayPal is not configured, so this PayPal payment cannot be refunded from here.");
  const refunded = await refundCaptureThroughPayPal(
    paypal,
    captureId,
    { amount: payment.amount, currency: payment.currency },
    `refund-${payment.referenceCode}`,
    { paymentId },
  );
  if (!refunded.ok) return refunded;
  const { refund } = refunded;
  return recorded("completed", refundedThroughPayPalMail, refund.id);
}
