/** Opens the SQLite database with WAL, busy timeout and foreign keys (docs/architecture.md#data) and applies migrations. */
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { migrations } from "./migrations.gen";
import * as schema from "./schema";

export type Db = ReturnType<typeof drizzle<typeof schema>> & { $client: Database };

/** Opens (creating if needed) the database file and brings its schema up to date. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA foreign_keys = ON");
  applyMigrations(sqlite);
  return drizzle(sqlite, { schema }) as Db;
}

/** Applies the embedded migrations not yet recorded, each in its own immediate transaction. */
export function applyMigrations(sqlite: Database): string[] {
  sqlite.exec(
    "CREATE TABLE IF NOT EXISTS __migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)",
  );
  const done = new Set(
    sqlite.query<{ tag: string }, []>("SELECT tag FROM __migrations").all().map((r) => r.tag),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.tag)) continue;
    sqlite
      .transaction(() => {
        for (const statement of m.sql.split("--> statement-breakpoint")) {
          if (statement.trim()) sqlite.exec(statement);
        }
        sqlite.query("INSERT INTO __migrations (tag, applied_at) VALUES (?, ?)").run(m.tag, Date.now());
      })
      .immediate();
    applied.push(m.tag);
  }
  return applied;
}

/**
 * Runs `fn` in one synchronous IMMEDIATE transaction: the write lock is taken before the first
 * read, so a read-then-write can never interleave with another writer. `fn` must not await.
 */
export function immediate<T>(db: Db, fn: () => T): T {
  return db.$client.transaction(fn).immediate();
}
