/**
 * The bookings' trigram index (migration 0041) and how the admin's bookings search reads it: a
 * booking's reference, and its customer's e-mail and name, contact e-mail and phone (with a copy of
 * the phone in digits only), under a key that sorts like the list (the appointment's minute, then
 * the booking's rowid), so a search walks its matches in appointment order and stops at its page,
 * and a filter's days are a range of keys (decision 053).
 */
import { type SQL, sql } from "drizzle-orm";
import { integer, type SQLiteColumn, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { addDays } from "../domain/timezone";
import type { BookingWhen } from "../shared/admin-bookings";
import { searchTerms } from "./admin-search.server";

/** The index: a virtual table the migrations keep, so it is declared here rather than in schema.ts. */
export const bookingsSearch = sqliteTable("bookings_search", {
  rowid: integer("rowid").notNull(),
  bookingId: text("booking_id").notNull(),
  reference: text("reference").notNull(),
  customer: text("customer").notNull(),
});

/** The first key of `date` (its midnight as migration 0041 reads a date and time), a whole number well within a double's exact range. */
export function dayKey(date: string): number {
  return (Date.parse(`${date}T00:00:00Z`) / 60_000) * 1_000_000;
}

/** The range of keys `[from, before)` a filter's days cover, each null when unbounded. */
export function keyRange(f: { from: string; to: string; when: BookingWhen; today?: string }): { from: number | null; before: number | null } {
  const starts = [f.from ? dayKey(f.from) : null, f.today && f.when === "upcoming" ? dayKey(f.today) : null].filter((k) => k !== null);
  const ends = [f.to ? dayKey(addDays(f.to, 1)) : null, f.today && f.when === "past" ? dayKey(f.today) : null].filter((k) => k !== null);
  return { from: starts.length ? Math.max(...starts) : null, before: ends.length ? Math.min(...ends) : null };
}

/** "0412 345 678", "+61 (8) 8000-0000": what a phone number looks like when read out. */
const looksLikePhone = (text: string) => /^\+?[\d\s().-]+$/.test(text) && /\d/.test(text);

/**
 * The parameters of a search: through the index (`indexed`) an FTS5 `query`, else a LIKE `pattern`.
 * A search that looks like a phone number is looked for in digits only, as the index also holds
 * each phone number that way, so however the number was typed it is found.
 */
export function bookingSearchParams(search: string): { indexed: boolean; params: { query: string } | { pattern: string } } {
  const { text } = searchTerms(search);
  const { indexed, phrase, pattern } = searchTerms(looksLikePhone(text) ? text.replace(/[\s().-]/g, "") : text);
  return { indexed, params: indexed ? { query: phrase } : { pattern } };
}

/**
 * The search's condition on the index, with placeholders: `query` (indexed) or `pattern`, and
 * the key range `from` and `before` (null for unbounded). A search of one or two characters is
 * shorter than a trigram: it is looked for with LIKE in the same texts, which hold no line break
 * of the search's, so it never matches across two of the customer's lines.
 */
export function bookingSearchCondition(indexed: boolean): SQL {
  const like = (column: SQLiteColumn) => sql`${column} like ${sql.placeholder("pattern")} escape '\\'`;
  const match = indexed
    ? sql`${bookingsSearch} match ${sql.placeholder("query")}`
    : sql`(${like(bookingsSearch.reference)} or ${like(bookingsSearch.customer)})`;
  const from = sql`${bookingsSearch.rowid} >= coalesce(${sql.placeholder("from")}, -9223372036854775808)`;
  const before = sql`${bookingsSearch.rowid} < coalesce(${sql.placeholder("before")}, 9223372036854775807)`;
  return sql`${match} and ${from} and ${before}`;
}
