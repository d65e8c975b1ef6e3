/** The record of the scheduled backups (`backup_runs`): one row per run, the newest telling whether the last one failed. */
import { desc, sql } from "drizzle-orm";
import { immediate, type Db } from "./client.server";
import { backupRuns } from "./schema";

export type BackupRun = typeof backupRuns.$inferSelect;
export type BackupRunOutcome = Omit<typeof backupRuns.$inferInsert, "id">;

/** How many runs are remembered: more than a year of daily backups. */
export const keptBackupRuns = 400;

/** Records how one run ended, forgetting the oldest beyond `keptBackupRuns`. */
export function recordBackupRun(db: Db, run: BackupRunOutcome): void {
  immediate(db, () => {
    db.insert(backupRuns).values(run).run();
    db.run(
      sql`DELETE FROM ${backupRuns} WHERE ${backupRuns.id} NOT IN (SELECT ${backupRuns.id} FROM ${backupRuns} ORDER BY ${backupRuns.startedAt} DESC, ${backupRuns.id} DESC LIMIT ${keptBackupRuns})`,
    );
  });
}

/** The newest run, or null before the first. */
export function lastBackupRun(db: Db): BackupRun | null {
  return db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(1).get() ?? null;
}

/** The newest run that succeeded, or null. */
export function lastGoodBackupRun(db: Db): BackupRun | null {
  return db.select().from(backupRuns).where(sql`${backupRuns.ok} = 1`).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(1).get() ?? null;
}
