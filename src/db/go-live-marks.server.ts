/**
 * The owner's marks on the "Before you go live" checklist (decision 074): a line set aside as not
 * used or as kept, with the reason, each set and undone with an audit entry in the same
 * transaction; and which settings the owner has saved at least once, read from the audit log
 * (append-only), so a shipped value the owner saved as it was counts as chosen.
 */
import { and, eq } from "drizzle-orm";
import type { GoLiveMark, GoLiveMarkKind } from "../shared/go-live";
import { type AuditActor, recordAudit } from "./audit.server";
import { type Db, immediate } from "./client.server";
import { auditLog, goLiveMarks } from "./schema";

const markWords: Record<GoLiveMarkKind, string> = { not_used: "as not used", kept: "as kept" };

/** Every mark, by the line it sets aside. */
export function goLiveMarksByItem(db: Db): Map<string, GoLiveMark> {
  const rows = db.select().from(goLiveMarks).all();
  return new Map(rows.map((r) => [r.item, { kind: r.mark, reason: r.reason, by: r.adminUsername, at: r.createdAt.toISOString() }]));
}

/** The settings an admin has saved at least once (each save of a setting is in the audit log). */
export function settingsSavedByOwner(db: Db): Set<string> {
  const rows = db
    .selectDistinct({ key: auditLog.recordId })
    .from(auditLog)
    .where(and(eq(auditLog.kind, "settings"), eq(auditLog.action, "setting.update")))
    .all();
  return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
}

/** Sets line `item` (titled `title`) aside as `kind` with `reason`, replacing an earlier mark; audited. */
export function setGoLiveItemAside(db: Db, actor: AuditActor, item: string, title: string, kind: GoLiveMarkKind, reason: string, now = new Date()): void {
  immediate(db, () => {
    const before = db.select().from(goLiveMarks).where(eq(goLiveMarks.item, item)).get();
    db.insert(goLiveMarks)
      .values({ item, mark: kind, reason, adminId: actor.id, adminUsername: actor.username, createdAt: now })
      .onConflictDoUpdate({ target: goLiveMarks.item, set: { mark: kind, reason, adminId: actor.id, adminUsername: actor.username, createdAt: now } })
      .run();
    recordAudit(
      db,
      actor,
      {
        kind: "settings",
        action: "go_live.set_aside",
        recordId: item,
        summary: `Set "${title}" aside ${markWords[kind]} on the go-live checklist: ${reason}`,
        before: before ? { mark: before.mark, reason: before.reason } : undefined,
        after: { mark: kind, reason },
      },
      now,
    );
  });
}

/** Puts line `item` back on the checklist; false when it was not set aside. Audited. */
export function undoGoLiveSetAside(db: Db, actor: AuditActor, item: string, title: string, now = new Date()): boolean {
  return immediate(db, () => {
    const before = db.delete(goLiveMarks).where(eq(goLiveMarks.item, item)).returning().get();
    if (!before) return false;
    recordAudit(
      db,
      actor,
      {
        kind: "settings",
        action: "go_live.undo_set_aside",
        recordId: item,
        summary: `Put "${title}" back on the go-live checklist`,
        before: { mark: before.mark, reason: before.reason },
      },
      now,
    );
    return true;
  });
}
