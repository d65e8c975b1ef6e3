/** What SQLite does with the statements our code prepares: for tests that a query reads an index. */
import type { Database } from "bun:sqlite";

/** The SQL of every statement prepared on `client` (by the query builder or by `query()`) while `run` runs. */
export async function statementsPreparedBy(client: Database, run: () => unknown): Promise<string[]> {
  const statements: string[] = [];
  const prepare = client.prepare.bind(client);
  const query = client.query.bind(client);
  client.prepare = ((text: string, ...rest: unknown[]) => {
    statements.push(text);
    return (prepare as (...a: unknown[]) => unknown)(text, ...rest);
  }) as typeof client.prepare;
  client.query = ((text: string) => {
    statements.push(text);
    return query(text);
  }) as typeof client.query;
  try {
    await run();
  } finally {
    client.prepare = prepare;
    client.query = query;
  }
  return statements;
}

/** SQLite's plan for `statement`, one line per step, with every parameter bound to 0. */
export function queryPlan(client: Database, statement: string): string[] {
  const params = (statement.match(/\?/g) ?? []).map(() => 0);
  return (client.prepare(`EXPLAIN QUERY PLAN ${statement}`).all(...params) as { detail: string }[]).map((r) => r.detail);
}
