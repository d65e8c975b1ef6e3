/**
 * The admin's searches over customers and shop orders through the trigram indexes (users_search,
 * migration 0007; orders_search, migration 0030): a piece of an e-mail, a name or an order number
 * finds its record in any case, punctuation included, and FTS5's own query syntax typed into the
 * box is plain text. Each search is compared with what a plain "contains, ignoring ASCII case" over
 * every record answers, which is what the list answered before the indexes.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orderFor } from "../../tests/factories";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import { adminOrdersList } from "../shared/admin-orders";
import { adminUsersList } from "../shared/admin-users";
import { listAdminOrders } from "./admin-orders.server";
import { listAdminUsers } from "./admin-users.server";
import { orders, users } from "./schema";

const { t, admin } = adminAppPerTest();

function customer(email: string, firstName: string | null, lastName: string | null): string {
  return t.db.insert(users).values({ email, firstName, lastName, emailVerifiedAt: new Date() }).returning({ id: users.id }).get().id;
}

/** An order of `userId` whose number is then set to `orderNumber` (numbers are random otherwise). */
function orderNumbered(userId: string, orderNumber: string): string {
  const placed = orderFor(t.db, userId);
  t.db.update(orders).set({ orderNumber }).where(eq(orders.orderNumber, placed.orderNumber)).run();
  return orderNumber;
}

const foldAscii = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const contains = (text: string | null, search: string) => foldAscii(text ?? "").includes(foldAscii(search));

/** The e-mails of every customer whose e-mail or "first last" name contains `search`: the old LIKE's answer. */
function customersContaining(search: string): string[] {
  return t.db
    .select()
    .from(users)
    .all()
    .filter((u) => contains(u.email, search) || contains(`${u.firstName ?? ""} ${u.lastName ?? ""}`, search))
    .map((u) => u.email)
    .sort();
}

