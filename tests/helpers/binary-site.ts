/**
 * The built binary (dist/pi-site) serving a fresh data directory of its own, for bun tests that
 * must go through real HTTP and the real server loop (races between simultaneous requests); the
 * test reads and writes the same database file beside it (WAL allows both).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../../src/db/client.server";

export type BinarySite = { base: string; db: Db; stop: () => Promise<void> };

const binary = join(import.meta.dir, "../../dist/pi-site");

export async function startBinarySite(name: string): Promise<BinarySite> {
  if (!existsSync(binary)) throw new Error("dist/pi-site is missing: run `bun scripts/build.ts` first (npm test does)");
  const dataDir = mkdtempSync(join(tmpdir(), `pi-site-${name}-`));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const proc = Bun.spawn([binary], {
    cwd: dataDir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "error" },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      await Bun.sleep(25);
    }
  }
  const db = openDatabase(join(dataDir, "pi-site.db"));
  return {
    base,
    db,
    stop: async () => {
      proc.kill();
      await proc.exited;
      db.$client.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
