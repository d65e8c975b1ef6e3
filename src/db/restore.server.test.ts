import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { firstColumn, tempDirsPerTest } from "../../tests/helpers/temp-dirs";
import { openDatabase } from "./client.server";
import { checkBackup, RestoreRefused, restoreDatabase } from "./restore.server";

const tempDir = tempDirsPerTest("pi-site-restore-");

/** A migrated database with one marker row, backed up with VACUUM INTO. */
function backupWith(dir: string, marker: string) {
  const source = join(dir, `${marker}-source.db`);
  const db = openDatabase(source);
  db.$client.query("INSERT INTO visit_log (day, visits) VALUES (?, 1)").run(marker);
  const file = join(dir, `${marker}.backup.db`);
  db.$client.query("VACUUM INTO ?").run(file);
  db.$client.close();
  return file;
}

const markers = (file: string) => firstColumn<string>(file, "SELECT day FROM visit_log");

test("a backup replaces the database; the old one is kept aside and stale WAL files are gone", () => {
  const dir = tempDir();
  const backup = backupWith(dir, "from-backup");
  const dbFile = join(dir, "pi-site.db");
  const live = openDatabase(dbFile);
  live.$client.query("INSERT INTO visit_log (day, visits) VALUES ('current', 1)").run();
  live.$client.close();
  writeFileSync(`${dbFile}-shm`, "stale");

  const aside = restoreDatabase(dbFile, backup);
  expect(markers(dbFile)).toEqual(["from-backup"]);
  expect(aside).toMatch(/pi-site-replaced-\d{8}T\d{6}Z\.db$/);
  expect(markers(aside!)).toEqual(["current"]);
  expect(readdirSync(dir).filter((f) => f.includes(".restoring"))).toEqual([]);
});

test("a backup restores into a data folder that does not exist yet (a new machine); a missing backup is refused", () => {
  const dir = tempDir();
  const backup = backupWith(dir, "from-backup");
  const dbFile = join(dir, "new-machine", "data", "pi-site.db");
  expect(restoreDatabase(dbFile, backup)).toBeNull();
  expect(markers(dbFile)).toEqual(["from-backup"]);
  expect(() => restoreDatabase(join(dir, "other", "pi-site.db"), join(dir, "no-such-backup.db"))).toThrow(RestoreRefused);
  expect(existsSync(join(dir, "other"))).toBe(false);
});

test("a file that is not SQLite, is damaged, or is newer than this binary is refused and nothing changes", () => {
  const dir = tempDir();
  const dbFile = join(dir, "pi-site.db");
  openDatabase(dbFile).$client.close();

  const text = join(dir, "notes.txt");
  writeFileSync(text, "not a database at all, just some text that is long enough");
  expect(() => restoreDatabase(dbFile, text)).toThrow(/not a SQLite database/);

  const newer = backupWith(dir, "newer");
  const db = new Database(newer);
  db.query("INSERT INTO __migrations (tag, applied_at) VALUES ('9999_from_the_future', 0)").run();
  db.close();
  expect(() => restoreDatabase(dbFile, newer)).toThrow(/newer version of pi-site \(migrations 9999_from_the_future\)/);

  const foreign = join(dir, "foreign.db");
  const other = new Database(foreign);
  other.exec("CREATE TABLE t (x)");
  other.close();
  expect(() => restoreDatabase(dbFile, foreign)).toThrow(RestoreRefused);

  const damaged = backupWith(dir, "damaged");
  const buf = new Uint8Array(readFileSync(damaged));
  // Garble every page after the header page: the header still says SQLite.
  for (let i = 4096; i < buf.length; i++) buf[i] = (i * 7) & 0xff;
  writeFileSync(damaged, buf);
  expect(() => checkBackup(damaged)).toThrow(RestoreRefused);

  expect(existsSync(dbFile)).toBe(true);
  expect(readdirSync(dir).filter((f) => f.includes("replaced") || f.includes(".restoring"))).toEqual([]);
});
