/**
 * The owner marks a payment request paid (POST /api/admin/payments/{id}/paid): the money arrived
 * by bank transfer, crypto or cash. The payments' transition table (`domain/payment.ts`) decides
 * whether it may be; the change, its tax invoice and the audit entry are one transaction
 * (`markPaymentRequestPaid`). No e-mail: the customer paid, and was told how when asked to.
 */
import { adminPayment, markPaymentRequestPaid } from "../db/admin-payments.server";
import type { AuditActor } from "../db/audit.server";
import { HttpError, notFound } from "../server/errors";
import type { AdminPayment } from "../shared/admin-payments";
import type { ActionDeps } from "./action";

const unknownPayment = () => notFound("There is no such payment.");

/** Marks payment request `paymentId` paid for `admin`; answers it as the list shows it, or throws 404 or 409 with the table's reason. */
export function markPaymentPaidByAdmin(deps: ActionDeps, admin: AuditActor, paymentId: string, now = new Date()): AdminPayment {
  const result = markPaymentRequestPaid(deps.db, paymentId, admin, now);
  if (!result.ok) {
    if (result.reason === "not_found") throw unknownPayment();
    throw new HttpError(409, "not_allowed", result.message);
  }
  const payment = adminPayment(deps.db, paymentId);
  if (!payment) throw unknownPayment();
  return payment;
}
