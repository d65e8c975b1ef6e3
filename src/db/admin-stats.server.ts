/**
 * The admin dashboard's headline figures (`GET /api/admin/stats`), read from the kept per-day
 * totals (decision 047, kept-totals.server.ts) for the timezone they are kept in. `countedStats`
 * counts the same figures from the records (any other timezone): aggregate queries, no rows
 * loaded into JS, each prepared once per connection. Money is summed in SQL as integer cents (each
 * decimal string rounded to cents first, as `toCents` does), so no float error builds up, and per
 * currency, never across them (decision 086): the kept totals count cents without a currency, so
 * they answer the revenue only while every record is in one currency, as for the analytics.
 */
import { and, type Column, count, gte, lt, ne, type SQL, sql } from "drizzle-orm";
import type { BookingStatus } from "../domain/booking";
import type { OrderPaymentStatus, OrderStatus } from "../domain/order";
import type { PaymentStatus } from "../domain/payment";
import { centsToDecimal } from "../domain/pricing";
import { zonedParts, zonedToInstant } from "../domain/timezone";
import type { AdminStats } from "../shared/admin-stats";
import type { Db } from "./client.server";
import { keptStats, keptTimeZone } from "./kept-totals.server";
import { prepared } from "./prepared.server";
import { centsOf, currenciesInUse, currencyOrder } from "./money-sql.server";
import { bookings, orders, payments, products } from "./schema";

export type { AdminStats } from "../shared/admin-stats";

/** A money column ("695.00") as integer cents. */
const cents = (column: Column) => centsOf(column);

/** The sum of `expr` (integer cents) over the rows where `when` holds; 0 when there are none. */
const sumWhen = (when: SQL, expr: SQL) => sql<number>`coalesce(sum(case when ${when} then ${expr} end), 0)`;

const paid: OrderPaymentStatus = "paid";
const refunded: OrderPaymentStatus & OrderStatus = "refunded";
const pending: OrderStatus = "pending";
const completed: PaymentStatus = "completed";
const cancelled: BookingStatus = "cancelled";

const pad = (n: number) => String(n).padStart(2, "0");

/** The first instant of a local date in `timeZone` (normally 00:00; later when a clock change skips midnight). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    const instant = zonedToInstant(date, `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`, timeZone);
    if (instant) return instant;
  }
  throw new Error(`${date} has no time of day in ${timeZone}`);
}

/** The calendar month that `now` falls in, in `timeZone`, as the instants [start, end). */
export function zonedMonth(now: Date, timeZone: string): { start: Date; end: Date } {
  const { year, month } = zonedParts(now, timeZone);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return {
    start: startOfLocalDay(`${year}-${pad(month)}-01`, timeZone),
    end: startOfLocalDay(`${next.year}-${pad(next.month)}-01`, timeZone),
  };
}

/** The calendar month that `now` falls in, in `timeZone`, as local dates [first, first of the next). */
function monthDates(now: Date, timeZone: string): { from: string; to: string } {
  const { year, month } = zonedParts(now, timeZone);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: `${year}-${pad(month)}-01`, to: `${next.year}-${pad(next.month)}-01` };
}

/** The revenue per currency from cents per currency: the setting first (zero-filled), then the others by code. */
function revenueOf(cents: ReadonlyMap<string, number>, currencySetting: string): Pick<AdminStats, "totalRevenue" | "revenue"> {
  const revenue = [...new Set([currencySetting, ...cents.keys()])]
    .sort(currencyOrder(currencySetting))
    .map((currency) => ({ currency, total: centsToDecimal(cents.get(currency) ?? 0) }));
  return { totalRevenue: revenue[0]?.total ?? "0.00", revenue };
}

