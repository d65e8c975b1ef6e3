/**
 * The admin portal's view of the outbox (`/api/admin/mail`): one page of messages, newest first,
 * filtered by the status the owner sees (`outboxStatusShown`: a pending message whose last attempt
 * failed counts as failed), the count of failed messages for the dashboard, and retrying a failed
 * message now. Bodies, reply-to addresses and attachments are never read here: customers' e-mails
 * are private.
 */
import { and, count, desc, eq, isNotNull, isNull, ne, or, type SQL } from "drizzle-orm";
import { type OutboxStatus, outboxStatusShown } from "../domain/outbox";
import { retryDelayMs } from "../mail/outbox.server";
import { type AdminMailList, type AdminMailQuery, type AdminMailRow, adminMailPageSize } from "../shared/admin-mail";
import { type AuditActor, recordAudit } from "./audit.server";
import { type Db, immediate } from "./client.server";
import { outbox } from "./schema";

/** The rows the owner sees with `status`. */
function shownAs(status: OutboxStatus): SQL {
  switch (status) {
    case "sent":
      return eq(outbox.status, "sent");
    case "pending":
      return and(eq(outbox.status, "pending"), isNull(outbox.lastError)) as SQL;
    case "failed":
      return or(eq(outbox.status, "failed"), and(eq(outbox.status, "pending"), isNotNull(outbox.lastError))) as SQL;
  }
}

const rowColumns = {
  id: outbox.id,
  to: outbox.to,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
  nextAttemptAt: outbox.nextAttemptAt,
};
type Row = {
  id: number;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
};

function toView(row: Row): AdminMailRow {
  const status = outboxStatusShown(row);
  // The worker sets the next attempt to the failed attempt's time plus the backoff, so that time is known.
  const lastAttempt = row.sentAt ?? (row.lastError !== null && row.attempts > 0 ? new Date(row.nextAttemptAt.getTime() - retryDelayMs(row.attempts)) : null);
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: lastAttempt?.toISOString() ?? null,
    nextAttemptAt: row.status === "sent" ? null : row.nextAttemptAt.toISOString(),
    retryable: status === "failed",
  };
}

/** One page of messages, newest first (ties: the later queued first), and how many match in all. */
export function listAdminMail(db: Db, query: AdminMailQuery): AdminMailList {
  const where = query.status ? shownAs(query.status) : undefined;
  // One read transaction, so the page and the total agree.
  return db.$client.transaction(() => {
    const total = db.select({ n: count() }).from(outbox).where(where).get()?.n ?? 0;
    const rows = db
      .select(rowColumns)
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(adminMailPageSize)
      .offset((query.page - 1) * adminMailPageSize)
      .all();
    return { messages: rows.map(toView), total, page: query.page, pageSize: adminMailPageSize };
  })();
}

/** How many messages have failed (the dashboard's banner). */
export function failedMailCount(db: Db): number {
  return db.select({ n: count() }).from(outbox).where(shownAs("failed")).get()?.n ?? 0;
}

export type MailRetry = { ok: true; message: AdminMailRow } | { ok: false; reason: "not_found" | "already_sent" | "queued" };

/**
 * Puts a failed message back to be sent now (its attempts kept, its last error cleared so it reads
 * as queued until the worker tries it), with the audit entry, in one immediate transaction.
 * Refused (nothing changed) for an unknown message, a sent one, or one queued normally.
 */
export function retryMail(db: Db, id: number, actor: AuditActor, now = new Date()): MailRetry {
  return immediate(db, () => {
    const row = db.select(rowColumns).from(outbox).where(eq(outbox.id, id)).get();
    if (!row) return { ok: false, reason: "not_found" };
    if (row.status === "sent") return { ok: false, reason: "already_sent" };
    if (outboxStatusShown(row) !== "failed") return { ok: false, reason: "queued" };
    const updated = db
      .update(outbox)
      .set({ status: "pending", nextAttemptAt: now, lastError: null })
      .where(and(eq(outbox.id, id), ne(outbox.status, "sent")))
      .returning(rowColumns)
      .get();
    if (!updated) throw new Error(`outbox message ${id} vanished inside the transaction`);
    recordAudit(
      db,
      actor,
      {
        kind: "mail",
        action: "mail.retry",
        recordId: id,
        summary: `Retried the e-mail "${row.subject}" to ${row.to}`,
        before: { status: outboxStatusShown(row), attempts: row.attempts, lastError: row.lastError },
        after: { status: "pending", nextAttemptAt: now.toISOString() },
      },
      now,
    );
    return { ok: true, message: toView(updated) };
  });
}
