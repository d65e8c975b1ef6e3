/**
 * The bookings and orders CSVs read a batch at a time (adminBookingsForCsv, exportAdminOrders): the
 * batches together are every matching row in the list's order, exactly once, as the database was
 * when the first batch was read; and a download lets other work run between batches.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import { adminOrdersList } from "../shared/admin-orders";
import { adminBookingsForCsv } from "./admin-bookings.server";
import { exportAdminOrders } from "./admin-orders.server";
import { bookings, orders, users } from "./schema";

const { t, admin } = adminAppPerTest();

/** `count` bookings of one customer, several at each time of a few days, in no particular order of creation. */
function manyBookings(count: number): void {
  const userId = t.db.insert(users).values({ email: "many@example.com", firstName: "Many", lastName: "Bookings" }).returning({ id: users.id }).get().id;
  const rows = Array.from({ length: count }, (_, i) => ({
    userId,
    serviceName: "Partner Check",
    servicePrice: "295.00",
    originalPrice: "295.00",
    appointmentDate: `2026-12-${String(1 + ((i * 7) % 5)).padStart(2, "0")}`,
    appointmentTime: `${String(9 + ((i * 3) % 4)).padStart(2, "0")}:00`,
    contactEmail: `c${i}@example.com`,
    contactPhone: "0400 000 000",
    status: i % 3 === 0 ? ("confirmed" as const) : ("pending" as const),
  }));
  t.db.insert(bookings).values(rows).run();
}

async function all<T>(batches: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

/** Every booking of the filter in appointment order (ties: the earlier written first), in one read. */
const inOneRead = (status: "confirmed" | null) =>
  t.db.$client
    .query(`SELECT id FROM bookings ${status ? "WHERE status = ?" : ""} ORDER BY appointment_date, appointment_time, rowid`)
    .all(...(status ? [status] : []))
    .map((r) => (r as { id: string }).id);

test("the batches are every booking of the filter once, in appointment order, whatever the batch size", async () => {
  manyBookings(47);
  for (const size of [1, 5, 10, 46, 47, 500]) {
    const batches = await all(adminBookingsForCsv(t.db, { status: null, from: "", to: "" }, size));
    expect(batches.every((b) => b.length <= size && b.length > 0)).toBe(true);
    expect(batches.flat().map((b) => b.id)).toEqual(inOneRead(null));
  }
  const confirmed = await all(adminBookingsForCsv(t.db, { status: "confirmed", from: "", to: "" }, 4));
  expect(confirmed.flat().map((b) => b.id)).toEqual(inOneRead("confirmed"));
  expect(confirmed.flat().every((b) => b.status === "confirmed")).toBe(true);
  const oneDay = await all(adminBookingsForCsv(t.db, { status: null, from: "2026-12-03", to: "2026-12-03" }, 4));
  expect(new Set(oneDay.flat().map((b) => b.appointmentDate))).toEqual(new Set(["2026-12-03"]));
});

test("the batches hold the bookings as they were when the first was read, whatever is written meanwhile", async () => {
  manyBookings(30);
  const before = inOneRead(null);
  const reader = adminBookingsForCsv(t.db, { status: null, from: "", to: "" }, 7);
  const first = await reader.next();
  // Meanwhile the site goes on: a booking moves to the end, one is deleted, one is written.
  t.db.update(bookings).set({ appointmentDate: "2027-01-01" }).where(eq(bookings.id, before[0]!)).run();
  t.db.delete(bookings).where(eq(bookings.id, before[20]!)).run();
  t.db
    .insert(bookings)
    .values({
      serviceName: "Partner Check",
      servicePrice: "295.00",
      appointmentDate: "2026-12-01",
      appointmentTime: "09:00",
      contactEmail: "late@example.com",
      contactPhone: "0400 000 000",
    })
    .run();
  const rest: string[] = [];
  for (let next = await reader.next(); !next.done; next = await reader.next()) rest.push(...next.value.map((b) => b.id));
  expect([...(first.value ?? []).map((b) => b.id), ...rest]).toEqual(before);
  expect(inOneRead(null)).not.toEqual(before);
});

test("the download lets a timer set after it began run before its last rows are written", async () => {
  manyBookings(2000);
  const res = await admin.get("/api/admin/bookings.csv");
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let fired = false;
  setTimeout(() => {
    fired = true;
  }, 0);
  let text = "";
  let chunksAfterTimer = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    if (fired) chunksAfterTimer++;
  }
  expect(text.trim().split("\r\n")).toHaveLength(2001);
  expect(chunksAfterTimer).toBeGreaterThan(0);
});

/** `count` orders of two customers, three placed in each millisecond, in the given states. */
function manyOrders(count: number): void {
  const ids = ["ann", "bob"].map(
    (name) =>
      t.db
        .insert(users)
        .values({ email: `${name}@example.com`, firstName: name === "ann" ? "Ann" : "Bob", lastName: "Smith" })
        .returning({ id: users.id })
        .get().id,
  );
  const address = { name: "Ann Smith", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };
  const rows = Array.from({ length: count }, (_, i) => ({
    userId: ids[i % 2],
    orderNumber: `PI-${String(i).padStart(4, "0")}-TEST`,
    status: i % 4 === 0 ? ("shipped" as const) : ("pending" as const),
    paymentStatus: i % 4 === 0 ? ("paid" as const) : ("pending" as const),
    paymentMethod: "bank_transfer" as const,
    totalAmount: "10.00",
    subtotal: "10.00",
    shippingAddress: address,
    billingAddress: address,
    createdAt: new Date(Date.UTC(2026, 10, 1) + Math.floor(i / 3)),
  }));
  t.db.insert(orders).values(rows).run();
}

/** The numbers of the orders of a filter, newest first (ties: the later written first), in one read. */
const ordersInOneRead = (where = "") =>
  t.db.$client
    .query(`SELECT order_number FROM orders ${where} ORDER BY created_at DESC, id DESC`)
    .all()
    .map((r) => (r as { order_number: string }).order_number);

const exported = async (query: Partial<typeof adminOrdersList.empty>, size: number) =>
  (await all(exportAdminOrders(t.db, { ...adminOrdersList.empty, ...query }, size))).flat().map((o) => o.orderNumber);

test("the orders' batches are every order of the filter and search once, newest first, whatever the batch size", async () => {
  manyOrders(40);
  for (const size of [1, 3, 7, 39, 40, 500]) {
    expect(await exported({}, size)).toEqual(ordersInOneRead());
    expect(await exported({ status: "shipped" }, size)).toEqual(ordersInOneRead("WHERE status = 'shipped'"));
    expect(await exported({ search: "bob" }, size)).toEqual(ordersInOneRead("WHERE user_id = (SELECT id FROM users WHERE email = 'bob@example.com')"));
    expect(await exported({ search: "pi-001" }, size)).toEqual(ordersInOneRead("WHERE order_number LIKE 'PI-001%'"));
  }
});

test("the orders' batches hold the orders as they were when the first was read", async () => {
  manyOrders(20);
  const before = ordersInOneRead();
  const reader = exportAdminOrders(t.db, adminOrdersList.empty, 6);
  const first = await reader.next();
  t.db.delete(orders).where(eq(orders.orderNumber, before[10]!)).run();
  const rest: string[] = [];
  for (let next = await reader.next(); !next.done; next = await reader.next()) rest.push(...next.value.map((o) => o.orderNumber));
  expect([...(first.value ?? []).map((o) => o.orderNumber), ...rest]).toEqual(before);
  expect(ordersInOneRead()).toHaveLength(19);
});