export function adminStats(db: Db, timeZone: string, now = new Date(), currencySetting = "USD"): AdminStats {
  // Products have no deleted/archived column (a deleted product's row is gone): every row counts, active or not.
  const productRow = prepared(db, "admin-stats-products", (d) => d.select({ n: count() }).from(products).prepare()).get();

  // The kept totals (decision 047) answer in the timezone they are kept in, and the revenue only
  // while every amount is in one currency (they count cents, not currencies); otherwise counted below.
  const inUse = currenciesInUse(db);
  if (keptTimeZone(db.$client) === timeZone && inUse.length <= 1) {
    const month = monthDates(now, timeZone);
    const kept = keptStats(db.$client, month.from, month.to);
    return {
      totalProducts: productRow?.n ?? 0,
      totalOrders: kept.orders,
      pendingOrders: kept.pending,
      ...revenueOf(new Map(inUse[0] ? [[inUse[0], kept.revenueCents]] : []), currencySetting),
      recentBookings: kept.bookings,
    };
  }
  return { totalProducts: productRow?.n ?? 0, ...countedStats(db, timeZone, now, currencySetting) };
}

/** The figures other than products counted from the records (as the kept totals are rebuilt). */
export function countedStats(db: Db, timeZone: string, now = new Date(), currencySetting = "USD"): Omit<AdminStats, "totalProducts"> {
  // Money received for an order: payment status `paid`, or `refunded` (paid, then given back).
  // Refunded: payment status `refunded`, or a received order whose order status is `refunded`.
  // There is no refunded-amount column, so a refund is taken to be the order's whole total.
  // One row per currency the orders were placed in (each keeps its own, decision 086).
  const orderRows = prepared(db, "admin-stats-orders", (d) => {
    const received = sql`${orders.paymentStatus} in (${paid}, ${refunded})`;
    return d
      .select({
        currency: orders.currency,
        total: count(),
        pending: sql<number>`coalesce(sum(${orders.status} = ${pending}), 0)`,
        receivedCents: sumWhen(received, cents(orders.totalAmount)),
        refundedCents: sumWhen(sql`${received} and (${orders.paymentStatus} = ${refunded} or ${orders.status} = ${refunded})`, cents(orders.totalAmount)),
      })
      .from(orders)
      .groupBy(orders.currency)
      .prepare();
  }).all();

  // Service payments count once recorded `completed` (captured by PayPal). Requests (`requested`),
  // unsettled, declined, failed, expired and `review` captures are not counted as received.
  // A payment that pays a shop order is already counted as that order's money (and a refunded
  // one is no longer `completed`), so only service payments are added here.
  const paymentRows = prepared(db, "admin-stats-payments", (d) =>
    d
      .select({
        currency: payments.currency,
        receivedCents: sumWhen(sql`${payments.status} = ${completed} and ${payments.shopOrderId} is null`, cents(payments.amount)),
      })
      .from(payments)
      .groupBy(payments.currency)
      .prepare(),
  ).all();

  // Bookings created in this calendar month of the business timezone, except cancelled ones
  // (a cancelled booking is not business won); pending, confirmed and completed all count.
  const month = zonedMonth(now, timeZone);
  const bookingRow = prepared(db, "admin-stats-bookings", (d) =>
    d
      .select({ n: count() })
      .from(bookings)
      .where(and(gte(bookings.createdAt, sql.placeholder("start")), lt(bookings.createdAt, sql.placeholder("end")), ne(bookings.status, cancelled)))
      .prepare(),
  ).get({ start: month.start.getTime(), end: month.end.getTime() });

  const revenueCents = new Map<string, number>();
  const add = (currency: string, c: number) => revenueCents.set(currency, (revenueCents.get(currency) ?? 0) + c);
  for (const r of orderRows) add(r.currency, r.receivedCents - r.refundedCents);
  for (const r of paymentRows) add(r.currency, r.receivedCents);
  return {
    totalOrders: orderRows.reduce((n, r) => n + r.total, 0),
    pendingOrders: orderRows.reduce((n, r) => n + r.pending, 0),
    ...revenueOf(revenueCents, currencySetting),
    recentBookings: bookingRow?.n ?? 0,
  };
}
