/** Temporary folders for tests that write files of their own (backups, restores, migrations, keys). */
import { Database } from "bun:sqlite";
import { afterEach } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** For each test of the file, `tempDir()` makes a new empty folder named after `prefix`, removed with all it holds after the test. */
export function tempDirsPerTest(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** The first column of every row `sql` answers on the database `file`, opened read-only and closed again. */
export function firstColumn<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true });
  const values = db
    .query<Record<string, T>, []>(sql)
    .values()
    .map((row) => row[0] as T);
  db.close();
  return values;
}
