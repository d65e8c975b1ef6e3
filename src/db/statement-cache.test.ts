/** The connection keeps the statements it compiles (client.server.ts), at most `keptStatements`. */
import { expect, test } from "bun:test";
import { keptStatements, StatementCachingDatabase } from "./client.server";

test("a statement compiled once is handed out again; past the limit the least recently used is dropped, and one still held keeps working", () => {
  const db = new StatementCachingDatabase(":memory:", { strict: true });
  db.run("CREATE TABLE t (n INTEGER)");
  const first = db.prepare("SELECT count(*) AS n FROM t");
  expect(db.prepare("SELECT count(*) AS n FROM t")).toBe(first);
  // A call with bindings is its own statement.
  expect(db.prepare("SELECT count(*) AS n FROM t WHERE n > ?", [1])).not.toBe(first);
  const held = db.prepare("INSERT INTO t (n) VALUES (?)");
  for (let i = 0; i < keptStatements + 10; i++) {
    db.prepare(`SELECT ${i} AS i`);
    // Kept in use, so never the least recently used.
    expect(db.prepare("SELECT count(*) AS n FROM t")).toBe(first);
  }
  expect(db.keptStatementCount).toBe(keptStatements);
  // The insert was dropped (a new one is compiled), yet the statement held still runs.
  expect(db.prepare("INSERT INTO t (n) VALUES (?)")).not.toBe(held);
  held.run(7);
  expect(first.get()).toEqual({ n: 1 });
  db.close();
});
