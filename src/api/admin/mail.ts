/**
 * The mail outbox (behind requireAdmin):
 *
 *   GET  /api/admin/mail?status=&page=   one page of messages, newest first, with the total (never a body)
 *   GET  /api/admin/mail/summary         how many messages have failed, for the dashboard
 *   POST /api/admin/mail/{id}/retry      sends a failed message again now
 *
 * 400 for a bad query or id (with field messages), 404 for an unknown message, 409 for a message
 * already sent or queued normally (nothing changes).
 */
import { Hono } from "hono";
import { failedMailCount, listAdminMail, type MailRetry, retryMail } from "../../db/admin-mail.server";
import type { AppDeps } from "../../server/deps";
import { HttpError, notFound } from "../../server/errors";
import { log } from "../../server/log.server";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validParams, validQuery } from "../../server/validate";
import { type AdminMailList, type AdminMailSummary, adminMailIdSchema, adminMailList } from "../../shared/admin-mail";

function retryError(result: Exclude<MailRetry, { ok: true }>): HttpError {
  switch (result.reason) {
    case "not_found":
      return notFound("There is no such message.");
    case "already_sent":
      return new HttpError(409, "already_sent", "This message has already been sent.");
    case "queued":
      return new HttpError(409, "already_queued", "This message is already queued to be sent.");
  }
}

export function adminMailApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/mail", validQuery(adminMailList.schema), (c) => {
      const body: AdminMailList = listAdminMail(deps.db, c.req.valid("query"));
      return c.json(body);
    })
    .get("/mail/summary", (c) => {
      const body: AdminMailSummary = { failed: failedMailCount(deps.db) };
      return c.json(body);
    })
    .post("/mail/:id/retry", validParams(adminMailIdSchema), (c) => {
      const id = Number(c.req.valid("param").id);
      const result = retryMail(deps.db, id, c.get("admin"));
      if (!result.ok) throw retryError(result);
      deps.outbox.kick();
      log.info("mail retried", { outboxId: id, admin: c.get("admin").username });
      return c.json(result.message);
    });
}
