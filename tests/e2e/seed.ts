/**
 * Runs factories of tests/factories.ts on database files for the e2e specs, and answers what they
 * return as JSON. Playwright runs under Node, which has no bun:sqlite, so each Playwright worker
 * starts this once under Bun (tests/e2e/seeder.ts) and sends it one request per line on stdin:
 *
 *   {"id": 1, "file": "<database file>", "name": "<factory>", "args": [<the arguments after db>]}
 *
 * Each answer is one line on stdout with the request's id: {"id": 1, "result": ...} or
 * {"id": 1, "error": "..."}; anything a factory prints goes to stderr instead. The file is opened
 * for each request and closed after it, as a separate program would: a spec may stop its site,
 * restore a backup over the file or delete it between two requests.
 */
import { openDatabase } from "../../src/db/client.server";
import * as factories from "../factories";

// stdout carries the answers only.
console.log = console.error;

type Request = { id: number; file: string; name: string; args: unknown[] };

function run({ file, name, args }: Request): unknown {
  const factory = (factories as Record<string, unknown>)[name];
  if (typeof factory !== "function") {
    const names = Object.entries(factories).flatMap(([key, value]) => (typeof value === "function" ? [key] : []));
    throw new Error(`no factory "${name}"; factories: ${names.join(", ")}`);
  }
  // The site holds the file open in WAL mode; our writes wait for its lock (busy_timeout).
  const db = openDatabase(file);
  try {
    return factory(db, ...args) ?? null;
  } finally {
    db.$client.close();
  }
}

for await (const line of console) {
  if (!line.trim()) continue;
  let answer: string;
  let id: number | undefined;
  try {
    const request = JSON.parse(line) as Request;
    id = request.id;
    answer = JSON.stringify({ id, result: run(request) });
  } catch (error) {
    answer = JSON.stringify({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  await Bun.write(Bun.stdout, `${answer}\n`);
}
