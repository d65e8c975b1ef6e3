/**
 * Payments (behind requireAdmin):
 *
 *   GET  /api/admin/payments?status=&method=&page=   one page of every payment, shop and service, newest first
 *   POST /api/admin/payments/{id}/paid                marks a payment request paid
 *
 * Only a request still `requested` (instructions or cash deposit) can be marked paid
 * (`markPaymentPaidByAdmin`): it becomes `completed` with its paid time, audited (kind payments), and
 * counts in the dashboard's revenue. 404 for an unknown payment, 409 for a PayPal payment, a shop
 * order's payment or one already settled.
 */
import { Hono } from "hono";
import { markPaymentPaidByAdmin } from "../../actions/mark-payment-paid.server";
import { adminPaymentsPage } from "../../reads/admin-payments.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validQuery } from "../../server/validate";
import { adminPaymentsList } from "../../shared/admin-payments";

export function adminPaymentsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/payments", validQuery(adminPaymentsList.schema), (c) => c.json(adminPaymentsPage(deps, c.req.valid("query"))))
    .post("/payments/:id/paid", (c) => c.json(markPaymentPaidByAdmin(deps, c.get("admin"), c.req.param("id"))));
}
