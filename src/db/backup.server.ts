/**
 * `pi-site backup FILE`: one file holding the database and the images uploaded in the portal.
 * The database is copied consistently with `VACUUM INTO`; then the bytes of every upload the
 * `uploads` table names are written into a table of the copy (`backup_upload_files`), which only
 * backups have. `pi-site restore` (restore.server.ts) writes them back into `<DATA_DIR>/uploads/`
 * and drops that table.
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { uploadNamePattern } from "../shared/admin-product-editor";
import type { Db } from "./client.server";
import { uploads } from "./schema";
import { uploadsDir } from "./uploads.server";

/** The backup-only table holding the uploaded files' bytes. */
export const backupFilesTable = "backup_upload_files";

/** Writes the backup of `db` (whose data directory is `dataDir`) to `target`; answers the number of files it holds. */
export function backupDatabase(db: Db, dataDir: string, target: string): { files: number; missing: string[] } {
  db.$client.query("VACUUM INTO ?").run(target);
  const names = db
    .select({ name: uploads.name })
    .from(uploads)
    .all()
    .map((r) => r.name);
  const copy = new Database(target, { strict: true });
  const missing: string[] = [];
  let files = 0;
  try {
    copy.exec(`CREATE TABLE ${backupFilesTable} (name TEXT PRIMARY KEY NOT NULL, data BLOB NOT NULL)`);
    const insert = copy.prepare(`INSERT INTO ${backupFilesTable} (name, data) VALUES (?, ?)`);
    copy.transaction(() => {
      for (const name of names) {
        const file = join(uploadsDir(dataDir), name);
        if (!uploadNamePattern.test(name) || !existsSync(file)) {
          missing.push(name);
          continue;
        }
        insert.run(name, readFileSync(file));
        files++;
      }
    })();
  } finally {
    copy.close();
  }
  return { files, missing };
}

/**
 * Writes the uploaded files a backup holds into `uploadsFolder` and drops their table from the
 * backup database `file` (a copy being restored). Answers the number of files written.
 */
export function extractBackupFiles(file: string, uploadsFolder: string): number {
  const db = new Database(file, { strict: true });
  try {
    const has = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(backupFilesTable);
    if (!has) return 0;
    const rows = db.query<{ name: string; data: Uint8Array }, []>(`SELECT name, data FROM ${backupFilesTable}`).all();
    mkdirSync(uploadsFolder, { recursive: true });
    let written = 0;
    for (const row of rows) {
      // Only names an upload gives: a crafted backup cannot write anywhere else.
      if (!uploadNamePattern.test(row.name)) continue;
      writeFileSync(join(uploadsFolder, row.name), row.data);
      written++;
    }
    db.exec(`DROP TABLE ${backupFilesTable}`);
    db.exec("VACUUM");
    return written;
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check` on the backup `file`, opened read-only: "ok", or the first problems it names (or the error opening it). */
export function checkBackupIntegrity(file: string): string {
  let copy: Database | undefined;
  try {
    copy = new Database(file, { readonly: true, strict: true });
    const rows = copy
      .query<{ integrity_check: string }, []>("PRAGMA integrity_check")
      .all()
      .map((r) => r.integrity_check);
    return rows.join() === "ok" ? "ok" : rows.slice(0, 5).join("; ");
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    copy?.close();
  }
}
