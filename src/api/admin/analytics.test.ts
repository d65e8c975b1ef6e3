import { expect, test } from "bun:test";
import { adminAnalytics, analyticsWindow } from "../../db/admin-analytics.server";
import { currenciesInUse } from "../../db/money-sql.server";
import { adminStats } from "../../db/admin-stats.server";
import { type Address, bookings, orderItems, orders, payments, products, visitLog } from "../../db/schema";
import type { BookingStatus } from "../../domain/booking";
import type { OrderPaymentStatus, OrderStatus } from "../../domain/order";
import type { PaymentStatus } from "../../domain/payment";
import { toCents } from "../../domain/pricing";
import { addDays, dayOfWeek, localDate, zonedToInstant } from "../../domain/timezone";
import type { AdminAnalytics } from "../../shared/admin-analytics";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { expectCsvAttachment, readCsv } from "../../../tests/helpers/csv";
import { queryPlan, statementsPreparedBy } from "../../../tests/helpers/query-plan";
import { keptTimeZone } from "../../db/kept-totals.server";
import { updateSetting } from "../../db/settings.server";
import { eq } from "drizzle-orm";

const adelaide = "Australia/Adelaide";
const { t, admin } = adminAppPerTest();

function inAdelaide(date: string, time: string): Date {
  const instant = zonedToInstant(date, time, adelaide);
  if (!instant) throw new Error(`${date} ${time} does not exist in ${adelaide}`);
  return instant;
}

/** Wednesday 18 March 2026, noon in Adelaide (summer time, UTC+10:30). */
const now = inAdelaide("2026-03-18", "12:00");

const address: Address = { name: "Ann Lee", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };
let orderNumber = 0;
function order(totalAmount: string, status: OrderStatus, paymentStatus: OrderPaymentStatus, paidAt: Date | null, paymentMethod = "bank_transfer"): number {
  orderNumber++;
  return t.db
    .insert(orders)
    .values({
      orderNumber: `ORD-${orderNumber}`,
      status,
      paymentStatus,
      paymentMethod,
      totalAmount,
      subtotal: totalAmount,
      shippingAddress: address,
      billingAddress: address,
      paidAt,
      createdAt: paidAt ?? now,
    })
    .returning({ id: orders.id })
    .get().id;
}

function item(orderId: number, productId: number | null, name: string, quantity: number, unitPrice: string) {
  t.db
    .insert(orderItems)
    .values({
      orderId,
      productId,
      quantity,
      unitPrice,
      totalPrice: (Number(unitPrice) * quantity).toFixed(2),
      productSnapshot: { name, slug: "x", image: "", requiresVerification: false },
    })
    .run();
}

let paymentNumber = 0;
function payment(amount: string, method: string, status: PaymentStatus, paidAt: Date | null, shopOrderId: number | null = null) {
  paymentNumber++;
  t.db
    .insert(payments)
    .values({
      serviceName: "Partner Check",
      method,
      amount,
      referenceCode: `PAY-TEST-${String(paymentNumber).padStart(4, "0")}`,
      status,
      paidAt,
      shopOrderId,
      createdAt: paidAt ?? now,
    })
    .run();
}

function booking(createdAt: Date, status: BookingStatus = "pending", serviceName = "Partner Check", servicePrice = "295.00") {
  t.db.insert(bookings).values({ serviceName, servicePrice, appointmentDate: "2026-04-10", appointmentTime: "10:00", status, createdAt }).run();
}

async function get(path: string, auth = true) {
  return t.request(path, auth ? { headers: { Authorization: admin.authorization } } : {});
}

test("no token: 401 for the figures and the CSV", async () => {
  expect((await get("/api/admin/analytics", false)).status).toBe(401);
  expect((await get("/api/admin/analytics.csv?range=90d", false)).status).toBe(401);
});

