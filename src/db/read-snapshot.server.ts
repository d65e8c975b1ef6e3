/**
 * A second, read-only connection to the database file, inside one read transaction: everything it
 * reads comes from one snapshot of the database (WAL keeps it while the site goes on writing), so a
 * long read can be done a batch at a time, giving the request loop back between batches, and still
 * hold exactly what was there when it began. The site's own connection is never held by it. For the
 * CSV exports; `end()` ends the transaction and closes the connection (call it in a `finally`).
 * An in-memory database has no file to open twice: its reads then use the connection itself.
 */
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import type { Db } from "./client.server";
import * as schema from "./schema";

export type ReadSnapshot = { db: Db; end: () => void };

/**
 * Rows an export reads from its snapshot (and formats) before the request loop is given back: the
 * longest a visitor's request waits behind a download. With a bookings CSV downloading once a
 * second, /about's p99 was 6.5x / 9.8x its p99 alone (50k / 500k bookings) at 500 rows, 2.9x / 3.5x
 * at 100 and 1.8x at 50 (`npm run bench -- --only=contention`); the 500k file then takes about a
 * fifth longer to download.
 */
export const exportBatchRows = 50;

export function openReadSnapshot(db: Db): ReadSnapshot {
  const file = db.$client.filename;
  if (!file || file === ":memory:") return { db, end: () => {} };
  const sqlite = new Database(file, { readonly: true, strict: true });
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("BEGIN");
  let ended = false;
  return {
    db: drizzle(sqlite, { schema }) as Db,
    end: () => {
      if (ended) return;
      ended = true;
      sqlite.exec("COMMIT");
      sqlite.close();
    },
  };
}
