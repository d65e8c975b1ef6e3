/**
 * The scheduled backup (decision 049): every few minutes the job asks whether a backup is due (the
 * `backupHour` / `backupEveryHours` settings, business timezone; an hour after a failed run), and if
 * so writes one with `backupDatabase` (the same file as `pi-site backup`: the database and the
 * uploaded images) into `<DATA_DIR>/backups/`, checks the copy with `PRAGMA integrity_check`, prunes
 * the folder to 7 daily and 4 weekly copies, and hands the new file to `BACKUP_COMMAND` when set.
 * Each run is recorded in `backup_runs`; a failure is logged and shown on the dashboard's to-do list
 * until a later run succeeds.
 */
import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { backupDatabase, checkBackupIntegrity } from "../db/backup.server";
import { lastBackupRun, recordBackupRun, type BackupRunOutcome } from "../db/backup-runs.server";
import { getSettings } from "../db/settings.server";
import { backupFileName, backupIsDue, backupsToPrune } from "../domain/backups";
import { runBackupCommand } from "./backup-command.server";
import { handCaseFilesOffsite } from "./case-retention.server";
import type { AppDeps } from "./deps";
import { log } from "./log.server";
import { type StopJob, startRepeatingJob } from "./repeating-job.server";

type BackupDeps = Pick<AppDeps, "db" | "env">;

/** The folder of the scheduled backups. */
export function backupsDir(dataDir: string): string {
  return join(dataDir, "backups");
}

/** What one scheduled run did. */
export type BackupRunResult = { ran: false } | { ran: true; outcome: BackupRunOutcome };

/** For tests only: runs between writing the copy and checking it (to damage it as a failing disk would). */
export type BackupTestHooks = { afterWrite?: (file: string) => void };

const hourMs = 60 * 60 * 1000;
/** How soon a failed run is tried again (a scheduled time may come sooner). */
export const backupRetryMs = hourMs;

/** Deletes `file` if it can; a cleanup that fails must not hide the error being reported. */
function removeQuietly(file: string) {
  try {
    rmSync(file, { force: true });
  } catch {
    // nothing more to do
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Takes a backup now, whatever the schedule says; records and answers how it ended. */
export async function takeScheduledBackup(deps: BackupDeps, now = new Date(), hooks: BackupTestHooks = {}): Promise<BackupRunOutcome> {
  const dir = backupsDir(deps.env.DATA_DIR);
  const fileName = backupFileName(now);
  const file = join(dir, fileName);
  const realStart = Date.now();
  const end = (outcome: Omit<BackupRunOutcome, "startedAt" | "finishedAt">): BackupRunOutcome => {
    const run = { ...outcome, startedAt: now, finishedAt: new Date(now.getTime() + (Date.now() - realStart)) };
    recordBackupRun(deps.db, run);
    if (run.ok) log.info("backup done", { file, message: run.message ?? undefined });
    else log.error("backup failed", { step: run.failedStep, file: run.fileName ? file : undefined, message: run.message });
    return run;
  };

  // Written under a temporary name and renamed when complete: a half-written file never looks like a backup.
  const partial = `${file}.partial`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    rmSync(partial, { force: true });
    const { missing } = backupDatabase(deps.db, deps.env.DATA_DIR, partial);
    renameSync(partial, file);
    if (missing.length) log.warn("uploaded files missing from the data folder, not in the backup", { missing });
  } catch (err) {
    removeQuietly(partial);
    return end({ fileName: null, ok: false, failedStep: "backup", message: errorText(err) });
  }

  hooks.afterWrite?.(file);
  const integrity = checkBackupIntegrity(file);
  if (integrity !== "ok") {
    // A damaged copy must neither count as the day's backup nor leave the machine.
    rmSync(file, { force: true });
    return end({ fileName, ok: false, failedStep: "check", message: `the copy failed the integrity check and was deleted: ${integrity}` });
  }

  const { remove } = backupsToPrune(readdirSync(dir), getSettings(deps.db).timezone);
  for (const old of remove) rmSync(join(dir, old), { force: true });

  const command = deps.env.BACKUP_COMMAND;
  if (!command) return end({ fileName, ok: true, failedStep: null, message: null });
  const handed = await runBackupCommand(command, file, deps.env.BACKUP_COMMAND_TIMEOUT_SECONDS * 1000);
  if (!handed.ok) {
    const message = handed.output ? `${handed.message}: ${handed.output.slice(-500)}` : handed.message;
    return end({ fileName, ok: false, failedStep: "command", message });
  }
  // The case files are not in the database's copy: each goes to the same command as its own
  // (encrypted) file, once (decision 082).
  const caseFiles = await handCaseFilesOffsite(deps, command, now);
  if (caseFiles.problem) return end({ fileName, ok: false, failedStep: "command", message: caseFiles.problem });
  return end({ fileName, ok: true, failedStep: null, message: handed.output ? handed.output.slice(-500) : null });
}

/** Takes a backup if one is due at `now` (see the module comment); answers whether it ran and how it ended. */
export async function runScheduledBackupIfDue(deps: BackupDeps, now = new Date(), hooks: BackupTestHooks = {}): Promise<BackupRunResult> {
  const settings = getSettings(deps.db);
  const last = lastBackupRun(deps.db);
  const scheduled = backupIsDue(last?.startedAt ?? null, now, settings.timezone, settings.backupHour, settings.backupEveryHours);
  const retry = last !== null && !last.ok && now.getTime() - last.startedAt.getTime() >= backupRetryMs;
  if (!scheduled && !retry) return { ran: false };
  return { ran: true, outcome: await takeScheduledBackup(deps, now, hooks) };
}

const fiveMinutesMs = 5 * 60 * 1000;

/** Checks now and then every `intervalMs`; returns a function that stops the timer. */
export function startScheduledBackups(deps: BackupDeps, intervalMs = fiveMinutesMs): StopJob {
  return startRepeatingJob("scheduled backup", () => runScheduledBackupIfDue(deps), intervalMs);
}
