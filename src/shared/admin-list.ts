/**
 * The kit every filtered, paged admin list is declared with. A list names its page, its page size,
 * its highest page (where it differs from the default) and its filters once; its API is `/api`
 * before its page's path. From that come the strict query schema the API
 * validates with, the lenient reader of the page's URL (anything malformed falls back to its
 * default), the query string for both URLs (defaults left out, parameters in declaration order,
 * the page last) and the list's typed query. Written with zod/mini so islands can share it.
 */
import { isIsoDate } from "../domain/timezone";
import { searchText } from "./search-text";
import { z } from "./zod-mini";

/** One filter of a list: how its query parameter is checked, read and written. */
export type ListFilter<V> = {
  /** The API's check of the parameter, giving its value ("" gives the default). */
  strict: z.ZodMiniType<V, string>;
  /** The page's reading of the parameter: anything malformed or missing gives the default. */
  read(raw: string | undefined): V;
  /** The parameter's text, or null when `value` is the default (left out of the URL). */
  write(value: V): string | null;
  /** The value when the URL does not say. */
  empty: V;
};

/** A search text filter: its longest text and how typed text is cleaned before it is applied. */
export type SearchFilter = ListFilter<string> & { maxLength: number; clean: (text: string | null | undefined) => string };

type Filters = Record<string, ListFilter<unknown>>;
type FilterValue<F> = F extends ListFilter<infer V> ? V : never;

/** A list's filters and page, as the page, the island and the API's handler hold them. */
export type ListQueryOf<F extends Filters> = { [K in keyof F]: FilterValue<F[K]> } & { page: number };
/** The query of a declared list: `ListQuery<typeof adminOrdersList>`. */
export type ListQuery<L extends { empty: object }> = L["empty"];

/** What a list's URLs may carry: each parameter once, as text. */
export type QueryParams = Record<string, string | undefined>;

/** The highest page a list accepts unless it declares its own. */
export const defaultMaxPage = 100_000;

/** What a list declares; its API's path is always `/api` before the page's. */
export type AdminListDeclaration<F extends Filters> = {
  /** The page's path (`/admin/orders`). */
  path: string;
  pageSize: number;
  /** Far beyond any real list; keeps the OFFSET a small number. `defaultMaxPage` when left out. */
  maxPage?: number;
  filters: F;
};

export type AdminList<F extends Filters> = Required<AdminListDeclaration<F>> & {
  /** The API's path (`/api/admin/orders`); the list's query key is this URL with the query string. */
  apiPath: string;
  /** The API's query schema: a malformed parameter is a field error; the result is the full query. */
  schema: z.ZodMiniType<ListQueryOf<F>, QueryParams>;
  /** The query with every filter at its default, on page 1. */
  empty: ListQueryOf<F>;
  /** Reads the page's query string leniently: anything malformed falls back to its default. */
  read: (params: QueryParams) => ListQueryOf<F>;
  /** The query string of `query` ("" for the default), for the page's URL and the API's. */
  search: (query: ListQueryOf<F>) => string;
  /** The page's URL for `query`. */
  pageUrl: (query: ListQueryOf<F>) => string;
  /** The API's URL for `query` (and the list's query key). */
  apiUrl: (query: ListQueryOf<F>) => string;
};

const pageMessage = "Page must be a whole number from 1";
/** Nine digits at most: every number the filters and pages accept, exact as a JavaScript number. */
const wholeNumberText = /^\d{1,9}$/;

