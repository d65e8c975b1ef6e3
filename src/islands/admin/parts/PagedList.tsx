/**
 * A filtered admin list's page of results, from the `useUrlList` state: its status line (with
 * `beside` it, if given), the frame with its rows (or the skeleton, or the "nothing found" line),
 * and the pager under it. Its texts come from what a row is called ("order", "orders").
 */
import type { ReactNode } from "react";
import { countLine, ListFrame, ListStatus, Pager } from "./ListFrame";

/** What the list shows of the `useUrlList` state. */
type UrlListState = {
  list: { isError: boolean; isPending: boolean; isPlaceholderData: boolean };
  /** `totalCapped`: a search that stopped counting (more than `total` match). */
  data: { total: number; totalCapped?: boolean } | undefined;
  /** With a `search`, the count line says what it matched. */
  query: { page: number; search?: string };
  pageCount: number;
  setPage: (page: number) => void;
};

/** The list's texts where the ones made from its names do not fit (undefined keeps the made one). */
type ListTexts = { summary: string | null; failed: string; loading: string; empty: string; pager: string };

export function PagedList<R>({
  of,
  rows,
  names,
  testId,
  texts,
  beside,
  summaryTestId,
  children,
}: {
  of: UrlListState;
  /** The page's rows, once the list has arrived. */
  rows: R[] | undefined;
  /** What one row and several rows are called. */
  names: readonly [string, string];
  testId: string;
  texts?: Partial<ListTexts>;
  /** Shown at the end of the status line's row (an export button, say). */
  beside?: ReactNode;
  summaryTestId?: string;
  /** The rows shown (never called for none). */
  children: (rows: R[]) => ReactNode;
}) {
  const { list, data, query, pageCount, setPage } = of;
  const many = names[1];
  const text: ListTexts = {
    summary: texts?.summary ?? (data ? countLine(data.total, names, query.search, data.totalCapped) : null),
    failed: texts?.failed ?? `The ${many} could not be loaded. Please reload the page.`,
    loading: texts?.loading ?? `Loading ${many}...`,
    empty: texts?.empty ?? `No ${many} found`,
    pager: texts?.pager ?? `Pages of ${many}`,
  };
  const status = (
    <ListStatus
      failed={list.isError}
      failedText={text.failed}
      summary={text.summary}
      loading={list.isPending}
      loadingText={text.loading}
      summaryTestId={summaryTestId}
    />
  );
  return (
    <>
      {beside ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {status}
          {beside}
        </div>
      ) : (
        status
      )}
      <ListFrame
        testId={testId}
        busy={list.isPending || list.isPlaceholderData}
        loading={!rows && list.isPending}
        empty={rows !== undefined && rows.length === 0}
        emptyText={text.empty}
      >
        {rows && rows.length > 0 && children(rows)}
      </ListFrame>
      {rows && <Pager label={text.pager} page={query.page} pageCount={pageCount} more={data?.totalCapped} onPage={setPage} />}
    </>
  );
}
