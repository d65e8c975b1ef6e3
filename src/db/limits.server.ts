/**
 * The rate limits' counters, in a small SQLite file beside the database (`limits.sqlite` in the
 * data directory), so every worker process counts the same window: a guess made through one worker
 * counts in all of them, a lock taken in one refuses in every other (decision 090), and a restart
 * no longer unlocks an account. The file holds nothing worth keeping past its windows: backups and
 * the continuous copy take only the database, and a lost file only forgets who was counted.
 *
 * One row per limiter and key: its count, when its window ends, and whether it reached the limit
 * (`locked`). Decision 023 holds in SQL: open windows per limiter are bounded (the expired dropped
 * first, then the oldest), locks are never dropped to make room, and when the locks are full of live
 * ones every new key is refused until one ends. Each limiter's number of open windows and locks is
 * kept by triggers, so no hit counts rows.
 *
 * bun:sqlite is synchronous, so a hit is still taken before the caller's first await, and the
 * reservation is still the count: a hit on a live window is one UPDATE (its own transaction); a
 * new window is one `BEGIN IMMEDIATE` transaction, so two workers never both make room or insert.
 */
import { Database, type Statement } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";

/** The limits' file inside a data directory. */
export function limitsFile(dataDir: string) {
  return join(dataDir, "limits.sqlite");
}

/** One limiter as the store counts it: its name (the same in every worker), limit, window and room. */
export type LimitRule = { name: string; max: number; windowMs: number; maxKeys: number; maxLocks: number };

// A later change of shape takes new table names: during an upgrade the old binary still uses these.
const schema = `
CREATE TABLE IF NOT EXISTS limit_windows (
  id INTEGER PRIMARY KEY,
  limiter TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL,
  reset_at INTEGER NOT NULL,
  locked INTEGER NOT NULL,
  UNIQUE (limiter, key)
);
CREATE INDEX IF NOT EXISTS limit_windows_by_end ON limit_windows (limiter, locked, reset_at);
CREATE TABLE IF NOT EXISTS limit_rooms (
  limiter TEXT PRIMARY KEY,
  open INTEGER NOT NULL DEFAULT 0,
  locks INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS limit_windows_added AFTER INSERT ON limit_windows BEGIN
  UPDATE limit_rooms SET open = open + 1 - NEW.locked, locks = locks + NEW.locked WHERE limiter = NEW.limiter;
END;
CREATE TRIGGER IF NOT EXISTS limit_windows_dropped AFTER DELETE ON limit_windows BEGIN
  UPDATE limit_rooms SET open = open - 1 + OLD.locked, locks = locks - OLD.locked WHERE limiter = OLD.limiter;
END;
CREATE TRIGGER IF NOT EXISTS limit_windows_moved AFTER UPDATE OF locked ON limit_windows WHEN OLD.locked <> NEW.locked BEGIN
  UPDATE limit_rooms SET open = open + OLD.locked - NEW.locked, locks = locks + NEW.locked - OLD.locked WHERE limiter = NEW.limiter;
END;
`;

type Counted = { count: number; reset_at: number };

/** What a hit found: the window's count with it (0 when refused without counting: the locks are full), and the seconds to wait. */
export type Hit = { count: number; wait: number };

/** The counters of every limiter, shared by every process that opens the same file. */
export class LimitStore {
  readonly #db: Database;
  readonly #count: Statement<Counted, [number, string, string, number]>;
  readonly #read: Statement<Counted, [string, string, number]>;
  readonly #rooms: Statement<{ open: number; locks: number }, [string]>;
  readonly #dropEndedOpen: Statement<unknown, [string, number]>;
  readonly #dropEndedLocks: Statement<unknown, [string, number]>;
  readonly #soonestLockEnd: Statement<{ reset_at: number | null }, [string]>;
  readonly #dropOldest: Statement<unknown, [string, number]>;
  readonly #upsert: Statement<Counted, [string, string, number, number, number]>;
  readonly #giveBack: Statement<unknown, [number, string, string]>;
  readonly #forget: Statement<unknown, [string, string]>;
  readonly #forgetAll: Statement<unknown, [string]>;
  readonly #addRoom: Statement<unknown, [string]>;
  readonly #openWindow: { immediate: (rule: LimitRule, key: string, now: number) => Hit };

