import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { databaseFile, openDatabase } from "../db/client.server";
import { bootstrap } from "./bootstrap.server";
import { readEnv } from "./env.server";

const dir = mkdtempSync(join(tmpdir(), "pi-site-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const main = join(import.meta.dir, "main.ts");

test("`backup FILE` writes a consistent copy that restores into a working site", async () => {
  const dataDir = join(dir, "live");
  const env = readEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const live = openDatabase(databaseFile(dataDir));
  bootstrap(env, live);
  live.$client.query("UPDATE visitor_counter SET count = 4242 WHERE id = 1").run();

  // The site keeps its database open (WAL) while the backup runs in another process.
  const target = join(dir, "backup.db");
  const run = Bun.spawnSync([process.execPath, main, "backup", target], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } });
  expect(run.stderr.toString()).toBe("");
  expect(run.exitCode).toBe(0);
  expect(existsSync(target)).toBe(true);
  live.$client.close();

  // Restore: the backup file becomes the data directory's database.
  const restoredDir = join(dir, "restored");
  cpSync(target, databaseFile(restoredDir), { recursive: true });
  const restored = openDatabase(databaseFile(restoredDir));
  expect(restored.$client.query("SELECT count FROM visitor_counter").get()).toEqual({ count: 4242 });
  const { app } = bootstrap(readEnv({ DATA_DIR: restoredDir, LOG_LEVEL: "silent" }), restored);
  expect((await app.request("/")).status).toBe(200);
  restored.$client.close();
  expect(new Database(target, { readonly: true }).query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
});

test("`backup` with no file name writes a dated backup into the data directory's backups folder and says where", () => {
  const dataDir = join(dir, "unnamed");
  openDatabase(databaseFile(dataDir)).$client.close();
  const run = Bun.spawnSync([process.execPath, main, "backup"], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } });
  expect(run.stderr.toString()).toBe("");
  expect(run.exitCode).toBe(0);
  const [name, ...others] = readdirSync(join(dataDir, "backups"));
  expect(others).toEqual([]);
  expect(name).toMatch(/^pi-site-manual-\d{8}T\d{6}Z\.db$/);
  expect(run.stdout.toString()).toContain(`backup written to ${join(dataDir, "backups", name ?? "")}`);
  expect(new Database(join(dataDir, "backups", name ?? ""), { readonly: true }).query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
});

test("an unknown command is refused with usage", () => {
  const run = Bun.spawnSync([process.execPath, main, "frobnicate"], { env: { ...process.env, DATA_DIR: join(dir, "x"), LOG_LEVEL: "silent" } });
  expect(run.exitCode).toBe(2);
  expect(run.stderr.toString()).toContain("usage: pi-site");
});

test("bad configuration stops start-up with a readable message", () => {
  const run = Bun.spawnSync([process.execPath, main], { env: { ...process.env, PORT: "not-a-port", DATA_DIR: join(dir, "y") } });
  expect(run.exitCode).not.toBe(0);
  expect(run.stderr.toString()).toContain("Invalid configuration: PORT");
});

test("`restore FILE` is refused while the pid file names a running site", () => {
  const dataDir = join(dir, "running");
  openDatabase(databaseFile(dataDir)).$client.close();
  // This test process stands in for the running site.
  writeFileSync(join(dataDir, "pi-site.pid"), String(process.pid));
  const target = join(dir, "running-backup.db");
  Bun.spawnSync([process.execPath, main, "backup", target], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } });
  const run = Bun.spawnSync([process.execPath, main, "restore", target], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", PORT: "1" } });
  expect(run.exitCode).toBe(1);
  expect(run.stderr.toString()).toContain("restore refused: the site is running");
  expect(existsSync(target)).toBe(true);
  expect(readdirSync(dataDir).filter((f) => f.includes("replaced"))).toEqual([]);
});
