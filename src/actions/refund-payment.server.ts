/**
 * The owner refunds a booking's payment from the payments list (POST /api/admin/payments/{id}/refund,
 * after the password again, decision 027): through PayPal when it was paid that way, else recorded
 * as a refund owed for the owner to send (decision 084). The sequence lives in
 * `payments/payment-refund.server.ts`; this turns its outcome into the answer.
 */
import type { AuditActor } from "../db/audit.server";
import { refundById } from "../db/refunds.server";
import { paymentRefunds } from "../payments/payment-refund.server";
import type { AppDeps } from "../server/deps";
import { HttpError, notFound } from "../server/errors";
import type { PaymentRefundAnswer } from "../shared/refunds";

/** Refunds payment `paymentId` for `admin`; throws 404, 409 (not a completed booking payment) or 502 (PayPal did not refund; nothing changed). */
export type RefundPaymentByAdmin = (admin: AuditActor, paymentId: string, note: string | undefined) => Promise<PaymentRefundAnswer>;

/** The action, made once per app so every refund goes through one PayPal client (it keeps its token). */
export function refundPaymentByAdmin(deps: Pick<AppDeps, "db" | "env" | "secrets" | "outbox">): RefundPaymentByAdmin {
  const refund = paymentRefunds(deps);
  return async (admin, paymentId, note) => {
    const result = await refund(paymentId, { admin }, note);
    if (!result.ok) {
      if (result.reason === "paypal") throw new HttpError(502, result.code, result.message);
      if (result.reason === "not_found") throw notFound(result.message);
      throw new HttpError(409, "not_allowed", result.message);
    }
    deps.outbox.kick();
    const row = refundById(deps.db, result.refundId);
    return { refundId: result.refundId, status: result.status, amount: row?.amount ?? "", currency: row?.currency ?? "" };
  };
}
