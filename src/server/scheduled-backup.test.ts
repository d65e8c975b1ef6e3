import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, openSync, readdirSync, writeFileSync, writeSync, closeSync } from "node:fs";
import { join } from "node:path";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { pngBytes } from "../../tests/helpers/images";
import { adminTodoGroups } from "../db/admin-todo.server";
import { keptBackupRuns, lastBackupRun, recordBackupRun } from "../db/backup-runs.server";
import { backupFilesTable } from "../db/backup.server";
import { backupRuns } from "../db/schema";
import { updateSetting } from "../db/settings.server";
import { storeUpload } from "../db/uploads.server";
import { backupFileName } from "../domain/backups";
import { setLogLevel } from "./log.server";
import { backupsDir, runScheduledBackupIfDue, takeScheduledBackup } from "./scheduled-backup.server";

const adelaide = "Australia/Adelaide";
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
// 03:00 in Adelaide (UTC+10:30) on Thursday 26 November 2026, the default backup hour.
const thu0300 = Date.parse("2026-11-25T16:30:00Z");
const at = (ms: number) => new Date(ms);

let t: TestApp;
afterEach(() => t?.close());

const backupFiles = () => (existsSync(backupsDir(t.dataDir)) ? readdirSync(backupsDir(t.dataDir)).sort() : []);
const backupTodo = (now = new Date()) => adminTodoGroups(t.db, adelaide, now).find((g) => g.key === "backup");

/** Overwrites the middle of a database file with junk, as a failing disk would. */
function damage(file: string) {
  const fd = openSync(file, "r+");
  try {
    writeSync(fd, Buffer.alloc(16 * 1024, 0xa5), 0, 16 * 1024, 8 * 1024);
  } finally {
    closeSync(fd);
  }
}

test("due at the backup hour: one backup per day in the data folder, checked and recorded, with the uploads in it", async () => {
  t = createTestApp();
  const upload = storeUpload(t.db, t.dataDir, pngBytes());
  expect(upload.ok).toBe(true);

  expect((await runScheduledBackupIfDue(t.deps, at(thu0300 + 10 * minute))).ran).toBe(true);
  expect(backupFiles()).toEqual([backupFileName(at(thu0300 + 10 * minute))]);
  expect((await runScheduledBackupIfDue(t.deps, at(thu0300 + 20 * minute))).ran).toBe(false);
  expect((await runScheduledBackupIfDue(t.deps, at(thu0300 + 20 * hour))).ran).toBe(false);
  expect((await runScheduledBackupIfDue(t.deps, at(thu0300 + day + 5 * minute))).ran).toBe(true);
  expect(backupFiles()).toHaveLength(2);

  const run = lastBackupRun(t.db);
  expect(run).toMatchObject({ ok: true, failedStep: null, fileName: backupFileName(at(thu0300 + day + 5 * minute)) });
  const copy = new Database(join(backupsDir(t.dataDir), run?.fileName ?? ""), { readonly: true });
  try {
    expect(copy.query(`SELECT count(*) AS n FROM ${backupFilesTable}`).get()).toEqual({ n: 1 });
    expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
  } finally {
    copy.close();
  }
  expect(backupTodo()?.count).toBe(0);
});

test("the owner's hour and frequency: every 6 hours from 01:00", async () => {
  t = createTestApp();
  expect(updateSetting(t.db, "backupHour", 1)).toEqual({ ok: true });
  expect(updateSetting(t.db, "backupEveryHours", 6)).toEqual({ ok: true });
  expect(updateSetting(t.db, "backupEveryHours", 5).ok).toBe(false);
  const thu0100 = thu0300 - 2 * hour;
  const runs: boolean[] = [];
  for (let h = 0; h < 24; h++) runs.push((await runScheduledBackupIfDue(t.deps, at(thu0100 + h * hour + minute))).ran);
  // 01:01, 07:01, 13:01, 19:01
  expect(runs.flatMap((ran, h) => (ran ? [h] : []))).toEqual([0, 6, 12, 18]);
});

