/**
 * Run by the e2e fixture with Bun (Playwright runs under Node, which has no SQLite): creates an
 * admin and a bearer token in a running site's database through our own modules, so the token is
 * hashed exactly as the site hashes it, and prints `{ adminId, token }` as JSON.
 *
 *   bun tests/e2e/create-admin.ts <database file> <username>
 */
import { openDatabase } from "../../src/db/client.server";
import { adminWithToken } from "../helpers/admins";

const [file, username] = process.argv.slice(2);
if (!file || !username) throw new Error("usage: create-admin.ts <database file> <username>");
// The site holds the file open in WAL mode; our writes wait for its lock (busy_timeout).
const db = openDatabase(file);
const admin = adminWithToken(db, username);
db.$client.close();
console.log(JSON.stringify({ adminId: admin.adminId, token: admin.token }));
