/**
 * Prepared statements for the hottest queries (every signed-in request runs them): built once per
 * database connection instead of turning the query builder into SQL on every call.
 */
import type { Db } from "./client.server";

const statements = new WeakMap<Db, Map<string, unknown>>();

/** The statement `build` makes for `db`, prepared on first use and kept with the connection. */
export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let forDb = statements.get(db);
  if (!forDb) {
    forDb = new Map();
    statements.set(db, forDb);
  }
  let statement = forDb.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    forDb.set(key, statement);
  }
  return statement;
}
