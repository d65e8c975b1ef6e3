/**
 * Stored money in SQL. Money is kept as exact two-place text ("695.00", decision 083); where a query
 * sums or compares amounts it reads them as integer cents through this one fragment, the SQL twin of
 * `toCents`: for two-place text, times 100 is within a hair of a whole number, and the rounding
 * takes the hair off. Amounts are kept with their currency (decision 086): which currencies the
 * records hold, and the order they are listed in, are here too.
 */
import { type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "./client.server";

const before = "cast(round(cast(";
const after = " as real) * 100) as integer)";

/** A money column or expression as integer cents, for the query builder. */
export const centsOf = (column: SQLWrapper) => sql`${sql.raw(before)}${column}${sql.raw(after)}`;

/** The same fragment as text, for the raw SQL of triggers and recounts (`centsSql("o.total_amount")`). */
export const centsSql = (column: string) => `${before}${column}${after}`;

/**
 * The first and last currency of the bookings, orders and payments, read from each table's currency
 * index (six lookups, whatever the number of rows): one entry (or none) means every amount is in that
 * currency, so the kept totals, which count cents without a currency, can answer; more means the
 * records hold more than one (a currency between the first and last is not listed).
 */
export function currenciesInUse(db: Db): string[] {
  const found = new Set<string>();
  for (const table of ["bookings", "orders", "payments"] as const) {
    for (const end of ["min", "max"] as const) {
      const row = db.$client.query<{ currency: string | null }, []>(`SELECT ${end}(currency) AS currency FROM ${table}`).get();
      if (row?.currency) found.add(row.currency);
    }
  }
  return [...found];
}

/** The currency setting first, then the others in alphabetical order (the dashboard's revenue too). */
export const currencyOrder = (setting: string) => (a: string, b: string) => (a === setting ? -1 : b === setting ? 1 : a < b ? -1 : a > b ? 1 : 0);
