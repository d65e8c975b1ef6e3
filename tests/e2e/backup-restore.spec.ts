/** `pi-site backup FILE` and `pi-site restore FILE` through the compiled binary. */
import { expect, test } from "@playwright/test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli, dbHelper, startBinary, stopBinary } from "./binary-cli";

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pi-site-restore-e2e-"));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function enquire(url: string, name: string) {
  const res = await fetch(`${url}/api/contacts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ name, email: "client@example.com", phone: "", service: "checkup", message: `Enquiry from ${name}`, urgency: "normal" }),
  });
  expect(res.status).toBe(201);
}

const names = (dataDir: string) =>
  dbHelper<{ name: string }[]>(["query", join(dataDir, "pi-site.db"), "SELECT name FROM contacts ORDER BY created_at"]).map((r) => r.name);

test("a backup taken while the site runs restores after the site is stopped; restore refuses while it runs", async () => {
  test.setTimeout(60_000);
  const dataDir = join(dir, "data");
  const backup = join(dir, "backup.db");
  mkdirSync(dataDir);
  let site = await startBinary(dataDir);
  await enquire(site.url, "Before Backup");

  const backedUp = cli(dataDir, ["backup", backup], { PORT: String(site.port) });
  expect(backedUp.code, backedUp.stderr).toBe(0);
  expect(existsSync(backup)).toBe(true);
  await enquire(site.url, "After Backup");

  const refused = cli(dataDir, ["restore", backup], { PORT: String(site.port) });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain("restore refused: the site is running");

  await stopBinary(site);
  expect(names(dataDir)).toEqual(["Before Backup", "After Backup"]);

  writeFileSync(join(dir, "junk.db"), "this is not a database, it only has the right name");
  const junk = cli(dataDir, ["restore", join(dir, "junk.db")], { PORT: String(site.port) });
  expect(junk.code).toBe(1);
  expect(junk.stderr).toContain("not a SQLite database");

  const restored = cli(dataDir, ["restore", backup], { PORT: String(site.port) });
  expect(restored.code, restored.stderr).toBe(0);
  expect(restored.stdout).toContain("the previous database is kept at");
  const aside = readdirSync(dataDir).filter((f) => /^pi-site-replaced-\d{8}T\d{6}Z\.db$/.test(f));
  expect(aside.length).toBe(1);
  expect(names(dataDir)).toEqual(["Before Backup"]);
  expect(dbHelper<{ name: string }[]>(["query", join(dataDir, aside[0]!), "SELECT name FROM contacts ORDER BY created_at"]).map((r) => r.name)).toEqual([
    "Before Backup",
    "After Backup",
  ]);

  // The restored database serves.
  site = await startBinary(dataDir);
  await enquire(site.url, "After Restore");
  await stopBinary(site);
  expect(names(dataDir)).toEqual(["Before Backup", "After Restore"]);
});
