import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jpegBytes, pngBytes } from "../../tests/helpers/images";
import { firstColumn, tempDirsPerTest } from "../../tests/helpers/temp-dirs";
import { backupDatabase, backupFilesTable } from "./backup.server";
import { databaseFile, openDatabase } from "./client.server";
import { restoreDatabase } from "./restore.server";
import { storeUpload } from "./uploads.server";

const tempDir = tempDirsPerTest("pi-site-backup-");

const tableNames = (file: string) => firstColumn<string>(file, "SELECT name FROM sqlite_master WHERE type = 'table'");

/** A data folder with a database holding two uploads; answers their names and bytes. */
function siteWithUploads(dataDir: string) {
  const db = openDatabase(databaseFile(dataDir));
  const files = [pngBytes(3, 2), jpegBytes()].map((bytes) => {
    const stored = storeUpload(db, dataDir, bytes);
    if (!stored.ok) throw new Error("upload refused");
    return { name: stored.url.slice("/uploads/".length), bytes };
  });
  return { db, files };
}

test("a backup holds the uploaded files; restoring it puts them back in the uploads folder and leaves no backup table", () => {
  const source = tempDir();
  const { db, files } = siteWithUploads(source);
  const file = join(tempDir(), "site.backup.db");
  expect(backupDatabase(db, source, file)).toEqual({ files: 2, missing: [] });
  db.$client.close();
  expect(tableNames(file)).toContain(backupFilesTable);

  const target = tempDir();
  restoreDatabase(databaseFile(target), file);
  for (const f of files) expect(new Uint8Array(readFileSync(join(target, "uploads", f.name)))).toEqual(f.bytes);
  expect(tableNames(databaseFile(target))).not.toContain(backupFilesTable);
  const restored = openDatabase(databaseFile(target));
  expect(restored.$client.query("SELECT count(*) AS n FROM uploads").get()).toEqual({ n: 2 });
  restored.$client.close();
  // The backup file itself is left as it was.
  expect(tableNames(file)).toContain(backupFilesTable);
});

test("an upload whose file is gone is reported, not fatal; a crafted name in a backup writes nowhere", () => {
  const source = tempDir();
  const { db, files } = siteWithUploads(source);
  rmSync(join(source, "uploads", files[0]?.name ?? ""));
  const file = join(tempDir(), "site.backup.db");
  expect(backupDatabase(db, source, file)).toEqual({ files: 1, missing: [files[0]?.name ?? ""] });
  db.$client.close();
  const crafted = new Database(file);
  crafted.query(`INSERT INTO ${backupFilesTable} (name, data) VALUES (?, ?)`).run("../../evil.sh", new Uint8Array([1, 2, 3]));
  crafted.close();

  const root = tempDir();
  const target = join(root, "data");
  mkdirSync(target);
  restoreDatabase(databaseFile(target), file);
  expect(readdirSync(join(target, "uploads"))).toEqual([files[1]?.name ?? ""]);
  expect(existsSync(join(root, "evil.sh"))).toBe(false);
  expect(existsSync(join(tmpdir(), "evil.sh"))).toBe(false);
});

test("pi-site backup FILE and pi-site restore FILE carry the uploads over", async () => {
  const source = tempDir();
  const { db, files } = siteWithUploads(source);
  db.$client.close();
  const file = join(tempDir(), "cli.backup.db");
  const target = tempDir();
  const run = async (dataDir: string, ...args: string[]) => {
    const proc = Bun.spawn(["bun", "src/server/main.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: "59871", LOG_LEVEL: "silent" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
    return { code, out, err };
  };
  const backup = await run(source, "backup", file);
  expect(backup.err).toBe("");
  expect(backup.out).toContain("with 2 uploaded files");
  expect(backup.code).toBe(0);
  const restore = await run(target, "restore", file);
  expect(restore.code).toBe(0);
  for (const f of files) expect(new Uint8Array(readFileSync(join(target, "uploads", f.name)))).toEqual(f.bytes);
}, 30_000);
