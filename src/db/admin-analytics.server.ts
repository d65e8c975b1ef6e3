/**
 * The admin analytics figures (`GET /api/admin/analytics?range=`), docs/product.md#analytics.
 *
 * Revenue follows the dashboard's definition (admin-stats.server.ts): a shop order counts once its
 * payment status is `paid` and it is not refunded (the dashboard's "received less refunded", row by
 * row), a service payment once it is `completed` and pays no shop order. Each counts on the day
 * its money arrived (`paid_at`; the creation time for an old row without one), in the business
 * timezone.
 *
 * In the timezone the kept per-day totals are in (decision 047) the figures are read from them
 * (a few rows per day, whatever the number of records); otherwise they are counted as follows.
 * SQLite knows no timezones, so the periods' first instants (local midnights) are computed here
 * and each query groups its rows by the number of those instants a row's time has passed: the
 * period's index, a handful of groups. Every query reads a covering index and never a row:
 * `bookings_created_idx` (time, status, service, price), `orders_money_idx` and
 * `payments_money_idx` (status, paid and created times, method, amount).
 */
import { and, type Column, count, desc, eq, gte, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { BookingStatus } from "../domain/booking";
import type { OrderPaymentStatus, OrderStatus } from "../domain/order";
import type { PaymentStatus } from "../domain/payment";
import { centsToDecimal } from "../domain/pricing";
import { addDays, dayOfWeek, localDate, zonedParts } from "../domain/timezone";
import type { AdminAnalytics, AnalyticsRange } from "../shared/admin-analytics";
import { startOfLocalDay } from "./admin-stats.server";
import type { Db } from "./client.server";
import { prepared } from "./prepared.server";
import { mostWishedProducts } from "./wishlist.server";
import { keptByPeriod, keptTimeZone, keptTopProducts } from "./kept-totals.server";
import { bookings, orderItems, orders, payments, products, visitLog } from "./schema";

export type { AdminAnalytics } from "../shared/admin-analytics";

const paid: OrderPaymentStatus = "paid";
const refunded: OrderStatus = "refunded";
const completed: PaymentStatus = "completed";
const cancelled: BookingStatus = "cancelled";

/** A money column ("695.00") as integer cents, rounded as `toCents` does. */
const cents = (column: Column) => sql`cast(round(cast(${column} as real) * 100) as integer)`;
const pad = (n: number) => String(n).padStart(2, "0");

export type AnalyticsWindow = {
  period: "week" | "month";
  /** The first local date of each period, oldest first. */
  starts: readonly string[];
  /** The first instant of each period and, last, the first instant after the window (ms). */
  bounds: readonly number[];
  from: string;
  to: string;
  /** Every local date from `from` to `to`, in order (the visitors chart's days). */
  days: readonly string[];
};

/** Windows already worked out, by range, timezone and local date: they change at local midnight. */
const windows = new Map<string, AnalyticsWindow>();

/**
 * The periods a range covers, ending today in `timeZone`: the weeks (Monday to Sunday) that hold
 * the last 30 or 90 days, whole weeks, or the last 12 calendar months, this one included. Worked
 * out once per range, timezone and day (finding local midnights takes most of a report's time
 * otherwise); frozen, since every report of the day shares it.
 */
export function analyticsWindow(range: AnalyticsRange, timeZone: string, now = new Date()): AnalyticsWindow {
  const today = localDate(now, timeZone);
  const key = `${range} ${timeZone} ${today}`;
  const known = windows.get(key);
  if (known) return known;
  const starts: string[] = [];
  let period: AnalyticsWindow["period"];
  if (range === "12m") {
    period = "month";
    const { year, month } = zonedParts(now, timeZone);
    for (let back = 11; back >= 0; back--) {
      const index = year * 12 + (month - 1) - back;
      starts.push(`${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`);
    }
  } else {
    period = "week";
    const first = addDays(today, range === "30d" ? -29 : -89);
    for (let monday = addDays(first, -((dayOfWeek(first) + 6) % 7)); monday <= today; monday = addDays(monday, 7)) starts.push(monday);
  }
  const bounds = [...starts, addDays(today, 1)].map((date) => startOfLocalDay(date, timeZone).getTime());
  const from = starts[0] ?? today;
  const days: string[] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) days.push(day);
  const window: AnalyticsWindow = Object.freeze({
    period,
    starts: Object.freeze(starts),
    bounds: Object.freeze(bounds),
    from,
    to: today,
    days: Object.freeze(days),
  });
  // A handful of ranges and zones a day; yesterday's windows are dropped with the rest.
  if (windows.size >= 32) windows.clear();
  windows.set(key, window);
  return window;
}

