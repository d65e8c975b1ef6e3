/**
 * The case files' retention job (decision 082), every few minutes under the job lease: it warns
 * each closed case's client a week before its files go (once per closing), destroys the files of
 * cases closed `caseFileRetentionDays` ago (keys first, in the database's transaction, then the
 * files on disk), and removes from the case files' folder anything no row keeps (left behind by a
 * stop between a deletion's commit and its files' removal). Uploads left unfinished are the upload
 * housekeeping's, not this job's. The off-site copies of the files are handed over with the
 * scheduled backups (`handCaseFilesOffsite`).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  caseFilesNotOffsite,
  caseFileStillReady,
  caseRoomsDueForDeletion,
  caseRoomsToWarn,
  claimRetentionWarning,
  deleteClosedCaseFiles,
  keptCaseFileNames,
  markCaseFileOffsite,
} from "../db/case-retention.server";
import { getSettings } from "../db/settings.server";
import { queueCaseRetentionWarning } from "../mail/case-room-mail.server";
import { runBackupCommand } from "./backup-command.server";
import { caseFilesDir, destroyCaseFile } from "./case-files/case-file-store.server";
import type { AppDeps } from "./deps";
import { log } from "./log.server";
import { type StopJob, startRepeatingJob } from "./repeating-job.server";

type RetentionDeps = Pick<AppDeps, "db" | "env" | "outbox">;

/** What one run did. */
export type CaseRetentionRun = { warned: number; roomsDeleted: number; filesDeleted: number; leftoversRemoved: number };

/** A file in the folder younger than this is never taken for a leftover: its row may still be on its way. */
const leftoverAgeMs = 60 * 60 * 1000;

/** Runs retention as of `now`. */
export function runCaseRetention(deps: RetentionDeps, now = new Date()): CaseRetentionRun {
  const days = getSettings(deps.db).caseFileRetentionDays;
  const run: CaseRetentionRun = { warned: 0, roomsDeleted: 0, filesDeleted: 0, leftoversRemoved: 0 };

  for (const caseRoomId of caseRoomsDueForDeletion(deps.db, days, now)) {
    const files = deleteClosedCaseFiles(deps.db, caseRoomId, days, now);
    if (files === null) continue;
    run.roomsDeleted++;
    for (const storageName of files) destroyCaseFile(deps.env.DATA_DIR, storageName);
    run.filesDeleted += files.length;
  }

  for (const caseRoomId of caseRoomsToWarn(deps.db, days, now)) {
    if (claimRetentionWarning(deps.db, caseRoomId, days, now, (deleteOn) => queueCaseRetentionWarning(deps.db, caseRoomId, deleteOn, now))) run.warned++;
  }
  if (run.warned > 0) deps.outbox.kick();

  run.leftoversRemoved = removeLeftoverCaseFiles(deps);
  if (run.roomsDeleted > 0 || run.warned > 0 || run.leftoversRemoved > 0) log.info("case file retention", run);
  return run;
}

/** Removes files in the case files' folder that no row keeps, once they are an hour old (by the disk's clock); answers how many. */
export function removeLeftoverCaseFiles(deps: Pick<AppDeps, "db" | "env">): number {
  const dir = caseFilesDir(deps.env.DATA_DIR);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0; // no folder yet: no case file was ever added
  }
  if (names.length === 0) return 0;
  const kept = keptCaseFileNames(deps.db);
  let removed = 0;
  for (const name of names) {
    const storageName = name.endsWith(".part") ? name.slice(0, -".part".length) : name;
    if (kept.has(storageName)) continue;
    try {
      if (Date.now() - statSync(join(dir, name)).mtimeMs < leftoverAgeMs) continue;
    } catch {
      continue; // gone meanwhile
    }
    destroyCaseFile(deps.env.DATA_DIR, storageName);
    removed++;
  }
  return removed;
}

const fiveMinutesMs = 5 * 60 * 1000;

/** Runs now and then every `intervalMs`; returns a function that stops the timer. */
export function startCaseRetention(deps: RetentionDeps, intervalMs = fiveMinutesMs): StopJob {
  return startRepeatingJob("case file retention", () => runCaseRetention(deps), intervalMs);
}

/** How handing the case files to the off-site command went: `problem` names the first that failed (the rest wait for the next run). */
export type CaseFilesOffsite = { handed: number; problem: string | null };

/**
 * Hands each ready case file not yet handed to `command` (`BACKUP_COMMAND`), as its own file, the
 * way it lies on disk: encrypted, so the off-site copy can only be read with the database's sealed
 * key and the data directory's `secret.key` (decision 082). Each is handed once; a failure stops
 * the round and the rest wait for the next backup.
 */
export async function handCaseFilesOffsite(deps: Pick<AppDeps, "db" | "env">, command: string, now = new Date()): Promise<CaseFilesOffsite> {
  const dir = caseFilesDir(deps.env.DATA_DIR);
  let handed = 0;
  for (const file of caseFilesNotOffsite(deps.db)) {
    const path = join(dir, file.storageName);
    if (!existsSync(path)) {
      if (caseFileStillReady(deps.db, file.id)) log.warn("case file missing from the data folder, not copied off-site", { fileId: file.id });
      continue;
    }
    const outcome = await runBackupCommand(command, path, deps.env.BACKUP_COMMAND_TIMEOUT_SECONDS * 1000);
    if (!outcome.ok) {
      // Deleted by retention while it was being copied: nothing is owed any more.
      if (!caseFileStillReady(deps.db, file.id)) continue;
      const problem = `case file ${file.id}: ${outcome.message}${outcome.output ? `: ${outcome.output.slice(-300)}` : ""}`;
      return { handed, problem };
    }
    markCaseFileOffsite(deps.db, file.id, now);
    handed++;
  }
  return { handed, problem: null };
}
