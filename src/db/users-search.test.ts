/**
 * The trigram index over customers' e-mails and names (migration 0007, keyed in the list's order
 * since 0039) that the admin's customers and referrals searches read: it follows every insert,
 * change and deletion of a customer.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { customerIdsMatching, listAdminUsers } from "./admin-users.server";
import { adminUsersList } from "../shared/admin-users";
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

test("a search's matches come in signup order, newest first, in the index's own order, and a changed signup time moves its customer", () => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const ids = [30, 10, 20].map(
    (minutes, i) =>
      t.db
        .insert(users)
        .values({ email: `smith${i}@example.com`, firstName: "Sam", lastName: `Smith${i}`, createdAt: at(minutes) })
        .returning({ id: users.id })
        .get().id,
  );
  const [thirty, ten, twenty] = ids as [string, string, string];
  customer("jo@example.com", "Jo", "Brown");
  const found = () => listAdminUsers(t.db, { ...adminUsersList.empty, search: "smith" }).users.map((u) => u.id);
  expect(found()).toEqual([ten, twenty, thirty]);
  // The index's key is the signup time in milliseconds, times a million, plus the row's own number.
  const signup = (id: string) => t.db.$client.query("SELECT created_at AS ms FROM users WHERE id = ?").get(id);
  expect(t.db.$client.query("SELECT rowid / 1000000 AS ms FROM users_search WHERE user_id = ?").get(ten)).toEqual(signup(ten));
  t.db
    .update(users)
    .set({ createdAt: at(5) })
    .where(eq(users.id, thirty))
    .run();
  expect(found()).toEqual([thirty, ten, twenty]);
  // The page's rows are the customers' own, not the index's.
  t.db.update(users).set({ firstName: "Samuel" }).where(eq(users.id, twenty)).run();
  expect(listAdminUsers(t.db, { ...adminUsersList.empty, search: "smith" }).users.map((u) => u.firstName)).toEqual(["Sam", "Sam", "Samuel"]);
});