/** The index of the period a time column falls in: how many of the periods' later first instants it has reached. */
function periodIndex(window: AnalyticsWindow, time: SQL | Column): SQL<number> {
  const later = window.bounds.slice(1, -1);
  if (later.length === 0) return sql<number>`0`;
  return sql<number>`(${sql.join(
    later.map((b) => sql`(${time} >= ${b})`),
    sql` + `,
  )})`;
}

export function adminAnalytics(db: Db, range: AnalyticsRange, timeZone: string, now = new Date()): AdminAnalytics {
  const window = analyticsWindow(range, timeZone, now);
  const periodBookings = window.starts.map(() => 0);
  const periodCents = window.starts.map(() => 0);
  const methods = new Map<string, { count: number; cents: number }>();
  // The kept per-day totals (decision 047) answer in the timezone they are kept in; any other is counted from the records.
  const kept = keptTimeZone(db.$client) === timeZone;

  // Visits: one row per day, the date in the business timezone the visit was counted on.
  const visitRows = prepared(db, "admin-analytics-visits", (d) =>
    d
      .select({ day: visitLog.day, visits: visitLog.visits })
      .from(visitLog)
      .where(and(gte(visitLog.day, sql.placeholder("from")), sql`${visitLog.day} <= ${sql.placeholder("to")}`))
      .prepare(),
  ).all({ from: window.from, to: window.to });
  const visitsByDay = new Map(visitRows.map((r) => [r.day, r.visits]));
  const visitors: AdminAnalytics["visitors"] = window.days.map((day) => ({ day, visits: visitsByDay.get(day) ?? 0 }));

  const figures = kept ? keptFigures(db, window) : countedFigures(db, window);
  const services = new Map<string, { bookings: number; cents: number }>();
  for (const row of figures.bookings) {
    periodBookings[row.period] = (periodBookings[row.period] ?? 0) + row.n;
    const service = services.get(row.name) ?? { bookings: 0, cents: 0 };
    services.set(row.name, { bookings: service.bookings + row.n, cents: service.cents + (row.cents ?? 0) });
  }
  // The five booked most often, then by value, then by name.
  const topServices = [...services]
    .map(([name, t]) => ({ name, ...t }))
    .sort((a, b) => b.bookings - a.bookings || b.cents - a.cents || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, 5);
  for (const row of figures.money) {
    periodCents[row.period] = (periodCents[row.period] ?? 0) + row.cents;
    const method = row.method ?? "";
    const m = methods.get(method) ?? { count: 0, cents: 0 };
    methods.set(method, { count: m.count + row.n, cents: m.cents + row.cents });
  }
  const { topProducts } = figures;

  const periods = window.starts.map((start, i) => ({ start, bookings: periodBookings[i] ?? 0, revenue: centsToDecimal(periodCents[i] ?? 0) }));
  return {
    range,
    period: window.period,
    from: window.from,
    to: window.to,
    timeZone,
    visitors,
    periods,
    paymentMethods: [...methods]
      .map(([method, m]) => ({ method, count: m.count, amount: centsToDecimal(m.cents) }))
      .sort((a, b) => Number(b.amount) - Number(a.amount) || b.count - a.count || a.method.localeCompare(b.method)),
    topServices: topServices.map((s) => ({ name: s.name, bookings: s.bookings, value: centsToDecimal(s.cents ?? 0) })),
    topProducts: topProducts.map((p) => ({ name: p.name, units: p.units ?? 0, revenue: centsToDecimal(p.cents ?? 0) })),
    mostWished: mostWishedProducts(db),
    totals: {
      visits: visitors.reduce((sum, v) => sum + v.visits, 0),
      bookings: periodBookings.reduce((sum, n) => sum + n, 0),
      revenue: centsToDecimal(periodCents.reduce((sum, c) => sum + c, 0)),
    },
  };
}

