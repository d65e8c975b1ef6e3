/**
 * Restoring a backup (`pi-site restore FILE`): the file must be a healthy SQLite database of this
 * site whose schema is not newer than this binary's; the current database is kept aside under a
 * timestamped name, and the backup takes its place whole (no stale -wal/-shm left to replay). The
 * uploaded images a backup carries (backup.server.ts) are written back into `<DATA_DIR>/uploads/`.
 */
import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, mkdirSync, openSync, readSync, closeSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { extractBackupFiles } from "./backup.server";
import { migrations as embedded, type Migration } from "./client.server";

/** A backup that must not be restored; the message says why. */
export class RestoreRefused extends Error {}

const sqliteHeader = "SQLite format 3\0";

/** "20261123T093246Z" for file names. */
export function fileStamp(now = new Date()) {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

function removeSidecars(file: string) {
  for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
}

/** Throws RestoreRefused unless `file` is an intact database of this site, not newer than `known`. */
export function checkBackup(file: string, known: readonly Migration[] = embedded): void {
  if (!existsSync(file)) throw new RestoreRefused(`${file} does not exist`);
  const head = Buffer.alloc(16);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString("latin1") !== sqliteHeader) throw new RestoreRefused(`${file} is not a SQLite database`);
  let db: Database;
  try {
    db = new Database(file, { create: false, strict: true });
  } catch (err) {
    throw new RestoreRefused(`${file} cannot be opened: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    const integrity = db
      .query<{ integrity_check: string }, []>("PRAGMA integrity_check")
      .all()
      .map((r) => r.integrity_check);
    if (integrity.join() !== "ok") throw new RestoreRefused(`${file} fails the integrity check: ${integrity.slice(0, 5).join("; ")}`);
    const hasMigrations = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__migrations'").get();
    if (!hasMigrations) throw new RestoreRefused(`${file} is not a pi-site database (it has no migrations table)`);
    const tags = db
      .query<{ tag: string }, []>("SELECT tag FROM __migrations")
      .all()
      .map((r) => r.tag);
    const knownTags = new Set(known.map((m) => m.tag));
    const newer = tags.filter((t) => !knownTags.has(t));
    if (newer.length > 0)
      throw new RestoreRefused(`${file} was written by a newer version of pi-site (migrations ${newer.join(", ")}); use that version to restore it`);
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    throw new RestoreRefused(`${file} cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    db.close();
  }
}

/**
 * Replaces `dbFile` with a checked copy of `backupFile`. The site must not be running. Returns the
 * path the previous database was kept at (null when there was none).
 */
export function restoreDatabase(dbFile: string, backupFile: string, now = new Date()): string | null {
  // Checked as a copy beside the database, so the final step is one rename on the same disk.
  const incoming = `${dbFile}.restoring`;
  if (!existsSync(backupFile)) throw new RestoreRefused(`${backupFile} does not exist`);
  // A new machine's data folder may not exist yet: restoring is how it is filled.
  mkdirSync(dirname(dbFile), { recursive: true, mode: 0o700 });
  removeSidecars(incoming);
  copyFileSync(backupFile, incoming);
  try {
    checkBackup(incoming);
  } catch (err) {
    rmSync(incoming, { force: true });
    removeSidecars(incoming);
    throw err;
  }
  removeSidecars(incoming);
  // The uploaded images the backup carries go back into the data folder; their table is backup-only.
  extractBackupFiles(incoming, join(dirname(dbFile), "uploads"));
  removeSidecars(incoming);

  let aside: string | null = null;
  if (existsSync(dbFile)) {
    // Fold any committed WAL content into the file first, so the copy kept aside is complete.
    const current = new Database(dbFile, { create: false });
    current.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    current.close();
    aside = join(dirname(dbFile), `${basename(dbFile, ".db")}-replaced-${fileStamp(now)}.db`);
    renameSync(dbFile, aside);
  }
  removeSidecars(dbFile);
  renameSync(incoming, dbFile);
  return aside;
}
