/**
 * Run by the e2e fixture with Bun (Playwright runs under Node, which has no SQLite): creates a
 * customer and a session in a running site's database through our own modules, so the token is
 * hashed exactly as the site hashes it, and prints `{ userId, token }` as JSON.
 *
 *   bun tests/e2e/create-customer.ts <database file> <e-mail> [--returning]
 */
import { openDatabase } from "../../src/db/client.server";
import { customerWithSession } from "../helpers/sessions";

const [file, email, ...flags] = process.argv.slice(2);
if (!file || !email) throw new Error("usage: create-customer.ts <database file> <e-mail> [--returning]");
// The site holds the file open in WAL mode; our writes wait for its lock (busy_timeout).
const db = openDatabase(file);
const customer = customerWithSession(db, email, { returning: flags.includes("--returning") });
db.$client.close();
console.log(JSON.stringify({ userId: customer.userId, token: customer.token }));