/** The numbers of every order whose number contains `search` or whose customer does (as above). */
function ordersContaining(search: string): string[] {
  const customers = new Set(customersContaining(search));
  return t.db
    .select({ orderNumber: orders.orderNumber, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .all()
    .filter((o) => contains(o.orderNumber, search) || (o.email !== null && customers.has(o.email)))
    .map((o) => o.orderNumber)
    .sort();
}

const foundCustomers = (search: string) =>
  listAdminUsers(t.db, { ...adminUsersList.empty, search })
    .users.map((u) => u.email)
    .sort();
const foundOrders = (search: string) =>
  listAdminOrders(t.db, { ...adminOrdersList.empty, search })
    .orders.map((o) => o.orderNumber)
    .sort();

/** What people type, FTS5's query syntax among it: none of it may be read as syntax. */
const hostileSearches = [
  '"',
  '""',
  'smith"',
  '"smith"',
  "o'brien",
  "*",
  "smi*",
  "*ith",
  "s*h",
  "-smith",
  "smith -brown",
  "smith - brown",
  "NEAR",
  "near",
  "NEAR(smith brown)",
  "smith NEAR brown",
  "smith AND brown",
  "smith OR lee",
  "NOT smith",
  "(smith)",
  "email:smith",
  "text: smith",
  "{text}: smith",
  "^smith",
  "+smith",
  "smith@",
  "@example",
  "a.b",
  "\\",
  "%",
  "_",
  "%%%",
  "___",
  "'; drop table users; --",
];

test("prefix, piece, case and punctuation: a customer is found by the start or any piece of the e-mail or the full name", () => {
  customer("sean.obrien@example.com", "Seán", "O'Brien");
  customer("jo.smith@example.com", "Jo", "Brown");
  customer("kim@example.org", "Kim", "Smith");
  customer("near-miss@example.com", "Near", "Miss");
  customer("star*@example.com", "Star", "Quote");
  expect(foundCustomers("o'brien")).toEqual(["sean.obrien@example.com"]);
  expect(foundCustomers("O'BRI")).toEqual(["sean.obrien@example.com"]);
  expect(foundCustomers("smith@")).toEqual(["jo.smith@example.com"]);
  expect(foundCustomers("smi")).toEqual(["jo.smith@example.com", "kim@example.org"]);
  expect(foundCustomers("SMITH")).toEqual(["jo.smith@example.com", "kim@example.org"]);
  expect(foundCustomers("kim smi")).toEqual(["kim@example.org"]);
  expect(foundCustomers("near")).toEqual(["near-miss@example.com"]);
  expect(foundCustomers("NEAR")).toEqual(["near-miss@example.com"]);
  expect(foundCustomers("star*")).toEqual(["star*@example.com"]);
  expect(foundCustomers("*")).toEqual(["star*@example.com"]);
  expect(foundCustomers("-miss")).toEqual(["near-miss@example.com"]);
  expect(foundCustomers('"smith"')).toEqual([]);
});

test("FTS5 syntax typed as a search is plain text: every search finds exactly the customers containing it", () => {
  customer("jo.smith@example.com", "Jo", "Brown");
  customer("kim@example.org", "Kim", "Smith");
  customer("ann.lee@example.com", "Ann", "Lee");
  customer("near@example.com", "Smith", "NEAR Brown");
  customer("quote@example.com", 'Said "smith"', "o'brien");
  customer("minus@example.com", "smith -brown", "(smith)");
  customer("colon@example.com", "email:smith", "text: smith");
  customer("star@example.com", "smi*", "s*h");
  customer("pct@example.com", "100%", "a_b");
  customer("nameless@example.com", null, null);
  for (const search of hostileSearches) {
    expect({ search, found: foundCustomers(search) }).toEqual({ search, found: customersContaining(search) });
  }
  // The searches that are syntax above all found somebody who holds them literally.
  expect(foundCustomers("smith NEAR brown")).toEqual(["near@example.com"]);
  expect(foundCustomers('"smith"')).toEqual(["quote@example.com"]);
  expect(foundCustomers("smith -brown")).toEqual(["minus@example.com"]);
  expect(foundCustomers("s*h")).toEqual(["star@example.com"]);
});

test("an order is found by the start or any piece of its number in any case, and by its customer", () => {
  const ann = customer("ann@example.com", "Ann", "O'Brien");
  const bob = customer("bob.smith@example.com", "Bob", "Jones");
  const a = orderNumbered(ann, "PI-0001-2300");
  const b = orderNumbered(bob, "PI-0001-2301");
  const c = orderNumbered(bob, "PI-7KQ4-M2XD");
  expect(foundOrders("PI-0001-2300")).toEqual([a]);
  expect(foundOrders("pi-0001-23")).toEqual([a, b]);
  expect(foundOrders("PI-0")).toEqual([a, b]);
  expect(foundOrders("pi-")).toEqual([a, b, c]);
  expect(foundOrders("7kq4")).toEqual([c]);
  expect(foundOrders("Q4-M")).toEqual([c]);
  expect(foundOrders("01")).toEqual([a, b]);
  expect(foundOrders("o'brien")).toEqual([a]);
  expect(foundOrders("smith@")).toEqual([b, c]);
  expect(foundOrders("PI-9999")).toEqual([]);
  for (const search of hostileSearches) expect({ search, found: foundOrders(search) }).toEqual({ search, found: ordersContaining(search) });
});

test("a search within the status and payment filters: only orders matching all of them, newest first, whether found by number or by customer", () => {
  const bob = customer("bob.smith@example.com", "Bob", "Jones");
  const ann = customer("ann@example.com", "Ann", "Lee");
  const at = (orderNumber: string, minutesAgo: number, set: Partial<typeof orders.$inferInsert> = {}) => {
    t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000), ...set })
      .where(eq(orders.orderNumber, orderNumber))
      .run();
    return orderNumber;
  };
  const paidShipped = { paymentStatus: "paid", status: "shipped" } as const;
  const oldest = at(orderNumbered(bob, "PI-0001-0001"), 30, paidShipped);
  const unpaid = at(orderNumbered(bob, "PI-0001-0002"), 20);
  const byNumber = at(orderNumbered(ann, "PI-SMITH-0001"), 10, paidShipped);
  const newest = at(orderNumbered(bob, "PI-0001-0003"), 5, paidShipped);
  const list = (search: string, status: string | null, payment: string | null) =>
    listAdminOrders(t.db, { ...adminOrdersList.empty, search, status, payment } as never).orders.map((o) => o.orderNumber);
  expect(list("smith", null, null)).toEqual([newest, byNumber, unpaid, oldest]);
  expect(list("smith", "shipped", null)).toEqual([newest, byNumber, oldest]);
  expect(list("smith", null, "paid")).toEqual([newest, byNumber, oldest]);
  expect(list("smith", "shipped", "paid")).toEqual([newest, byNumber, oldest]);
  expect(list("smith", "pending", null)).toEqual([unpaid]);
  expect(list("sm", "shipped", "paid")).toEqual([newest, byNumber, oldest]);
  expect(list("pi-0001", null, "paid")).toEqual([newest, oldest]);
});

test("the order numbers' index follows a changed number and a deleted order; orders placed before it existed are in it", () => {
  const ann = customer("ann@example.com", "Ann", "Lee");
  const number = orderNumbered(ann, "PI-AAAA-BBBB");
  expect(foundOrders("aaaa-b")).toEqual([number]);
  t.db.update(orders).set({ orderNumber: "PI-CCCC-DDDD" }).where(eq(orders.orderNumber, number)).run();
  expect(foundOrders("aaaa-b")).toEqual([]);
  expect(foundOrders("cccc-d")).toEqual(["PI-CCCC-DDDD"]);
  // Emptied and filled again as migration 0031 does for the orders placed before the index.
  t.db.$client.run("DELETE FROM orders_search");
  expect(foundOrders("cccc-d")).toEqual([]);
  t.db.$client.run("INSERT INTO orders_search (rowid, number) SELECT id, order_number FROM orders");
  expect(foundOrders("cccc-d")).toEqual(["PI-CCCC-DDDD"]);
  t.db.delete(orders).where(eq(orders.orderNumber, "PI-CCCC-DDDD")).run();
  expect(t.db.$client.query("SELECT count(*) AS n FROM orders_search").get()).toEqual({ n: 0 });
});

test("no search is refused or fails: the users and orders lists and the orders' CSV answer 200 for each", async () => {
  customer("jo.smith@example.com", "Jo", "Brown");
  for (const search of hostileSearches) {
    const q = encodeURIComponent(search);
    for (const path of [
      `/api/admin/users?search=${q}`,
      `/api/admin/orders?search=${q}`,
      `/api/admin/orders.csv?search=${q}`,
      `/api/admin/referrals?search=${q}`,
    ]) {
      const res = await admin.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
  }
});
