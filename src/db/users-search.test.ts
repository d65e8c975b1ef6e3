/**
 * The trigram index over customers' e-mails and names (migration 0007) that the admin's user and
 * order searches read: it follows every insert, change and deletion of a customer.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { customerIdsMatching, listAdminUsers } from "./admin-users.server";
import { adminUsersList } from "../shared/admin-users";
import { prepared } from "./prepared.server";
import { users } from "./schema";

const t = testAppPerTest();

function customer(email: string, firstName: string, lastName: string): string {
  return t.db.insert(users).values({ email, firstName, lastName }).returning({ id: users.id }).get().id;
}

test("a piece of an e-mail or of the full name finds the customer, in any case; too short a search is not for the index", () => {
  const ann = customer("ann.lee@example.com", "Ann", "Lee");
  const bob = customer("bob@example.org", "Bob", "Smithers");
  expect(customerIdsMatching(t.db, "EXAMPLE.COM")).toEqual([ann]);
  expect(customerIdsMatching(t.db, "ann lee")).toEqual([ann]);
  expect(customerIdsMatching(t.db, "smith")).toEqual([bob]);
  expect(customerIdsMatching(t.db, 'a"b')).toEqual([]);
  expect(customerIdsMatching(t.db, "le")).toBeNull();
  // Across the e-mail and the name is not a match.
  expect(customerIdsMatching(t.db, "org bob")).toEqual([]);
});

test("the index follows a changed e-mail or name and a deleted customer", () => {
  const id = customer("old@example.com", "Pat", "Original");
  t.db.update(users).set({ email: "new@example.com", lastName: "Renamed" }).where(eq(users.id, id)).run();
  expect(customerIdsMatching(t.db, "old@example")).toEqual([]);
  expect(customerIdsMatching(t.db, "original")).toEqual([]);
  expect(customerIdsMatching(t.db, "new@example")).toEqual([id]);
  expect(listAdminUsers(t.db, { ...adminUsersList.empty, search: "renamed" }).users.map((u) => u.id)).toEqual([id]);
  t.db.delete(users).where(eq(users.id, id)).run();
  expect(customerIdsMatching(t.db, "new@example")).toEqual([]);
});

test("a search's matches are put in signup order from the index on (id, created_at), without reading each customer's row", () => {
  for (let i = 0; i < 40; i++) customer(`smith${i}@example.com`, "Sam", `Smith${i}`);
  t.db.$client.run("ANALYZE");
  // The statement the list uses, as it was prepared for this connection by the first search.
  expect(listAdminUsers(t.db, { ...adminUsersList.empty, search: "smith" }).total).toBe(40);
  const statement = prepared(t.db, "admin-users-search-indexed", () => {
    throw new Error("the search did not prepare its statement");
  }) as { getQuery(): { sql: string; params: unknown[] } };
  const { sql } = statement.getQuery();
  const plan = (t.db.$client.query(`EXPLAIN QUERY PLAN ${sql}`).all('"smith"') as { detail: string }[]).map((r) => r.detail).join(" | ");
  expect(plan).toContain("COVERING INDEX users_id_created_idx");
});
