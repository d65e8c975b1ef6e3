/**
 * Payments (behind requireAdmin):
 *
 *   GET  /api/admin/payments?status=&method=&page=   one page of every payment, shop and service, newest first
 *   POST /api/admin/payments/{id}/paid                marks a payment request paid
 *   POST /api/admin/payments/{id}/refund  { note? }   refunds a booking's completed payment (password again, decision 027)
 *
 * Only a request still `requested` (instructions or cash deposit) can be marked paid
 * (`markPaymentPaidByAdmin`): it becomes `completed` with its paid time, audited (kind payments), and
 * counts in the dashboard's revenue. 404 for an unknown payment, 409 for a PayPal payment, a shop
 * order's payment or one already settled.
 *
 * A refund (decision 084) goes through PayPal for a PayPal payment (502 when PayPal does not refund
 * it, nothing changed) and is recorded as owed for any other, on the owner's to-do list until marked
 * sent. 409 for a payment not completed, already refunded or owed, or not a booking's.
 */
import { Hono } from "hono";
import { markPaymentPaidByAdmin } from "../../actions/mark-payment-paid.server";
import { refundPaymentByAdmin } from "../../actions/refund-payment.server";
import { adminPaymentsPage } from "../../reads/admin-payments.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { requireReauth } from "../../server/middleware/require-reauth";
import { validJson, validQuery } from "../../server/validate";
import { adminPaymentsList } from "../../shared/admin-payments";
import { paymentRefundSchema } from "../../shared/refunds";

export function adminPaymentsApi(deps: AppDeps) {
  const refundPayment = refundPaymentByAdmin(deps);
  return new Hono<AdminEnv>()
    .get("/payments", validQuery(adminPaymentsList.schema), (c) => c.json(adminPaymentsPage(deps, c.req.valid("query"))))
    .post("/payments/:id/paid", (c) => c.json(markPaymentPaidByAdmin(deps, c.get("admin"), c.req.param("id"))))
    .post("/payments/:id/refund", requireReauth(), validJson(paymentRefundSchema), async (c) =>
      c.json(await refundPayment(c.get("admin"), c.req.param("id"), c.req.valid("json").note || undefined)),
    );
}
