/**
 * One side of the last-admin race (src/api/admin/admins.test.ts): opens the database on a
 * connection of its own, waits for the agreed instant, removes an admin as another and prints
 * the outcome as JSON.
 *
 *   bun tests/helpers/remove-admin-race.ts <database file> <actor id> <actor username> <admin id> <start ms>
 */
import { removeAdminAccount } from "../../src/db/admins.server";
import { openDatabase } from "../../src/db/client.server";

const [file, actorId, actorName, targetId, startAt] = process.argv.slice(2);
if (!file || !actorId || !actorName || !targetId || !startAt)
  throw new Error("usage: remove-admin-race.ts <file> <actor id> <actor username> <admin id> <start ms>");
const db = openDatabase(file);
while (Date.now() < Number(startAt)) {
  // Both sides start together: spin until the agreed instant.
}
const result = removeAdminAccount(db, { id: Number(actorId), username: actorName }, Number(targetId));
db.$client.close();
console.log(JSON.stringify(result));