test("a copy that fails the integrity check is deleted, logged and put on the dashboard's to-do list; the next good backup clears it", async () => {
  t = createTestApp();
  const lines: string[] = [];
  const original = console.error;
  setLogLevel("error");
  console.error = (line: string) => lines.push(String(line));
  let outcome: Awaited<ReturnType<typeof takeScheduledBackup>>;
  try {
    outcome = await takeScheduledBackup(t.deps, at(thu0300), { afterWrite: damage });
  } finally {
    console.error = original;
    setLogLevel("silent");
  }
  expect(outcome).toMatchObject({ ok: false, failedStep: "check", fileName: backupFileName(at(thu0300)) });
  expect(outcome.message).toContain("the copy failed the integrity check and was deleted");
  expect(backupFiles()).toEqual([]);
  expect(lines.some((l) => l.includes('"msg":"backup failed"') && l.includes('"step":"check"'))).toBe(true);

  const todo = backupTodo(at(thu0300 + minute));
  expect(todo?.count).toBe(1);
  expect(todo?.items).toHaveLength(1);
  expect(todo?.items[0]?.label).toBe("The backup of 26 Nov 2026, 3:00 am failed");
  expect(todo?.items[0]?.detail).toStartWith("The copy failed its integrity check: the copy failed the integrity check");
  expect(todo?.items[0]?.urgent).toBe(true);

  // Not yet retried within the hour; then retried, and a good copy clears the entry.
  expect((await runScheduledBackupIfDue(t.deps, at(thu0300 + 30 * minute))).ran).toBe(false);
  const retry = await runScheduledBackupIfDue(t.deps, at(thu0300 + hour + minute));
  expect(retry).toMatchObject({ ran: true, outcome: { ok: true } });
  expect(backupTodo()?.count).toBe(0);
  expect(backupTodo()?.items).toEqual([]);
  expect(
    t.db
      .select()
      .from(backupRuns)
      .all()
      .map((r) => r.ok),
  ).toEqual([false, true]);
});

test("a database the backup cannot copy is a failure of the backup step", async () => {
  t = createTestApp();
  // The backups folder is taken by a file: nothing can be written into it.
  writeFileSync(backupsDir(t.dataDir), "not a folder");
  const outcome = await takeScheduledBackup(t.deps, at(thu0300));
  expect(outcome).toMatchObject({ ok: false, failedStep: "backup", fileName: null });
  expect(backupTodo()?.items[0]?.detail).toStartWith("Writing the copy failed: ");
});

test("BACKUP_COMMAND gets each new file; its failure and its timeout are recorded and shown, the local copy kept", async () => {
  t = createTestApp({ BACKUP_COMMAND: `sh -c 'test -s "$1" && echo "copied $(basename "$1")"' sh {file}` });
  const ok = await takeScheduledBackup(t.deps, at(thu0300));
  expect(ok).toMatchObject({ ok: true, message: `copied ${backupFileName(at(thu0300))}` });
  t.close();

  t = createTestApp({ BACKUP_COMMAND: `sh -c 'echo "offsite: permission denied" >&2; exit 7'` });
  const failed = await takeScheduledBackup(t.deps, at(thu0300));
  expect(failed).toMatchObject({ ok: false, failedStep: "command", message: "sh ended with exit code 7: offsite: permission denied" });
  expect(backupFiles()).toEqual([backupFileName(at(thu0300))]);
  expect(backupTodo()?.items[0]?.detail).toStartWith("The backup command failed: sh ended with exit code 7: offsite: permission denied.");
  t.close();

  t = createTestApp({ BACKUP_COMMAND: "sleep 30", BACKUP_COMMAND_TIMEOUT_SECONDS: "1" });
  const started = Date.now();
  const slow = await takeScheduledBackup(t.deps, at(thu0300));
  expect(Date.now() - started).toBeLessThan(5000);
  expect(slow).toMatchObject({ ok: false, failedStep: "command", message: "sleep did not finish within 1 s and was stopped" });
  expect(backupTodo()?.count).toBe(1);
}, 15_000);

test("run daily for 40 days with a simulated clock, the folder keeps 7 daily and 4 weekly copies and the owner's own files", async () => {
  t = createTestApp();
  await runScheduledBackupIfDue(t.deps, at(thu0300 - 40 * day));
  writeFileSync(join(backupsDir(t.dataDir), "before-the-move.db"), "the owner's own copy");
  for (let d = 39; d >= 0; d--) expect((await runScheduledBackupIfDue(t.deps, at(thu0300 - d * day + 3 * minute))).ran).toBe(true);
  const kept = backupFiles().filter((f) => f !== "before-the-move.db");
  expect(backupFiles()).toContain("before-the-move.db");
  // Thursday 26 back to Friday 20 (daily), and Sundays 15 and 8 November (the two weeks before).
  const expectedDays = [0, 1, 2, 3, 4, 5, 6, 11, 18].map((d) => backupFileName(at(thu0300 - d * day + 3 * minute)));
  expect(kept).toEqual(expectedDays.sort());
}, 30_000);

test("the record of runs keeps the last 400", () => {
  t = createTestApp();
  for (let i = 0; i < keptBackupRuns + 5; i++) {
    const startedAt = at(thu0300 + i * hour);
    recordBackupRun(t.db, { startedAt, finishedAt: startedAt, fileName: null, ok: i % 2 === 0, failedStep: null, message: null });
  }
  const rows = t.db.select().from(backupRuns).all();
  expect(rows).toHaveLength(keptBackupRuns);
  expect(Math.min(...rows.map((r) => r.startedAt.getTime()))).toBe(thu0300 + 5 * hour);
  expect(lastBackupRun(t.db)?.startedAt).toEqual(at(thu0300 + (keptBackupRuns + 4) * hour));
});
