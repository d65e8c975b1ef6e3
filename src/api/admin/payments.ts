/**
 * Service payments and payment requests (behind requireAdmin):
 *
 *   GET  /api/admin/payments?status=&method=&page=   one page, newest first
 *   POST /api/admin/payments/{id}/paid                marks a payment request paid
 *
 * Only a request still `requested` (instructions or cash deposit) can be marked paid: it becomes
 * `completed` with its paid time, audited (kind payments), and counts in the dashboard's revenue.
 * 404 for an unknown payment, 409 for a PayPal payment, a shop order's payment or one already settled.
 */
import { Hono } from "hono";
import { adminPayment, listAdminPayments, markPaymentRequestPaid } from "../../db/admin-payments.server";
import type { AppDeps } from "../../server/deps";
import { HttpError, notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validQuery } from "../../server/validate";
import { adminPaymentsList } from "../../shared/admin-payments";

const unknownPayment = () => notFound("There is no such payment.");

export function adminPaymentsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/payments", validQuery(adminPaymentsList.schema), (c) => c.json(listAdminPayments(deps.db, c.req.valid("query"))))
    .post("/payments/:id/paid", (c) => {
      const id = c.req.param("id");
      const result = markPaymentRequestPaid(deps.db, id, c.get("admin"));
      if (!result.ok) {
        if (result.reason === "not_found") throw unknownPayment();
        throw new HttpError(409, "not_allowed", result.message);
      }
      const payment = adminPayment(deps.db, id);
      if (!payment) throw unknownPayment();
      return c.json(payment);
    });
}
