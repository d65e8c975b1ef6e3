/** The record of the scheduled backups (`backup_runs`): one row per run, the newest telling whether the last one failed. */
import { desc, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { backupRuns } from "./schema";

export type BackupRun = typeof backupRuns.$inferSelect;
export type BackupRunOutcome = Omit<typeof backupRuns.$inferInsert, "id">;

/** Records how one run ended. */
export function recordBackupRun(db: Db, run: BackupRunOutcome): void {
  db.insert(backupRuns).values(run).run();
}

/** The newest run, or null before the first. */
export function lastBackupRun(db: Db): BackupRun | null {
  return db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(1).get() ?? null;
}

/** The newest run that succeeded, or null. */
export function lastGoodBackupRun(db: Db): BackupRun | null {
  return (
    db
      .select()
      .from(backupRuns)
      .where(sql`${backupRuns.ok} = 1`)
      .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
      .limit(1)
      .get() ?? null
  );
}
