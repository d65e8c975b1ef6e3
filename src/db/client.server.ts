/** Opens the SQLite database with WAL, busy timeout and foreign keys (docs/architecture.md#data) and applies migrations. */
import { Database, type SQLQueryBindings, type Statement } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ensureTotals } from "./kept-totals.server";
import { migrations } from "./migrations.gen";
import * as schema from "./schema";

export type Db = ReturnType<typeof drizzle<typeof schema>> & { $client: Database };

/** The database file inside a data directory. */
export function databaseFile(dataDir: string) {
  return join(dataDir, "pi-site.db");
}

/** How many compiled statements a connection keeps (the distinct queries the site makes, with room). */
export const keptStatements = 500;

/**
 * A connection that keeps the statements it compiles, by their SQL: the query builder prepares a
 * statement for every query it runs, and compiling one is often most of its cost (a write to a
 * table with triggers compiles the triggers too: a checkout's inserts compile the kept totals'
 * triggers each time). The least recently used is dropped past `keptStatements`; one dropped is
 * not finalized, since whoever holds it may still run it (the garbage collector frees it). Each
 * run of a statement binds its own parameters and completes before the next begins (the driver
 * never leaves one half-read), so sharing one is safe. A call with bindings is not cached.
 */
export class StatementCachingDatabase extends Database {
  readonly #kept = new Map<string, Statement>();

  override prepare<Row, ParamsType extends SQLQueryBindings | SQLQueryBindings[]>(
    sql: string,
    params?: ParamsType,
    // biome-ignore lint/suspicious/noExplicitAny: the base class's own signature, which an override must repeat
  ): Statement<Row, ParamsType extends any[] ? ParamsType : [ParamsType]> {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    type Prepared = Statement<Row, ParamsType extends any[] ? ParamsType : [ParamsType]>;
    if (params !== undefined) return super.prepare<Row, ParamsType>(sql, params);
    const kept = this.#kept.get(sql);
    if (kept) {
      // Most recently used last, so the first key is always the one to drop.
      this.#kept.delete(sql);
      this.#kept.set(sql, kept);
      return kept as unknown as Prepared;
    }
    const statement = super.prepare<Row, ParamsType>(sql);
    this.#kept.set(sql, statement as unknown as Statement);
    if (this.#kept.size > keptStatements) {
      const oldest = this.#kept.keys().next().value;
      if (oldest !== undefined) this.#kept.delete(oldest);
    }
    return statement;
  }

  /** How many statements are kept (for tests). */
  get keptStatementCount(): number {
    return this.#kept.size;
  }
}

/** Opens (creating if needed) the database file and brings its schema up to date. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new StatementCachingDatabase(file, { create: true, strict: true });
  // The wait first, so a copy opening the file while another writes waits for it.
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  applyMigrations(sqlite);
  // The kept totals (decision 047) are rebuilt when new or made for another timezone or version.
  ensureTotals(sqlite);
  return drizzle(sqlite, { schema }) as Db;
}

export type Migration = { tag: string; sql: string };
export { migrations };

/**
 * Applies the migrations not yet recorded, the way SQLite documents schema changes: foreign keys
 * off outside the transaction (a table rebuild's DROP TABLE would otherwise cascade-delete the
 * rows that point at it), each migration in its own transaction that commits only when
 * `PRAGMA foreign_key_check` finds nothing broken, then foreign keys back on. A database that
 * already holds data is first copied with `VACUUM INTO` beside itself.
 */
export function applyMigrations(sqlite: Database, list: readonly Migration[] = migrations): string[] {
  sqlite.exec("CREATE TABLE IF NOT EXISTS __migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const done = new Set(
    sqlite
      .query<{ tag: string }, []>("SELECT tag FROM __migrations")
      .all()
      .map((r) => r.tag),
  );
  const pending = list.filter((m) => !done.has(m.tag));
  const [first] = pending;
  if (!first) return [];
  if (done.size > 0) backupBeforeMigrating(sqlite, first.tag);

  const applied: string[] = [];
  sqlite.exec("PRAGMA foreign_keys = OFF");
  try {
    for (const m of pending) {
      sqlite.exec("BEGIN IMMEDIATE");
      try {
        for (const statement of m.sql.split("--> statement-breakpoint")) {
          if (statement.trim()) sqlite.exec(statement);
        }
        const broken = sqlite.query<{ table: string; parent: string }, []>("PRAGMA foreign_key_check").all();
        if (broken.length > 0) {
          const where = [...new Set(broken.map((b) => `${b.table} -> ${b.parent}`))].join(", ");
          throw new Error(`migration ${m.tag} would break foreign keys (${where}); nothing was changed`);
        }
        sqlite.query("INSERT INTO __migrations (tag, applied_at) VALUES (?, ?)").run(m.tag, Date.now());
        sqlite.exec("COMMIT");
      } catch (err) {
        sqlite.exec("ROLLBACK");
        throw err;
      }
      applied.push(m.tag);
    }
  } finally {
    sqlite.exec("PRAGMA foreign_keys = ON");
  }
  return applied;
}

/** Writes a consistent copy of the database next to it before its schema changes; returns its path. */
function backupBeforeMigrating(sqlite: Database, firstTag: string): string | null {
  const file = sqlite.filename;
  if (!file || file === ":memory:") return null;
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const target = join(dirname(file), `${basename(file, ".db")}-before-${firstTag}-${stamp}.db`);
  sqlite.query("VACUUM INTO ?").run(target);
  pruneMigrationBackups(file);
  return target;
}

/** How many pre-migration copies are kept: enough to step back a few upgrades, not a disk filling up over years. */
export const keptMigrationBackups = 3;

/** Deletes all but the newest `keptMigrationBackups` pre-migration copies of `file`, judged by the time in their names. */
function pruneMigrationBackups(file: string) {
  const dir = dirname(file);
  const base = basename(file, ".db");
  const stamp = /-(\d{8}T\d{6}Z)\.db$/;
  const backups = readdirSync(dir)
    .map((name) => ({ name, stamp: name.startsWith(`${base}-before-`) ? stamp.exec(name)?.[1] : undefined }))
    .filter((b): b is { name: string; stamp: string } => b.stamp !== undefined)
    .sort((a, b) => b.stamp.localeCompare(a.stamp));
  for (const old of backups.slice(keptMigrationBackups)) rmSync(join(dir, old.name), { force: true });
}

/**
 * Runs `fn` in one synchronous IMMEDIATE transaction: the write lock is taken before the first
 * read, so a read-then-write can never interleave with another writer. `fn` must not await.
 */
export function immediate<T>(db: Db, fn: () => T): T {
  return db.$client.transaction(fn).immediate();
}
