/**
 * Writing to the audit log. Every admin change calls `recordAudit` inside the transaction that makes
 * the change, so a change and its record are written together or not at all. The log is
 * append-only: the database refuses updates and deletes of its rows (migration 0006).
 */
import type { AuditKind } from "../domain/audit";
import type { Db } from "./client.server";
import { auditLog } from "./schema";

/** The admin making a change, as the token guard knows them. */
export type AuditActor = { id: number; username: string };

export type AuditEntry = {
  kind: AuditKind;
  /** What was done, as a short dotted verb: "pricing.update", "order.mark_paid", "user.suspend". */
  action: string;
  /** The record changed (a product id, an order number, a setting key), when there is one. */
  recordId?: string | number | null;
  /** A sentence the owner reads in the log. */
  summary: string;
  /** The values before and after, for prices and settings (and wherever else they help). */
  before?: unknown;
  after?: unknown;
};

/** Appends one entry. Call inside the transaction that makes the change. */
export function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, now = new Date()): void {
  db.insert(auditLog)
    .values({
      adminId: actor.id,
      adminUsername: actor.username,
      kind: entry.kind,
      action: entry.action,
      recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
      summary: entry.summary,
      before: entry.before === undefined ? null : entry.before,
      after: entry.after === undefined ? null : entry.after,
      createdAt: now,
    })
    .run();
}
