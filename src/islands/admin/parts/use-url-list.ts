/**
 * The state every filtered admin list keeps: its query (filters and page), mirrored into the
 * page's URL so a reload or a shared link shows the same view, and the page of results fetched for
 * it (the previous page stays on screen while the next loads). With a search box, the typed text is
 * applied once typing pauses, or at once on Enter.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useTypedBeforeHydration } from "../../../client/typed-before-hydration";
import type { SearchFilter } from "../../../shared/admin-list";
import { listAddress } from "./use-record-address";

/** How long typing pauses before a search runs. */
const searchDelayMs = 300;

/** What the hook needs of a list declared with `defineAdminList`: its page's path, query string and API URL for a query. */
export type UrlListDefinition<Q> = { path: string; search: (query: Q) => string; apiUrl: (query: Q) => string };

/**
 * The list `definition` from `initialQuery` (what the page's URL held): the query, its setters
 * (a changed filter starts again at page 1) and the page of results.
 */
export function useUrlList<Q extends { page: number }, D extends { total: number; pageSize: number }>(definition: UrlListDefinition<Q>, initialQuery: Q) {
  const [query, setQuery] = useState(initialQuery);
  const list = useQuery<D>({ queryKey: [definition.apiUrl(query)], placeholderData: keepPreviousData });
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  useEffect(() => {
    // While a record's dialog is open the address stays the record's, with the list's query string.
    history.replaceState(history.state, "", listAddress(definition.path, definition.search(query)));
  }, [query, definition]);
  const setFilter = useCallback(<K extends Exclude<keyof Q, "page">>(key: K, value: Q[K]) => setQuery((q) => ({ ...q, [key]: value, page: 1 })), []);
  const setPage = useCallback((page: number) => setQuery((q) => ({ ...q, page })), []);
  /** A filter field's value and change handler, to spread on its select or date field. */
  const bindFilter = <K extends Exclude<keyof Q, "page">>(key: K) => ({ value: query[key], onChange: (value: Q[K]) => setFilter(key, value) });
  return { query, setQuery, setFilter, bindFilter, setPage, list, data, pageCount };
}

/**
 * A search box for a list with the search `filter`: its text (keeping what was typed before
 * hydration), applied to the query once typing pauses, and `onSearch` for the form's submit (Enter).
 * A new search starts again at page 1.
 */
export function useListSearch<Q extends { search: string; page: number }>(
  filter: SearchFilter,
  initialText: string,
  setQuery: (update: (query: Q) => Q) => void,
): {
  searchText: string;
  setSearchText: (text: string) => void;
  searchField: RefObject<HTMLInputElement | null>;
  onSearch: (e: FormEvent) => void;
  maxLength: number;
} {
  const [searchText, setSearchText] = useState(initialText);
  const searchField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(searchField, searchText, setSearchText);
  const apply = useCallback(
    (text: string) =>
      setQuery((q) => {
        const search = filter.clean(text);
        return search === q.search ? q : { ...q, search, page: 1 };
      }),
    [filter, setQuery],
  );
  useEffect(() => {
    const timer = setTimeout(() => apply(searchText), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, apply]);
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    apply(searchText);
  };
  return { searchText, setSearchText, searchField, onSearch, maxLength: filter.maxLength };
}
