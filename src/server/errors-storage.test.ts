/** The database's own "disk full" and "locked too long" errors become a 503 the client may retry, from any route. */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHttpError } from "./errors";

/** What running `fn` throws. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("nothing was thrown");
}

test("SQLITE_FULL (here a database at its page limit) is a 503 storage_full with Retry-After", () => {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE t (x BLOB)");
  db.exec("PRAGMA max_page_count = 8");
  const err = thrown(() => {
    for (;;) db.query("INSERT INTO t VALUES (zeroblob(4000))").run();
  });
  expect((err as { code: string }).code).toBe("SQLITE_FULL");
  const e = toHttpError(err);
  expect([e.status, e.code, e.headers?.["Retry-After"]]).toEqual([503, "storage_full", "300"]);
  db.close();
});

test("SQLITE_BUSY (a writer held the lock past the busy timeout) is a 503 busy", () => {
  const dir = mkdtempSync(join(tmpdir(), "pi-site-busy-"));
  const a = new Database(join(dir, "x.db"));
  const b = new Database(join(dir, "x.db"));
  try {
    a.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)");
    b.exec("PRAGMA busy_timeout = 0");
    const err = thrown(() => b.exec("INSERT INTO t VALUES (2)"));
    expect((err as { code: string }).code).toStartWith("SQLITE_BUSY");
    const e = toHttpError(err);
    expect([e.status, e.code]).toEqual([503, "busy"]);
  } finally {
    a.exec("ROLLBACK");
    a.close();
    b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
