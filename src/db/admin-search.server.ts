/**
 * What every admin search shares: the terms a search box's text becomes (an FTS5 phrase for the
 * trigram indexes, a LIKE pattern for the rest and for searches shorter than a trigram), and the
 * count that stops at a limit (decision 053). Every search reaches SQL through `searchTerms`, so
 * nothing typed is ever FTS5 or LIKE syntax and no control character reaches FTS5.
 */
import type { Placeholder, Subquery } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { type SearchedTotal, searchCountLimit } from "../shared/admin-list";
import { searchText } from "../shared/search-text";
import type { Db } from "./client.server";

/** The shortest search the trigram indexes can answer; shorter ones scan with LIKE. */
export const indexedSearchLength = 3;

/** Longer than any search box allows: only a caller of the database itself could pass more. */
const longestSearch = 1000;

/** `%text%` for LIKE … ESCAPE '\': the searcher's own %, _ and \ match themselves, not anything. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * An FTS5 phrase: the text must appear as it is (a trigram phrase is a substring, any case). Inside
 * the double quotes FTS5's own syntax (`*`, `-`, `NEAR`, `AND`, parentheses, `:`) is plain text; a
 * double quote is written twice. Only `searchTerms` makes one, from text already cleaned.
 */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * A search's terms: its `text` cleaned as the search box cleans it (control and invisible
 * characters gone, one line), whether the trigram indexes can take it (`indexed`, three characters
 * or more), the FTS5 `phrase` and the LIKE `pattern`.
 */
export type SearchTerms = { text: string; indexed: boolean; phrase: string; pattern: string };

/** The terms of `search`: the one way a search's text reaches FTS5 or LIKE. */
export function searchTerms(search: string): SearchTerms {
  const text = searchText(search, longestSearch);
  return { text, indexed: [...text].length >= indexedSearchLength, phrase: ftsPhrase(text), pattern: containsPattern(text) };
}

/**
 * A search's count: the number of matches `count` finds when it stops at the `limit` it is given,
 * which is one past the page's start plus searchCountLimit; finding that many means "more than"
 * (decision 053), so a search costs the same however many records match.
 */
export function searchedTotal(offset: number, count: (limit: number) => number): SearchedTotal {
  const most = offset + searchCountLimit;
  const found = count(most + 1);
  return found > most ? { total: most, totalCapped: true } : { total: found, totalCapped: false };
}

/** A select of nothing but a 1 per row: what a count of matches needs of each. */
const oneRow = (d: Db) => d.select({ one: sql`1` });

/**
 * The count statement `searchedTotal` runs: how many rows `matches` finds (it is given the rows to
 * select, and answers the rest of its query), stopping at the `limit` placeholder.
 */
export function searchCountStatement<M extends { limit(limit: Placeholder): { as(alias: "matches"): Subquery } }>(
  d: Db,
  matches: (rows: ReturnType<typeof oneRow>) => M,
) {
  const counted = matches(oneRow(d)).limit(sql.placeholder("limit")).as("matches");
  return d.select({ n: sql<number>`count(*)` }).from(counted).prepare();
}
