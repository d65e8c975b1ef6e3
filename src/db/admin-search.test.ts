/**
 * The admin's searches over customers and shop orders through the trigram indexes (users_search,
 * migration 0007; orders_search, migration 0030): a piece of an e-mail, a name or an order number
 * finds its record in any case, punctuation included, and FTS5's own query syntax typed into the
 * box is plain text. Each search is compared with what a plain "contains, ignoring ASCII case" over
 * every record answers, which is what the list answered before the indexes.
 */
import { expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { orderFor } from "../../tests/factories";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import { queryPlan, statementsPreparedBy } from "../../tests/helpers/query-plan";
import { searchCountLimit } from "../shared/admin-list";
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

test("the orders' index follows a changed number, a deleted order, and the customer's changed e-mail or name and deleted account", () => {
  const ann = customer("ann@example.com", "Ann", "Lee");
  const number = orderNumbered(ann, "PI-AAAA-BBBB");
  expect(foundOrders("aaaa-b")).toEqual([number]);
  t.db.update(orders).set({ orderNumber: "PI-CCCC-DDDD" }).where(eq(orders.orderNumber, number)).run();
  expect(foundOrders("aaaa-b")).toEqual([]);
  expect(foundOrders("cccc-d")).toEqual(["PI-CCCC-DDDD"]);
  const second = orderNumbered(ann, "PI-EEEE-FFFF");
  expect(foundOrders("ann lee")).toEqual(["PI-CCCC-DDDD", second]);
  t.db.update(users).set({ email: "annie@example.org", lastName: "Nguyen" }).where(eq(users.id, ann)).run();
  expect(foundOrders("ann lee")).toEqual([]);
  expect(foundOrders("ann@example")).toEqual([]);
  expect(foundOrders("ann nguyen")).toEqual(["PI-CCCC-DDDD", second]);
  expect(foundOrders("annie@")).toEqual(["PI-CCCC-DDDD", second]);
  expect(foundOrders("eeee")).toEqual([second]);
  t.db.delete(orders).where(eq(orders.orderNumber, "PI-CCCC-DDDD")).run();
  expect(foundOrders("cccc-d")).toEqual([]);
  // A deleted account's orders stay (their customer set to none) and are found by number only.
  t.db.delete(users).where(eq(users.id, ann)).run();
  expect(foundOrders("nguyen")).toEqual([]);
  expect(foundOrders("eeee")).toEqual([second]);
  expect(t.db.$client.query("SELECT order_id, number, customer FROM orders_search").all()).toEqual([
    { order_id: expect.any(Number), number: second, customer: "" },
  ]);
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

/**
 * `count` customers "smith0@example.com"… signed up in bursts (eight to a millisecond, so ties are
 * many), stored in an order that is not their signup order, each with one order placed in the
 * same bursts; and as many who match nothing. Answers the matching customers' e-mails and order
 * numbers as the lists order them: newest first, ties the later inserted first.
 */
function manyMatching(count: number) {
  const start = Date.UTC(2026, 0, 1);
  const signup = (i: number) => new Date(start + (((i * 37) % count) >> 3) * 1000);
  const people = Array.from({ length: count }, (_, i) => ({ email: `smith${i}@example.com`, firstName: "Sam", lastName: `Smith${i}`, createdAt: signup(i) }));
  const others = Array.from({ length: count }, (_, i) => ({ email: `other${i}@example.org`, firstName: "Jo", lastName: "Brown", createdAt: signup(i) }));
  for (let i = 0; i < count; i += 200)
    t.db
      .insert(users)
      .values([...people.slice(i, i + 200), ...others.slice(i, i + 200)])
      .run();
  const ids = t.db.select({ id: users.id, email: users.email, createdAt: users.createdAt, rowid: sql<number>`rowid` }).from(users).all();
  const matching = ids.filter((u) => u.email.startsWith("smith")).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.rowid - a.rowid);
  const address = { name: "Sam Smith", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };
  const placed = matching.map((u, i) => ({
    userId: u.id,
    orderNumber: `PI-${String(i).padStart(4, "0")}-MANY`,
    totalAmount: "10.00",
    subtotal: "10.00",
    shippingAddress: address,
    billingAddress: address,
    createdAt: signup(i),
    updatedAt: signup(i),
  }));
  for (let i = 0; i < count; i += 200)
    t.db
      .insert(orders)
      .values(placed.slice(i, i + 200))
      .run();
  const numbers = t.db
    .select({ orderNumber: orders.orderNumber, createdAt: orders.createdAt, id: orders.id })
    .from(orders)
    .all()
    .filter((o) => o.orderNumber.endsWith("-MANY"))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .map((o) => o.orderNumber);
  return { emails: matching.map((u) => u.email), numbers };
}

test("a search matching more than the count limit: pages in the list's order, and the count says 'more than' past the page's start plus the limit", () => {
  // Page 3 starts 40 in: it counts to 1,040, exactly how many there are, which is not "more than".
  const count = searchCountLimit + 40;
  const { emails, numbers } = manyMatching(count);
  const usersPage = (page: number, search = "smith") => listAdminUsers(t.db, { ...adminUsersList.empty, search, page });
  const ordersPage = (page: number, search = "smith") => listAdminOrders(t.db, { ...adminOrdersList.empty, search, page });
  for (const [page, total, totalCapped] of [
    [1, searchCountLimit, true],
    [2, searchCountLimit + 20, true],
    [3, count, false],
    [52, count, false],
  ] as const) {
    const from = (page - 1) * 20;
    const u = usersPage(page);
    expect({ page, total: u.total, totalCapped: u.totalCapped, emails: u.users.map((x) => x.email) }).toEqual({
      page,
      total,
      totalCapped,
      emails: emails.slice(from, from + 20),
    });
    const o = ordersPage(page);
    expect({ page, total: o.total, totalCapped: o.totalCapped, numbers: o.orders.map((x) => x.orderNumber) }).toEqual({
      page,
      total,
      totalCapped,
      numbers: numbers.slice(from, from + 20),
    });
  }
  // A search too short for the index (LIKE) pages and counts the same way.
  expect(usersPage(1, "h1")).toMatchObject({ total: emails.filter((e) => e.includes("h1")).length, totalCapped: false });
  expect(usersPage(1, "mi").users.map((x) => x.email)).toEqual(emails.slice(0, 20));
  expect(usersPage(1, "mi")).toMatchObject({ total: searchCountLimit, totalCapped: true });
  expect(ordersPage(1, "y").orders.map((x) => x.orderNumber)).toEqual(numbers.slice(0, 20));
  expect(ordersPage(2, "y")).toMatchObject({ total: searchCountLimit + 20, totalCapped: true });
  // Without a search the count is exact.
  expect(listAdminUsers(t.db, adminUsersList.empty)).toMatchObject({ total: count * 2, totalCapped: false });
});

test("a search walks its index in the list's order: no statement sorts the matches, so its cost does not grow with them", async () => {
  manyMatching(60);
  const client = t.db.$client;
  const statements = await statementsPreparedBy(client, () => {
    listAdminUsers(t.db, { ...adminUsersList.empty, search: "smith" });
    listAdminOrders(t.db, { ...adminOrdersList.empty, search: "smith" });
    listAdminOrders(t.db, { ...adminOrdersList.empty, search: "smith", status: "pending" } as never);
  });
  const searches = statements.filter((statement) => /(users|orders)_search/.test(statement));
  expect(searches.length).toBeGreaterThanOrEqual(6);
  for (const statement of searches) {
    const plan = queryPlan(client, statement);
    expect({ statement, sorts: plan.some((step) => step.includes("TEMP B-TREE")) }).toEqual({ statement, sorts: false });
    expect({ statement, first: plan.find((step) => step.startsWith("SCAN") || step.startsWith("SEARCH")) }).toEqual({
      statement,
      first: expect.stringMatching(/^SCAN (users_search|orders_search) VIRTUAL TABLE/),
    });
  }
});
