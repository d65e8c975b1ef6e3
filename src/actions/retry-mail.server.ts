/**
 * The owner sends a failed message again (POST /api/admin/mail/{id}/retry): it goes back into the
 * outbox with its tries reset and an audit entry, in one transaction (`retryMail`), and the outbox
 * is woken to send it now. A message already sent or still queued is left alone.
 */
import { type MailRetry, retryMail } from "../db/admin-mail.server";
import type { AuditActor } from "../db/audit.server";
import { HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import type { AdminMailRow } from "../shared/admin-mail";
import type { ActionDeps } from "./action";

function retryRefusal(result: Exclude<MailRetry, { ok: true }>): HttpError {
  switch (result.reason) {
    case "not_found":
      return notFound("There is no such message.");
    case "already_sent":
      return new HttpError(409, "already_sent", "This message has already been sent.");
    case "queued":
      return new HttpError(409, "already_queued", "This message is already queued to be sent.");
  }
}

/** Queues failed message `outboxId` again for `admin`; answers it as the list shows it, or throws 404 or 409. */
export function retryMailByAdmin(deps: ActionDeps, admin: AuditActor, outboxId: number, now = new Date()): AdminMailRow {
  const result = retryMail(deps.db, outboxId, admin, now);
  if (!result.ok) throw retryRefusal(result);
  deps.outbox.kick();
  log.info("mail retried", { outboxId, admin: admin.username });
  return result.message;
}