  /** Opens (creating) `file`; `:memory:` keeps the counts to this process (a test's own limiter). */
  constructor(file = ":memory:") {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.#db = new Database(file, { create: true, strict: true });
    // Several processes write it at once: a worker that finds it busy waits (a hit's transaction
    // takes microseconds) instead of failing the request, and WAL lets them read while one writes.
    // Workers starting together on a new file all ask for WAL at once. Turning it on needs the
    // file to itself, and SQLite answers a second asker "busy" at once instead of waiting (a wait
    // could deadlock), so the switch is tried again the way a busy hit is.
    this.#db.exec("PRAGMA busy_timeout = 5000");
    whenFree(() => this.#db.exec("PRAGMA journal_mode = WAL"));
    // NORMAL, as for the database: in WAL mode a commit is not synced, only a checkpoint is, so a
    // hit costs no fsync; a power cut may lose the last counts but never corrupts the file. OFF
    // would save only the checkpoints' syncs, at the risk of a corrupt file after a power cut.
    this.#db.exec("PRAGMA synchronous = NORMAL");
    whenFree(() => this.#db.transaction(() => this.#db.exec(schema)).immediate());
    const db = this.#db;
    this.#count = db.prepare(
      "UPDATE limit_windows SET count = count + 1, locked = count + 1 >= ?1 WHERE limiter = ?2 AND key = ?3 AND reset_at > ?4 RETURNING count, reset_at",
    );
    this.#read = db.prepare("SELECT count, reset_at FROM limit_windows WHERE limiter = ?1 AND key = ?2 AND reset_at > ?3");
    this.#rooms = db.prepare("SELECT open, locks FROM limit_rooms WHERE limiter = ?1");
    this.#dropEndedOpen = db.prepare("DELETE FROM limit_windows WHERE limiter = ?1 AND locked = 0 AND reset_at <= ?2");
    this.#dropEndedLocks = db.prepare("DELETE FROM limit_windows WHERE limiter = ?1 AND locked = 1 AND reset_at <= ?2");
    this.#soonestLockEnd = db.prepare("SELECT min(reset_at) AS reset_at FROM limit_windows WHERE limiter = ?1 AND locked = 1");
    // Oldest first: the earliest end, and of windows ending together the first made.
    this.#dropOldest = db.prepare(
      "DELETE FROM limit_windows WHERE id IN (SELECT id FROM limit_windows WHERE limiter = ?1 AND locked = 0 ORDER BY reset_at, id LIMIT ?2)",
    );
    this.#upsert = db.prepare(
      `INSERT INTO limit_windows (limiter, key, count, reset_at, locked) VALUES (?1, ?2, 1, ?3, 1 >= ?4)
       ON CONFLICT (limiter, key) DO UPDATE SET
         count = CASE WHEN reset_at > ?5 THEN count + 1 ELSE 1 END,
         reset_at = CASE WHEN reset_at > ?5 THEN reset_at ELSE ?3 END,
         locked = CASE WHEN reset_at > ?5 THEN count + 1 ELSE 1 END >= ?4
       RETURNING count, reset_at`,
    );
    this.#giveBack = db.prepare("UPDATE limit_windows SET count = count - 1, locked = count - 1 >= ?1 WHERE limiter = ?2 AND key = ?3 AND count > 0");
    this.#forget = db.prepare("DELETE FROM limit_windows WHERE limiter = ?1 AND key = ?2");
    this.#forgetAll = db.prepare("DELETE FROM limit_windows WHERE limiter = ?1");
    this.#addRoom = db.prepare("INSERT OR IGNORE INTO limit_rooms (limiter) VALUES (?1)");
    // From here a busy file is waited for by `whenFree`, in steps of microseconds: SQLite's own wait
    // sleeps a millisecond and more at a time, so a worker could lose the file to a busier one for seconds.
    this.#db.exec("PRAGMA busy_timeout = 0");
    this.#openWindow = db.transaction((rule: LimitRule, key: string, now: number) => this.#open(rule, key, now));
  }

  /** Makes `name` known to the store (its room counts start at zero); called once per limiter. */
  register(name: string) {
    whenFree(() => this.#addRoom.run(name));
  }

  /** Counts one hit for `key`: the window's count with it, and seconds to wait when over the limit, else 0. */
  hit(rule: LimitRule, key: string, now: number): Hit {
    // A live window: one statement, one transaction.
    return whenFree(() => {
      const counted = this.#count.get(rule.max, rule.name, key, now);
      if (counted) return waitFor(rule, counted, now);
      return this.#openWindow.immediate(rule, key, now);
    });
  }

  /** Seconds until `key` may try again, without counting; 0 when not limited. */
  retryAfter(rule: LimitRule, key: string, now: number): number {
    const w = whenFree(() => this.#read.get(rule.name, key, now));
    if (!w || w.count < rule.max) return 0;
    return Math.ceil((w.reset_at - now) / 1000);
  }

  /** Gives back one hit counted for `key`; a lock back below the limit is an open window again. */
  release(rule: LimitRule, key: string) {
    whenFree(() => this.#giveBack.run(rule.max, rule.name, key));
  }

  /** Forgets `key`. */
  clear(rule: LimitRule, key: string) {
    whenFree(() => this.#forget.run(rule.name, key));
  }

  /** Forgets every key of the limiter. */
  reset(rule: LimitRule) {
    whenFree(() => this.#forgetAll.run(rule.name));
  }

  /** Keys held by the limiter, open windows and locks. */
  size(rule: LimitRule): number {
    const rooms = whenFree(() => this.#rooms.get(rule.name));
    return rooms ? rooms.open + rooms.locks : 0;
  }

  /** How this connection keeps the file: its journal mode and sync level (for tests). */
  keeping(): { journal_mode?: string; synchronous?: number } {
    const journal = this.#db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get();
    const sync = this.#db.query<{ synchronous: number }, []>("PRAGMA synchronous").get();
    return { journal_mode: journal?.journal_mode, synchronous: sync?.synchronous };
  }

  close() {
    this.#db.close();
  }

  /** A window for `key` inside the write transaction: makes room as decision 023 says, or refuses. */
  #open(rule: LimitRule, key: string, now: number): Hit {
    const rooms = this.#rooms.get(rule.name) ?? { open: 0, locks: 0 };
    if (rooms.locks >= rule.maxLocks) {
      rooms.locks -= this.#dropEndedLocks.run(rule.name, now).changes;
      // Full of live locks: no lock is dropped, the newcomer waits for the soonest to end.
      if (rooms.locks >= rule.maxLocks)
        return { count: 0, wait: Math.max(1, Math.ceil(((this.#soonestLockEnd.get(rule.name)?.reset_at ?? now) - now) / 1000)) };
    }
    // The ended open windows go first (one step along the index when there are none), then the oldest.
    rooms.open -= this.#dropEndedOpen.run(rule.name, now).changes;
    if (rooms.open >= rule.maxKeys) this.#dropOldest.run(rule.name, rooms.open - rule.maxKeys + 1);
    // Inserted, or counted when another worker opened it since the first attempt, or begun again
    // when its window (a lock's) has ended.
    const counted = this.#upsert.get(rule.name, key, now + rule.windowMs, rule.max, now);
    return counted ? waitFor(rule, counted, now) : { count: 0, wait: 0 };
  }
}

const pauses = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `use`, again while another worker holds the file (SQLITE_BUSY), pausing 10 µs, then twice as
 * long each time up to half a millisecond; throws after five seconds (the database's busy timeout).
 * A busy statement changed nothing, and a transaction refused at its BEGIN never started.
 */
function whenFree<T>(use: () => T): T {
  const deadline = performance.now() + 5_000;
  for (let pause = 0.01; ; pause = Math.min(pause * 2, 0.5)) {
    try {
      return use();
    } catch (err) {
      if (!isBusy(err) || performance.now() > deadline) throw err;
      Atomics.wait(pauses, 0, 0, pause);
    }
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

function waitFor(rule: LimitRule, w: Counted, now: number): Hit {
  return { count: w.count, wait: w.count > rule.max ? Math.ceil((w.reset_at - now) / 1000) : 0 };
}