type Figures = {
  /** Bookings not cancelled, per period and service. */
  bookings: { period: number; name: string; n: number; cents: number | null }[];
  /** Money received, per period and method. */
  money: { period: number; method: string | null; n: number; cents: number }[];
  topProducts: { name: string; units: number | null; cents: number | null }[];
};

/** The figures from the kept totals (decision 047). */
function keptFigures(db: Db, window: AnalyticsWindow): Figures {
  return {
    bookings: keptByPeriod(db.$client, "booking", window).map((r) => ({ ...r, name: r.key })),
    money: keptByPeriod(db.$client, "revenue", window).map((r) => ({ ...r, method: r.key })),
    topProducts: keptTopProducts(db.$client, window),
  };
}

/** The figures counted from the records (for a timezone the totals are not kept in). */
function countedFigures(db: Db, window: AnalyticsWindow): Figures {
  const start = window.bounds[0] ?? 0;
  const end = window.bounds[window.bounds.length - 1] ?? 0;
  // Bookings: created in the window, cancelled ones left out (as the dashboard counts them).
  // One pass gives both the bookings per period and the services' tallies (a few groups per period).
  const bookingPeriod = periodIndex(window, bookings.createdAt);
  const bookingRows = db
    .select({ period: bookingPeriod, name: bookings.serviceName, n: count(), cents: sql<number>`sum(${cents(bookings.servicePrice)})` })
    .from(bookings)
    .where(and(gte(bookings.createdAt, new Date(start)), lt(bookings.createdAt, new Date(end)), ne(bookings.status, cancelled)))
    .groupBy(bookingPeriod, bookings.serviceName)
    .all();

  // Shop orders: paid and not refunded, by the time the payment was recorded.
  const orderPaidAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const netOrder = and(eq(orders.paymentStatus, paid), ne(orders.status, refunded), sql`${orderPaidAt} >= ${start}`, sql`${orderPaidAt} < ${end}`);
  const orderPeriod = periodIndex(window, orderPaidAt);
  const orderMoney = db
    .select({ period: orderPeriod, method: orders.paymentMethod, n: count(), cents: sql<number>`sum(${cents(orders.totalAmount)})` })
    .from(orders)
    .where(netOrder)
    .groupBy(orderPeriod, orders.paymentMethod)
    .all();

  // Service payments: captured or marked paid, and not paying a shop order (counted above).
  const paymentPaidAt = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;
  const paymentPeriod = periodIndex(window, paymentPaidAt);
  const paymentMoney = db
    .select({ period: paymentPeriod, method: payments.method, n: count(), cents: sql<number>`sum(${cents(payments.amount)})` })
    .from(payments)
    .where(and(eq(payments.status, completed), isNull(payments.shopOrderId), sql`${paymentPaidAt} >= ${start}`, sql`${paymentPaidAt} < ${end}`))
    .groupBy(paymentPeriod, payments.method)
    .all();

  // A product still in the catalogue goes by its id and current name; a deleted one by the name it was sold under.
  const soldName = sql<string>`json_extract(${orderItems.productSnapshot}, '$.name')`;
  const units = sql<number>`sum(${orderItems.quantity})`;
  const productCents = sql<number>`sum(${cents(orderItems.totalPrice)})`;
  const topProducts = db
    .select({ name: sql<string>`coalesce(max(${products.name}), max(${soldName}), 'Unnamed product')`, units, cents: productCents })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(netOrder)
    .groupBy(sql`coalesce('id:' || ${orderItems.productId}, 'name:' || ${soldName})`)
    .orderBy(desc(units), desc(productCents), sql`1`)
    .limit(5)
    .all();
  return { bookings: bookingRows, money: [...orderMoney, ...paymentMoney], topProducts };
}
