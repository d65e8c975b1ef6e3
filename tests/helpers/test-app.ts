/**
 * Route-test helpers: a real app on a real SQLite file in a temporary directory, called through
 * app.request() with a fake socket address (what Bun.serve would pass as `server`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { databaseFile, openDatabase } from "../../src/db/client.server";
import { bootstrap } from "../../src/server/bootstrap.server";
import { readEnv } from "../../src/server/env.server";
import { setLogLevel } from "../../src/server/log.server";

export type TestApp = ReturnType<typeof createTestApp>;

let migrated: Buffer | undefined;
/**
 * Puts a database with every migration applied in `dataDir`: the first call of a test process
 * makes one with openDatabase, as the site does on a new file, and keeps its bytes; each call
 * writes them to the new file (the migrations take about 90 ms, the write a millisecond). Every
 * app still has a file of its own, and openDatabase opens it as it opens any up-to-date database.
 */
function migratedDatabaseIn(dataDir: string) {
  if (!migrated) {
    const dir = mkdtempSync(join(tmpdir(), "pi-site-migrated-"));
    try {
      const db = openDatabase(databaseFile(dir));
      db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      db.$client.close();
      migrated = readFileSync(databaseFile(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  writeFileSync(databaseFile(dataDir), migrated);
}

/** A fresh app and database (PUBLIC_URL http://localhost unless `env` says otherwise); call `close()` when done. */
export function createTestApp(env: Record<string, string> = {}) {
  setLogLevel("silent");
  const dataDir = mkdtempSync(join(tmpdir(), "pi-site-test-"));
  const config = readEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost", ...env });
  migratedDatabaseIn(dataDir);
  const db = openDatabase(databaseFile(dataDir));
  const { app, deps } = bootstrap(config, db);
  let ip = "203.0.113.10";
  const server = { requestIP: () => ({ address: ip, family: "IPv4", port: 40000 }) };
  return {
    app,
    deps,
    db,
    dataDir,
    /** Sets the client address later requests come from. */
    setIp(address: string) {
      ip = address;
    },
    async request(path: string, init?: RequestInit): Promise<Response> {
      return await app.request(path, init, server);
    },
    /** Sends `method` to `path` with `headers`, and `body` as JSON when there is one. */
    async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
      return await app.request(path, jsonInit(method, headers, body), server);
    },
    async json(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
      return await app.request(
        path,
        { method: "POST", ...init, headers: { "Content-Type": "application/json", ...(init.headers ?? {}) }, body: JSON.stringify(body) },
        server,
      );
    },
    /** Stops the outbox (waiting for a message it is sending) before the database closes under it. */
    async close() {
      await deps.outbox.stop();
      db.$client.close();
      deps.limitStore.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request's init: `method` and `headers`, with `body` as JSON (or `raw` text as it is) and its Content-Type when there is one. */
export function jsonInit(method: string, headers: Record<string, string>, body?: unknown, raw?: string): RequestInit {
  if (body === undefined && raw === undefined) return { method, headers };
  return { method, headers: { ...headers, "Content-Type": "application/json" }, body: raw ?? JSON.stringify(body) };
}

/** Counts the rows of a table. */
export function countRows(app: TestApp, table: string): number {
  return (app.db.$client.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

/** The JSON error every refused request answers. */
export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** The `error` of a refused request's answer. */
export async function errorOf(res: Response) {
  return ((await res.json()) as ErrorBody).error;
}
