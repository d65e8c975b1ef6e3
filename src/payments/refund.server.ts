/**
 * The owner's refund of a shop order. A paid PayPal order is refunded by PayPal first (the order's
 * whole total, on its capture); only once PayPal reports the refund completed are the order and its
 * payment rows marked refunded, in one transaction with the refund's id in the history note, the
 * audit entry and the customer's e-mail. The PayPal call stays outside any transaction. Any other
 * order the owner pays back by hand: it is recorded as a refund owed (to-do list, "on its way" to the
 * customer) until they mark it sent (decision 084). A refused or lost refund changes nothing.
 */
import { adminOrderRow, capturedPaymentCurrency, recordPayPalRefund } from "../db/admin-orders.server";
import type { AuditActor } from "../db/audit.server";
import type { ChangeOrderResult } from "../db/orders.server";
import { recordOrderRefund } from "../db/refunds.server";
import { orderChangeMail, orderRefundOwedMail } from "../mail/order-mail.server";
import type { AppDeps } from "../server/deps";
import { log } from "../server/log.server";
import { allowedOrderActions } from "../shared/admin-orders";
import { PayPalError, type PayPalClient, paypalClientFromEnv } from "./paypal.server";

/** Why PayPal did not refund: not configured here, refused or unreachable, or not (yet) completed. */
export type PayPalRefundFailure = {
  ok: false;
  reason: "paypal";
  code: "paypal_unavailable" | "no_capture" | "refund_failed" | "refund_not_completed";
  message: string;
};

export type RefundOrderResult = ChangeOrderResult | PayPalRefundFailure;

type Deps = Pick<AppDeps, "db" | "env" | "secrets">;

/** The owner's refunds, all through one PayPal client (none when PayPal is not configured here). */
export function orderRefunds(deps: Deps): (orderNumber: string, admin: AuditActor, note: string | undefined) => Promise<RefundOrderResult> {
  const paypal = paypalClientFromEnv(deps.env);
  return (orderNumber, admin, note) => refundOrder(deps, paypal, orderNumber, admin, note);
}

/** Refunds the order with this number for the owner: through PayPal when it was paid that way. */
export async function refundOrder(
  deps: Deps,
  paypal: PayPalClient | null,
  orderNumber: string,
  admin: AuditActor,
  note: string | undefined,
): Promise<RefundOrderResult> {
  const order = adminOrderRow(deps.db, orderNumber);
  if (!order) return { ok: false, reason: "not_found" };
  const captureId = order.paymentIntentId;
  if (!(order.paymentMethod === "paypal" && order.paymentStatus === "paid" && captureId)) {
    // Paid any other way, the owner sends the money back by hand: a refund owed, on the to-do list,
    // the customer told it is on its way (decision 084).
    return recordOrderRefund(deps.db, order.id, { status: "owed", note, admin }, new Date(), orderRefundOwedMail(deps));
  }
  if (!allowedOrderActions(order).includes("refund")) return { ok: false, reason: "not_allowed", message: `A ${order.status} order cannot be refunded.` };
  if (!paypal) return paypalFailure("paypal_unavailable", "PayPal is not configured, so this PayPal payment cannot be refunded from here.");

  const currency = capturedPaymentCurrency(deps.db, order.id, captureId) ?? order.currency;
  const refunded = await refundCaptureThroughPayPal(paypal, captureId, { amount: order.totalAmount, currency }, `refund-${order.orderNumber}`, { orderNumber });
  if (!refunded.ok) return refunded;
  const { refund } = refunded;
  const historyNote = [`PayPal refund ${refund.id}`, note].filter(Boolean).join(". ");
  const result = recordPayPalRefund(deps.db, order.id, historyNote, admin, new Date(), orderChangeMail(deps, "refund"), refund.id);
  if (!result.ok) log.error("paypal refunded an order that could not be marked refunded", { orderNumber, refundId: refund.id });
  return result;
}

/**
 * Asks PayPal to refund a capture in full and answers the refund once PayPal reports it completed;
 * refused, unreachable or not completed, the owner is told what to do and nothing is to change.
 * `requestId` makes a retry PayPal's first refund; `about` names the subject in the log. Shared by
 * an order's refund and a booking payment's.
 */
export async function refundCaptureThroughPayPal(
  paypal: PayPalClient,
  captureId: string,
  money: { amount: string; currency: string },
  requestId: string,
  about: Record<string, string>,
): Promise<{ ok: true; refund: { id: string; status: string } } | PayPalRefundFailure> {
  let refund: { id: string; status: string };
  try {
    refund = await paypal.refundCapture(captureId, money, requestId);
  } catch (err) {
    log.warn("paypal refund failed", { ...about, error: err instanceof Error ? err.message : String(err) });
    const issue = err instanceof PayPalError && err.issue ? ` (${err.issue})` : "";
    return paypalFailure("refund_failed", `PayPal did not refund this payment${issue}. Nothing was changed; try again or refund it in PayPal.`);
  }
  if (refund.status !== "COMPLETED") {
    log.warn("paypal refund not completed", { ...about, refundId: refund.id, status: refund.status });
    return paypalFailure("refund_not_completed", `PayPal reports refund ${refund.id} as ${refund.status}. Nothing was changed here; check it in PayPal.`);
  }
  return { ok: true, refund };
}

export function paypalFailure(code: PayPalRefundFailure["code"], message: string): PayPalRefundFailure {
  return { ok: false, reason: "paypal", code, message };
}
