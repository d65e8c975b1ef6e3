/**
 * Refunds (behind requireAdmin, owners only like the payments list):
 *
 *   POST /api/admin/refunds/{id}/sent  { sentOn }   the owner sent a refund that was owed, on that date
 *
 * `sentOn` is YYYY-MM-DD, no later than today in the business's time zone (400 otherwise). The refund
 * becomes sent, the payment or the order's payment refunded, audited, and the customer told (decision
 * 084). 404 for an unknown refund, 409 for one not owed (already sent, or made through PayPal).
 */
import { Hono } from "hono";
import { markRefundSentByAdmin } from "../../actions/mark-refund-sent.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson } from "../../server/validate";
import { refundSentSchema } from "../../shared/refunds";

export function adminRefundsApi(deps: AppDeps) {
  return new Hono<AdminEnv>().post("/refunds/:id/sent", validJson(refundSentSchema), (c) =>
    c.json(markRefundSentByAdmin(deps, c.get("admin"), c.req.param("id"), c.req.valid("json"))),
  );
}