/** `raw` as a whole number from `min` to `max`, or null. */
function wholeNumberIn(raw: string | undefined, min: number, max: number): number | null {
  const text = raw?.trim() ?? "";
  if (!wholeNumberText.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** A strict whole number from 1 to `max`; with `blank`, "" is allowed too and gives null (no filter). */
function strictWholeNumber(message: string, max: number, blank: true): z.ZodMiniType<number | null, string>;
function strictWholeNumber(message: string, max: number): z.ZodMiniType<number, string>;
function strictWholeNumber(message: string, max: number, blank = false): z.ZodMiniType<number | null, string> {
  return z.pipe(
    z.string(message).check(
      z.trim(),
      z.refine((s) => (blank && s === "") || wholeNumberIn(s, 1, max) !== null, message),
    ),
    z.transform((s: string) => (s === "" ? null : Number(s))),
  );
}

/**
 * One value of `values`, or none: "" or a missing parameter means any (null). With `fallback`,
 * the filter always holds a value and the fallback is the one left out of the URL.
 */
export function choiceFilter<const V extends string>(values: readonly V[], message: string): ListFilter<V | null>;
export function choiceFilter<const V extends string>(values: readonly V[], message: string, fallback: NoInfer<V>): ListFilter<V>;
export function choiceFilter<const V extends string>(values: readonly V[], message: string, fallback: V | null = null): ListFilter<V | null> {
  const isValue = (s: string | undefined): s is V => (values as readonly (string | undefined)[]).includes(s);
  return {
    strict: z.pipe(
      z.enum(["", ...values] as [string, ...string[]], message),
      z.transform((s: string) => (isValue(s) ? s : fallback)),
    ),
    read: (raw) => (isValue(raw) ? raw : fallback),
    write: (value) => (value === fallback ? null : value),
    empty: fallback,
  };
}

/**
 * How many matches past a page's first a search counts before it stops and says "more than": a
 * search's cost then stays the same however many records match (decision 053).
 */
export const searchCountLimit = 1000;

/**
 * A searched list's count: `total` matches, or with `totalCapped` more than `total` (the search
 * stopped counting at the page's start plus `searchCountLimit`).
 */
export type SearchedTotal = { total: number; totalCapped: boolean };

/**
 * A search text, cleaned by `searchText` (one line of visible characters, at most `maxLength`; ""
 * searches nothing). No text is refused: a search answers its matches or none, whatever was sent.
 */
export function searchFilter(maxLength: number): SearchFilter {
  const clean = (text: string | null | undefined) => searchText(text, maxLength);
  return {
    strict: z.pipe(
      z.string("Type the search as text"),
      z.transform((s: string) => clean(s)),
    ),
    read: clean,
    write: (value) => value || null,
    empty: "",
    maxLength,
    clean,
  };
}

/** What a malformed date is told. */
export const dateMessage = "Use a real date written YYYY-MM-DD";

/** A date written YYYY-MM-DD; "" means none. */
export function dateFilter(): ListFilter<string> {
  return {
    strict: z.string(dateMessage).check(
      z.trim(),
      z.refine((s) => s === "" || isIsoDate(s), dateMessage),
    ),
    read: (raw) => (raw && isIsoDate(raw) ? raw : ""),
    write: (value) => value || null,
    empty: "",
  };
}

/** The id of a record to filter by (an admin, a category): a whole number from 1; "" means any. */
export function idFilter(message: string): ListFilter<number | null> {
  const maxId = 2 ** 31 - 1;
  return {
    strict: strictWholeNumber(message, maxId, true),
    read: (raw) => wholeNumberIn(raw, 1, maxId),
    write: (value) => (value === null ? null : String(value)),
    empty: null,
  };
}

/** Declares a list: every URL and check of its query comes from `declaration`. */
export function defineAdminList<const F extends Filters>(declared: AdminListDeclaration<F>): AdminList<F> {
  const declaration = { ...declared, apiPath: `/api${declared.path}`, maxPage: declared.maxPage ?? defaultMaxPage };
  const entries = Object.entries(declaration.filters);
  const empty = { ...Object.fromEntries(entries.map(([key, f]) => [key, f.empty])), page: 1 } as ListQueryOf<F>;
  const shape = Object.fromEntries(entries.map(([key, f]) => [key, z.optional(f.strict)]));
  const page = strictWholeNumber(pageMessage, declaration.maxPage);
  const schema = z.pipe(
    z.object({ ...shape, page: z.optional(page) }),
    z.transform((parsed: Record<string, unknown>) => {
      const query: Record<string, unknown> = { ...empty };
      for (const [key, value] of Object.entries(parsed)) if (value !== undefined) query[key] = value;
      return query as ListQueryOf<F>;
    }),
  ) as unknown as z.ZodMiniType<ListQueryOf<F>, QueryParams>;

  const search = (query: ListQueryOf<F>) => {
    const params = new URLSearchParams();
    for (const [key, f] of entries) {
      const text = f.write(query[key]);
      if (text !== null) params.set(key, text);
    }
    if (query.page > 1) params.set("page", String(query.page));
    const s = params.toString();
    return s ? `?${s}` : "";
  };

  return {
    ...declaration,
    schema,
    empty,
    read: (params) =>
      ({
        ...Object.fromEntries(entries.map(([key, f]) => [key, f.read(params[key])])),
        page: wholeNumberIn(params.page, 1, declaration.maxPage) ?? 1,
      }) as ListQueryOf<F>,
    search,
    pageUrl: (query) => `${declaration.path}${search(query)}`,
    apiUrl: (query) => `${declaration.apiPath}${search(query)}`,
  };
}
