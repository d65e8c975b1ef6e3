/**
 * The mail outbox (behind requireAdmin):
 *
 *   GET  /api/admin/mail?status=&page=   one page of messages, newest first, with the total (never a body)
 *   GET  /api/admin/mail/summary         how many messages have failed, for the dashboard
 *   POST /api/admin/mail/{id}/retry      sends a failed message again now
 *
 * The retry is an action (`retryMailByAdmin`). 400 for a bad query or id (with field messages), 404 for an unknown message, 409 for a message
 * already sent or queued normally (nothing changes).
 */
import { Hono } from "hono";
import { retryMailByAdmin } from "../../actions/retry-mail.server";
import { adminMailPage, adminMailSummary } from "../../reads/admin-mail.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validParams, validQuery } from "../../server/validate";
import { type AdminMailList, type AdminMailSummary, adminMailIdSchema, adminMailList } from "../../shared/admin-mail";

export function adminMailApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/mail", validQuery(adminMailList.schema), (c) => {
      const body: AdminMailList = adminMailPage(deps, c.req.valid("query"));
      return c.json(body);
    })
    .get("/mail/summary", (c) => {
      const body: AdminMailSummary = adminMailSummary(deps);
      return c.json(body);
    })
    .post("/mail/:id/retry", validParams(adminMailIdSchema), (c) => c.json(retryMailByAdmin(deps, c.get("admin"), Number(c.req.valid("param").id))));
}
