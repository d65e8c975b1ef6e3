/**
 * Runs one factory of tests/factories.ts on a database file and prints what it answers as JSON:
 * the e2e specs seed the binary's database with it (Playwright runs under Node, which has no
 * bun:sqlite; `seed()` in tests/e2e/fixtures.ts spawns this under Bun).
 *
 *   bun tests/e2e/seed.ts <database file> <factory> '<JSON array of the arguments after db>'
 */
import { openDatabase } from "../../src/db/client.server";
import * as factories from "../factories";

const [file, name, args = "[]"] = process.argv.slice(2);
const factory = name ? (factories as Record<string, unknown>)[name] : undefined;
if (!file || typeof factory !== "function") {
  const names = Object.entries(factories).flatMap(([key, value]) => (typeof value === "function" ? [key] : []));
  throw new Error(`usage: seed.ts <database file> <factory> '<JSON arguments>'; factories: ${names.join(", ")}`);
}
// The site holds the file open in WAL mode; our writes wait for its lock (busy_timeout).
const db = openDatabase(file);
const result = factory(db, ...(JSON.parse(args) as unknown[]));
db.$client.close();
console.log(JSON.stringify(result ?? null));
