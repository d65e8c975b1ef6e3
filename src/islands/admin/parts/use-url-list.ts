/**
 * The state every filtered admin list keeps: its query (filters and page), mirrored into the
 * page's URL so a reload or a shared link shows the same view, and the page of results fetched for
 * it (the previous page stays on screen while the next loads). With a search box, the typed text is
 * applied once typing pauses, or at once on Enter.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { useTypedBeforeHydration } from "../../../client/typed-before-hydration";
import { listAddress } from "./use-record-address";

/** How long typing pauses before a search runs. */
const searchDelayMs = 300;

/**
 * `search(query)` is the query string ("?status=paid&page=2", or "") that both the page at
 * `pagePath` and the API at `apiPath` read.
 */
export function useUrlList<Q, D extends { total: number; pageSize: number }>(initialQuery: Q, pagePath: string, apiPath: string, search: (query: Q) => string) {
  const [query, setQuery] = useState(initialQuery);
  const list = useQuery<D>({ queryKey: [`${apiPath}${search(query)}`], placeholderData: keepPreviousData });
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  useEffect(() => {
    history.replaceState(history.state, "", listAddress(pagePath, search(query)));
  }, [query, pagePath, search]);
  return { query, setQuery, list, data, pageCount };
}

/**
 * A search box for a list: its text (keeping what was typed before hydration), applied to the
 * query by `withSearch` once typing pauses, and `onSearch` for the form's submit (Enter).
 */
export function useListSearch<Q>(
  initialText: string,
  setQuery: (update: (query: Q) => Q) => void,
  withSearch: (query: Q, text: string) => Q,
): { searchText: string; setSearchText: (text: string) => void; searchField: RefObject<HTMLInputElement | null>; onSearch: (e: FormEvent) => void } {
  const [searchText, setSearchText] = useState(initialText);
  const searchField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(searchField, searchText, setSearchText);
  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => withSearch(q, searchText)), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, setQuery, withSearch]);
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setQuery((q) => withSearch(q, searchText));
  };
  return { searchText, setSearchText, searchField, onSearch };
}
