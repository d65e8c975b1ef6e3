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
 * `bookings_created_idx` (time, status, service, price, currency), `orders_money_idx` and
 * `payments_money_idx` (status, paid and created times, method, amount, currency).
 *
 * Amounts are never added across currencies: a booking, an order and a payment keep the currency
 * they were priced in, and the figures are per currency. The kept totals count cents without a
 * currency, so they are read only while every record is in one currency (`currenciesInUse`); a
 * business that changed its currency has its figures counted from the records.
 */
import { and, type Column, count, eq, gte, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
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
import { centsOf, currenciesInUse, currencyOrder } from "./money-sql.server";
import { bookings, orderItems, orders, payments, products, visitLog } from "./schema";

export type { AdminAnalytics } from "../shared/admin-analytics";

const paid: OrderPaymentStatus = "paid";
const refunded: OrderStatus = "refunded";
const completed: PaymentStatus = "completed";
const cancelled: BookingStatus = "cancelled";

/** A money column ("695.00") as integer cents, rounded as `toCents` does. */
const cents = centsOf;
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

/**
 * The figures for `range` ending today in `timeZone`. Amounts are kept apart per currency (a booking,
 * an order and a payment keep the currency they were priced in); `currencySetting` comes first.
 */
export function adminAnalytics(db: Db, range: AnalyticsRange, timeZone: string, now = new Date(), currencySetting = "USD"): AdminAnalytics {
  const window = analyticsWindow(range, timeZone, now);
  const byCurrency = currencyOrder(currencySetting);
  const periodBookings = window.starts.map(() => 0);
  // The kept per-day totals (decision 047) answer in the timezone they are kept in, and only while
  // every amount is in one currency (they count cents, not currencies); otherwise the figures are
  // counted from the records, per currency.
  const inUse = currenciesInUse(db);
  const single = inUse.length <= 1 ? (inUse[0] ?? currencySetting) : null;
  const kept = single !== null && keptTimeZone(db.$client) === timeZone;

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

  const figures = kept ? keptFigures(db, window, single) : countedFigures(db, window);
  const services = new Map<string, { bookings: number; byCurrency: Map<string, { bookings: number; cents: number }> }>();
  for (const row of figures.bookings) {
    periodBookings[row.period] = (periodBookings[row.period] ?? 0) + row.n;
    const service = services.get(row.name) ?? { bookings: 0, byCurrency: new Map() };
    const tally = service.byCurrency.get(row.currency) ?? { bookings: 0, cents: 0 };
    service.byCurrency.set(row.currency, { bookings: tally.bookings + row.n, cents: tally.cents + (row.cents ?? 0) });
    services.set(row.name, { bookings: service.bookings + row.n, byCurrency: service.byCurrency });
  }
  const tallies = <T extends { cents: number }>(m: Map<string, T>) => [...m].sort(([a], [b]) => byCurrency(a, b));
  // The five booked most often, then by value (in the first currency they were booked in), then by name.
  const firstCents = (m: Map<string, { cents: number }>) => tallies(m)[0]?.[1].cents ?? 0;
  const topServices = [...services]
    .sort(
      ([aName, a], [bName, b]) =>
        b.bookings - a.bookings || firstCents(b.byCurrency) - firstCents(a.byCurrency) || (aName < bName ? -1 : aName > bName ? 1 : 0),
    )
    .slice(0, 5)
    .map(([name, s]) => ({
      name,
      bookings: s.bookings,
      byCurrency: tallies(s.byCurrency).map(([currency, t]) => ({ currency, bookings: t.bookings, value: centsToDecimal(t.cents) })),
    }));

  // Money per currency: the setting's always (zero-filled), then each currency money arrived in.
  const money = new Map<string, { periodCents: number[]; methods: Map<string, { count: number; cents: number }> }>();
  const moneyIn = (currency: string) => {
    const known = money.get(currency);
    if (known) return known;
    const fresh = { periodCents: window.starts.map(() => 0), methods: new Map<string, { count: number; cents: number }>() };
    money.set(currency, fresh);
    return fresh;
  };
  moneyIn(currencySetting);
  for (const row of figures.money) {
    const m = moneyIn(row.currency);
    m.periodCents[row.period] = (m.periodCents[row.period] ?? 0) + row.cents;
    const method = row.method ?? "";
    const before = m.methods.get(method) ?? { count: 0, cents: 0 };
    m.methods.set(method, { count: before.count + row.n, cents: before.cents + row.cents });
  }
  const revenue = [...money]
    .sort(([a], [b]) => byCurrency(a, b))
    .map(([currency, m]) => ({
      currency,
      periods: m.periodCents.map((c) => centsToDecimal(c)),
      paymentMethods: [...m.methods]
        .sort(([aMethod, a], [bMethod, b]) => b.cents - a.cents || b.count - a.count || aMethod.localeCompare(bMethod))
        .map(([method, t]) => ({ method, count: t.count, amount: centsToDecimal(t.cents) })),
      total: centsToDecimal(m.periodCents.reduce((sum, c) => sum + c, 0)),
    }));

  // Products: units over every currency, revenue per currency; the five sold most, then by value, then by name.
  const soldProducts = new Map<string, { units: number; byCurrency: Map<string, { units: number; cents: number }> }>();
  for (const row of figures.products) {
    const p = soldProducts.get(row.name) ?? { units: 0, byCurrency: new Map() };
    const tally = p.byCurrency.get(row.currency) ?? { units: 0, cents: 0 };
    p.byCurrency.set(row.currency, { units: tally.units + (row.units ?? 0), cents: tally.cents + (row.cents ?? 0) });
    soldProducts.set(row.name, { units: p.units + (row.units ?? 0), byCurrency: p.byCurrency });
  }
  const topProducts = [...soldProducts]
    .sort(([aName, a], [bName, b]) => b.units - a.units || firstCents(b.byCurrency) - firstCents(a.byCurrency) || (aName < bName ? -1 : aName > bName ? 1 : 0))
    .slice(0, 5)
    .map(([name, p]) => ({
      name,
      units: p.units,
      byCurrency: tallies(p.byCurrency).map(([currency, t]) => ({ currency, units: t.units, revenue: centsToDecimal(t.cents) })),
    }));

  return {
    range,
    period: window.period,
    from: window.from,
    to: window.to,
    timeZone,
    visitors,
    periods: window.starts.map((start, i) => ({ start, bookings: periodBookings[i] ?? 0 })),
    revenue,
    topServices,
    topProducts,
    mostWished: mostWishedProducts(db),
    totals: {
      visits: visitors.reduce((sum, v) => sum + v.visits, 0),
      bookings: periodBookings.reduce((sum, n) => sum + n, 0),
    },
  };
}

type Figures = {
  /** Bookings not cancelled, per period, service and currency. */
  bookings: { period: number; name: string; currency: string; n: number; cents: number | null }[];
  /** Money received, per period, method and currency. */
  money: { period: number; method: string | null; currency: string; n: number; cents: number }[];
  /** Products sold in paid, unrefunded orders, per product and currency (the kept totals answer the top five). */
  products: { name: string; currency: string; units: number | null; cents: number | null }[];
};

/** The figures from the kept totals (decision 047), all in `currency`, the one every amount is in. */
function keptFigures(db: Db, window: AnalyticsWindow, currency: string): Figures {
  return {
    bookings: keptByPeriod(db.$client, "booking", window).map((r) => ({ ...r, name: r.key, currency })),
    money: keptByPeriod(db.$client, "revenue", window).map((r) => ({ ...r, method: r.key, currency })),
    products: keptTopProducts(db.$client, window).map((p) => ({ ...p, currency })),
  };
}

/** The figures counted from the records, per currency (for a timezone the totals are not kept in, or more than one currency). */
function countedFigures(db: Db, window: AnalyticsWindow): Figures {
  const start = window.bounds[0] ?? 0;
  const end = window.bounds[window.bounds.length - 1] ?? 0;
  // Bookings: created in the window, cancelled ones left out (as the dashboard counts them).
  // One pass gives both the bookings per period and the services' tallies (a few groups per period).
  const bookingPeriod = periodIndex(window, bookings.createdAt);
  const bookingRows = db
    .select({
      period: bookingPeriod,
      name: bookings.serviceName,
      currency: bookings.currency,
      n: count(),
      cents: sql<number>`sum(${cents(bookings.servicePrice)})`,
    })
    .from(bookings)
    .where(and(gte(bookings.createdAt, new Date(start)), lt(bookings.createdAt, new Date(end)), ne(bookings.status, cancelled)))
    .groupBy(bookingPeriod, bookings.serviceName, bookings.currency)
    .all();

  // Shop orders: paid and not refunded, by the time the payment was recorded.
  const orderPaidAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const netOrder = and(eq(orders.paymentStatus, paid), ne(orders.status, refunded), sql`${orderPaidAt} >= ${start}`, sql`${orderPaidAt} < ${end}`);
  const orderPeriod = periodIndex(window, orderPaidAt);
  const orderMoney = db
    .select({ period: orderPeriod, method: orders.paymentMethod, currency: orders.currency, n: count(), cents: sql<number>`sum(${cents(orders.totalAmount)})` })
    .from(orders)
    .where(netOrder)
    .groupBy(orderPeriod, orders.paymentMethod, orders.currency)
    .all();

  // Service payments: captured or marked paid, and not paying a shop order (counted above).
  const paymentPaidAt = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;
  const paymentPeriod = periodIndex(window, paymentPaidAt);
  const paymentMoney = db
    .select({ period: paymentPeriod, method: payments.method, currency: payments.currency, n: count(), cents: sql<number>`sum(${cents(payments.amount)})` })
    .from(payments)
    .where(and(eq(payments.status, completed), isNull(payments.shopOrderId), sql`${paymentPaidAt} >= ${start}`, sql`${paymentPaidAt} < ${end}`))
    .groupBy(paymentPeriod, payments.method, payments.currency)
    .all();

  // A product still in the catalogue goes by its id and current name; a deleted one by the name it was sold under.
  const soldName = sql<string>`json_extract(${orderItems.productSnapshot}, '$.name')`;
  const productRows = db
    .select({
      name: sql<string>`coalesce(max(${products.name}), max(${soldName}), 'Unnamed product')`,
      currency: orders.currency,
      units: sql<number>`sum(${orderItems.quantity})`,
      cents: sql<number>`sum(${cents(orderItems.totalPrice)})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(netOrder)
    .groupBy(sql`coalesce('id:' || ${orderItems.productId}, 'name:' || ${soldName})`, orders.currency)
    .all();
  return { bookings: bookingRows, money: [...orderMoney, ...paymentMoney], products: productRows };
}
