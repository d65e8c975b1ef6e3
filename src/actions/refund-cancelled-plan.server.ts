/**
 * What a cancelled booking's payment plan paid goes back (decision 085): each paid instalment is
 * refunded by the refund rules (decision 084), PayPal through its API, any other way as a refund
 * owed on the owner's to-do list, the customer told either way. Called after the cancellation's
 * transaction (which cancelled the instalments not paid), one payment at a time; a refund that
 * fails is logged, and the payment stays paid and refundable from the payments list.
 */
import { type RefundPaymentResult, paymentRefunds } from "../payments/payment-refund.server";
import type { AppDeps } from "../server/deps";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";

/** Why the site refunds them, in the owner's words (the audit entry and the alert). */
export const cancelledPlanRefundReason = "The booking was cancelled.";

/** Refunds the payments `paymentIds` of a cancelled booking's plan; answers each result. */
export async function refundCancelledPlan(
  deps: ActionDeps & Pick<AppDeps, "secrets">,
  bookingId: string,
  paymentIds: readonly string[],
): Promise<RefundPaymentResult[]> {
  const refund = paymentRefunds(deps);
  const results: RefundPaymentResult[] = [];
  for (const paymentId of paymentIds) {
    try {
      const result = await refund(paymentId, { site: cancelledPlanRefundReason });
      if (!result.ok) log.warn("cancelled plan: instalment not refunded", { bookingId, paymentId, reason: result.reason, message: result.message });
      results.push(result);
    } catch (error) {
      log.error("cancelled plan: instalment refund failed", { bookingId, paymentId, error: String(error) });
      results.push({ ok: false, reason: "paypal", code: "error", message: String(error) });
    }
  }
  if (paymentIds.length > 0) deps.outbox.kick();
  return results;
}