test("a range other than 30d, 90d or 12m: 400 with the field's message", async () => {
  for (const range of ["7d", "", "12M", "1y", "30d'--"]) {
    for (const path of ["/api/admin/analytics", "/api/admin/analytics.csv"]) {
      const res = await get(`${path}?range=${encodeURIComponent(range)}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe("validation_error");
      expect(body.error.fields.range).toBe("Choose a range of 30d, 90d or 12m");
    }
  }
});

test("an empty site: every day and every period present with zeros; 30 days by default", async () => {
  const res = await get("/api/admin/analytics");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const a = (await res.json()) as AdminAnalytics;
  expect(a.range).toBe("30d");
  expect(a.period).toBe("week");
  expect(a.to).toBe(localDate(new Date(), adelaide));
  expect(dayOfWeek(a.from)).toBe(1);
  expect(a.visitors.length).toBeGreaterThanOrEqual(30);
  expect(a.visitors.length).toBeLessThanOrEqual(36);
  expect(a.visitors.every((v) => v.visits === 0)).toBe(true);
  expect(a.visitors[0]?.day).toBe(a.from);
  expect(a.visitors.at(-1)?.day).toBe(a.to);
  expect(a.periods.length).toBe(Math.ceil(a.visitors.length / 7));
  expect(a.periods.every((p, i) => p.start === addDays(a.from, 7 * i) && p.bookings === 0)).toBe(true);
  // The currency setting's money, zero-filled, and no other currency.
  expect(a.revenue).toEqual([{ currency: "USD", periods: a.periods.map(() => "0.00"), paymentMethods: [], total: "0.00" }]);
  expect(a).toMatchObject({ topServices: [], topProducts: [], totals: { visits: 0, bookings: 0 } });

  const year = (await (await get("/api/admin/analytics?range=12m")).json()) as AdminAnalytics;
  expect(year.period).toBe("month");
  expect(year.periods).toHaveLength(12);
  expect(year.periods.every((p) => p.start.endsWith("-01") && p.bookings === 0)).toBe(true);
  expect(year.from).toBe(year.periods[0]?.start ?? "");
});

test("the windows: whole weeks from Monday holding the last 30 or 90 days; the last 12 calendar months", () => {
  const month = analyticsWindow("30d", adelaide, now);
  // 30 days back from Wednesday 18 March is Tuesday 17 February: its week starts Monday 16 February.
  expect(month.starts).toEqual(["2026-02-16", "2026-02-23", "2026-03-02", "2026-03-09", "2026-03-16"]);
  expect(month.from).toBe("2026-02-16");
  expect(month.to).toBe("2026-03-18");
  expect(month.bounds[0]).toBe(inAdelaide("2026-02-16", "00:00").getTime());
  expect(month.bounds.at(-1)).toBe(inAdelaide("2026-03-19", "00:00").getTime());
  expect(analyticsWindow("90d", adelaide, now).starts).toHaveLength(14);
  const year = analyticsWindow("12m", adelaide, now);
  expect(year.starts[0]).toBe("2025-04-01");
  expect(year.starts.at(-1)).toBe("2026-03-01");
  expect(year.starts).toContain("2026-01-01");
});

test("visits per day and bookings per week, zero-filled; weeks split at Monday midnight in Adelaide; cancelled bookings left out", () => {
  t.db
    .insert(visitLog)
    .values([
      { day: "2026-02-15", visits: 99 }, // before the window
      { day: "2026-02-16", visits: 4 },
      { day: "2026-03-01", visits: 7 },
      { day: "2026-03-18", visits: 2 },
    ])
    .run();
  booking(inAdelaide("2026-02-15", "23:59")); // Sunday before the window
  booking(inAdelaide("2026-02-16", "00:00"));
  booking(inAdelaide("2026-03-01", "23:50")); // Sunday: the week of 23 February
  booking(inAdelaide("2026-03-02", "00:10")); // Monday: the week of 2 March
  booking(inAdelaide("2026-03-02", "09:00"), "cancelled");
  booking(inAdelaide("2026-03-18", "11:00"), "confirmed");
  booking(inAdelaide("2026-03-19", "00:00")); // tomorrow: after the window

  const a = adminAnalytics(t.db, "30d", adelaide, now);
  expect(a.visitors).toHaveLength(31);
  expect(a.visitors.filter((v) => v.visits > 0)).toEqual([
    { day: "2026-02-16", visits: 4 },
    { day: "2026-03-01", visits: 7 },
    { day: "2026-03-18", visits: 2 },
  ]);
  expect(a.periods.map((p) => p.bookings)).toEqual([1, 1, 1, 0, 1]);
  expect(a.totals).toMatchObject({ visits: 13, bookings: 4 });
});

test("revenue per period: the dashboard's definition, on the day the money arrived; payments by method add up to it", () => {
  const week1 = inAdelaide("2026-02-17", "10:00");
  const week3 = inAdelaide("2026-03-02", "00:05"); // just after Monday midnight in Adelaide, still Sunday in UTC
  const today = inAdelaide("2026-03-18", "08:00");
  order("1000.00", "processing", "paid", week1);
  order("0.10", "delivered", "paid", week3, "crypto");
  order("0.20", "shipped", "paid", week3, "crypto");
  order("75.25", "pending", "pending", null);
  order("50.00", "cancelled", "failed", null);
  order("300.00", "refunded", "refunded", week1); // paid, then refunded: nets to nothing
  order("400.00", "refunded", "paid", week1); // the order says refunded
  const paypalOrder = order("150.00", "processing", "paid", today, "paypal");
  payment("150.00", "paypal", "completed", today, paypalOrder); // the order's own capture: counted once, as the order
  payment("234.26", "paypal", "completed", today);
  payment("500.00", "bank_transfer", "requested", null);
  payment("99.00", "paypal", "review", today);
  payment("45.00", "paypal", "refunded", today);

  const a = adminAnalytics(t.db, "30d", adelaide, now);
  expect(a.revenue).toHaveLength(1);
  const usd = a.revenue[0];
  expect(usd?.currency).toBe("USD");
  expect(usd?.periods).toEqual(["1000.00", "0.00", "0.30", "0.00", "384.26"]);
  expect(usd?.total).toBe("1384.56");
  // Every row here falls inside the window, so the total is the dashboard's revenue.
  expect(usd?.total).toBe(adminStats(t.db, adelaide, now).totalRevenue);
  expect(usd?.paymentMethods).toEqual([
    { method: "bank_transfer", count: 1, amount: "1000.00" },
    { method: "paypal", count: 2, amount: "384.26" },
    { method: "crypto", count: 2, amount: "0.30" },
  ]);
  const cents = (usd?.paymentMethods ?? []).reduce((sum, m) => sum + (toCents(m.amount) ?? 0), 0);
  expect(cents).toBe(138456);

  // Money that arrived before the window is not in it.
  order("10.00", "delivered", "paid", inAdelaide("2026-02-15", "23:59"));
  expect(adminAnalytics(t.db, "30d", adelaide, now).revenue[0]?.total).toBe("1384.56");
  expect(adminAnalytics(t.db, "90d", adelaide, now).revenue[0]?.total).toBe("1394.56");
});

test("top five services by bookings, then value; top five products by units in paid, unrefunded orders", () => {
  const when = inAdelaide("2026-03-10", "10:00");
  const services: [string, number, string][] = [
    ["Partner Check", 4, "295.00"],
    ["Background Check", 3, "150.00"],
    ["Surveillance Day", 3, "900.00"],
    ["Process Serving", 2, "120.00"],
    ["Asset Search", 1, "400.00"],
    ["Bug Sweep", 1, "350.00"],
  ];
  for (const [name, n, price] of services) for (let i = 0; i < n; i++) booking(when, "pending", name, price);
  for (let i = 0; i < 5; i++) booking(when, "cancelled", "Bug Sweep", "350.00");

  const a0 = adminAnalytics(t.db, "30d", adelaide, now);
  const usd = (bookings: number, value: string) => ({ name: expect.any(String), bookings, byCurrency: [{ currency: "USD", bookings, value }] });
  expect(a0.topServices).toEqual([
    { ...usd(4, "1180.00"), name: "Partner Check" },
    { ...usd(3, "2700.00"), name: "Surveillance Day" },
    { ...usd(3, "450.00"), name: "Background Check" },
    { ...usd(2, "240.00"), name: "Process Serving" },
    { ...usd(1, "400.00"), name: "Asset Search" },
  ]);

  const [camera, tracker] = t.db.select({ id: products.id, name: products.name }).from(products).limit(2).all();
  if (!camera || !tracker) throw new Error("the seeded catalogue has products");
  const paidOrder = order("500.00", "processing", "paid", when);
  item(paidOrder, camera.id, "Old camera name", 3, "100.00");
  item(paidOrder, tracker.id, tracker.name, 1, "200.00");
  const second = order("90.00", "delivered", "paid", when);
  item(second, null, "=Deleted gadget", 4, "10.00");
  item(second, tracker.id, tracker.name, 1, "50.00");
  const refundedOrder = order("1000.00", "refunded", "refunded", when);
  item(refundedOrder, tracker.id, tracker.name, 10, "100.00");
  const unpaid = order("1000.00", "pending", "pending", null);
  item(unpaid, tracker.id, tracker.name, 10, "100.00");

  const sold = (name: string, units: number, revenue: string) => ({ name, units, byCurrency: [{ currency: "USD", units, revenue }] });
  expect(adminAnalytics(t.db, "30d", adelaide, now).topProducts).toEqual([
    sold("=Deleted gadget", 4, "40.00"),
    sold(camera.name, 3, "300.00"),
    sold(tracker.name, 2, "250.00"),
  ]);
});

test("the CSV: every figure of the range, one line each, formulas neutralised", async () => {
  const a = (await (await get("/api/admin/analytics?range=90d")).json()) as AdminAnalytics;
  const whenToday = new Date(Date.now() - 60_000);
  booking(whenToday, "pending", "+Partner Check");
  order("12.50", "processing", "paid", whenToday, "crypto");
  t.db.insert(visitLog).values({ day: a.to, visits: 3 }).run();

  const res = await get("/api/admin/analytics.csv?range=90d");
  const lines = (await expectCsvAttachment(res, `analytics-${localDate(new Date(), adelaide)}.csv`)).trimEnd().split("\r\n");
  // The amounts' header names no currency: each line says its own.
  expect(lines[0]).toBe("Figure,Day or period,Name,Count,Amount,Currency");
  expect(lines.filter((l) => l.startsWith("Visits per day,"))).toHaveLength(a.visitors.length);
  expect(lines).toContain(`Visits per day,${a.to},,3,,`);
  expect(lines.filter((l) => l.startsWith("Bookings per week"))).toHaveLength(a.periods.length);
  expect(lines.filter((l) => l.startsWith("Revenue per week"))).toHaveLength(a.periods.length);
  expect(lines).toContain(`Revenue per week (week starting),${a.periods.at(-1)?.start},,,12.50,USD`);
  expect(lines).toContain("Revenue in the range,,,,12.50,USD");
  expect(lines).toContain("Payments by method,,Cryptocurrency,1,12.50,USD");
  expect(lines).toContain('"Top services (bookings, value booked)",,\'+Partner Check,1,295.00,USD');
});

test("weeks across the end of summer time (Sunday 5 April 2026 in Adelaide) still split at local Monday midnight", () => {
  const after = inAdelaide("2026-04-20", "09:00");
  booking(inAdelaide("2026-04-05", "23:50")); // the last minutes of the week of 30 March, on standard time
  booking(inAdelaide("2026-04-06", "00:10")); // the week of 6 April
  order("25.00", "delivered", "paid", inAdelaide("2026-04-05", "02:30")); // during the repeated hour
  const a = adminAnalytics(t.db, "30d", adelaide, after);
  const week = (start: string) => a.periods.find((p) => p.start === start);
  const revenue = (start: string) => a.revenue[0]?.periods[a.periods.findIndex((p) => p.start === start)];
  expect(week("2026-03-30")).toEqual({ start: "2026-03-30", bookings: 1 });
  expect(revenue("2026-03-30")).toBe("25.00");
  expect(week("2026-04-06")).toEqual({ start: "2026-04-06", bookings: 1 });
  expect(revenue("2026-04-06")).toBe("0.00");
  // Over 12 months the same rows fall in April.
  const year = adminAnalytics(t.db, "12m", adelaide, after);
  expect(year.periods.at(-1)).toEqual({ start: "2026-04-01", bookings: 2 });
  expect(year.revenue[0]?.periods).toEqual([...Array(11).fill("0.00"), "25.00"]);
  expect(year.periods.slice(0, -1).every((p) => p.bookings === 0)).toBe(true);
});

test("after a change of currency: one revenue, one chart's figures and one total per currency, never a sum across them; the CSV says each line's currency", async () => {
  const when = new Date(Date.now() - 60_000);
  // Priced in US dollars before the owner switched to euros, then in euros.
  booking(when, "confirmed", "Partner Check", "148.00");
  t.db
    .insert(bookings)
    .values({
      serviceName: "Partner Check",
      servicePrice: "200.00",
      currency: "EUR",
      appointmentDate: "2026-04-10",
      appointmentTime: "11:00",
      status: "pending",
      createdAt: when,
    })
    .run();
  order("100.00", "processing", "paid", when);
  const euroOrder = order("40.00", "processing", "paid", when, "crypto");
  t.db.update(orders).set({ currency: "EUR" }).where(eq(orders.id, euroOrder)).run();
  t.db
    .insert(payments)
    .values({
      serviceName: "Partner Check",
      method: "paypal",
      amount: "200.00",
      currency: "EUR",
      referenceCode: "PAY-EUR-1",
      status: "completed",
      paidAt: when,
      createdAt: when,
    })
    .run();
  // The currency setting's first, then the other.
  const a = adminAnalytics(t.db, "30d", adelaide, new Date(), "EUR");
  expect(a.revenue.map((r) => [r.currency, r.total])).toEqual([
    ["EUR", "240.00"],
    ["USD", "100.00"],
  ]);
  expect(a.revenue[0]?.periods.filter((amount) => amount !== "0.00")).toEqual(["240.00"]);
  expect(a.revenue[1]?.periods.filter((amount) => amount !== "0.00")).toEqual(["100.00"]);
  expect(a.revenue[0]?.paymentMethods).toEqual([
    { method: "paypal", count: 1, amount: "200.00" },
    { method: "crypto", count: 1, amount: "40.00" },
  ]);
  expect(a.revenue[1]?.paymentMethods).toEqual([{ method: "bank_transfer", count: 1, amount: "100.00" }]);
  expect(a.topServices).toEqual([
    {
      name: "Partner Check",
      bookings: 2,
      byCurrency: [
        { currency: "EUR", bookings: 1, value: "200.00" },
        { currency: "USD", bookings: 1, value: "148.00" },
      ],
    },
  ]);
  // The kept totals count cents without a currency: with two currencies the figures are counted from the records.
  expect(keptTimeZone(t.db.$client)).toBe(adelaide);
  expect(JSON.stringify(a)).not.toContain("340.00");

  updateSetting(t.db, "currency", "EUR");
  const res = await get("/api/admin/analytics.csv?range=30d");
  const records = readCsv(await expectCsvAttachment(res, /analytics-.*\.csv/));
  expect(records[0]).toEqual(["Figure", "Day or period", "Name", "Count", "Amount", "Currency"]);
  const lines = records.slice(1);
  const totals = lines.filter((r) => r[0] === "Revenue in the range").map((r) => [r[4], r[5]]);
  expect(totals.map(([, currency]) => currency)).toEqual(["EUR", "USD"]);
  // Every amount says its currency.
  expect(lines.filter((r) => r[4] !== "").every((r) => r[5] === "EUR" || r[5] === "USD")).toBe(true);
  expect(lines.filter((r) => r[0]?.startsWith("Top services")).map((r) => r.slice(2))).toEqual([
    ["Partner Check", "1", "200.00", "EUR"],
    ["Partner Check", "1", "148.00", "USD"],
  ]);
});

test("the check for more than one currency reads six index entries, whatever the number of rows; two currencies are counted from the records, reading indexes only", async () => {
  const client = t.db.$client;
  booking(now);
  t.db
    .insert(bookings)
    .values({ serviceName: "Partner Check", servicePrice: "1.00", currency: "EUR", appointmentDate: "2026-04-10", appointmentTime: "12:00", createdAt: now })
    .run();
  const checks = await statementsPreparedBy(client, () => currenciesInUse(t.db));
  expect(checks).toHaveLength(6);
  for (const statement of checks) expect(queryPlan(client, statement).join(" | ")).toMatch(/^SEARCH \w+ USING COVERING INDEX \w+_currency_idx$/);
  expect(currenciesInUse(t.db).sort()).toEqual(["EUR", "USD"]);
  // The per-currency figures read the covering indexes, never the rows.
  const counted = await statementsPreparedBy(client, () => adminAnalytics(t.db, "30d", adelaide, now));
  const money = counted.filter((s) => /from "(bookings|orders|payments)"/.test(s) && /group by/i.test(s));
  expect(money.length).toBeGreaterThanOrEqual(3);
  for (const statement of money) expect(queryPlan(client, statement).join(" | ")).toContain("USING COVERING INDEX");
});
