/**
 * A filtered admin list's page of results, from the `useUrlList` query: its status line (with
 * `beside` it, if given), the frame with its rows (or the skeleton, or `emptyText`), and the pager
 * under it.
 */
import type { ReactNode } from "react";
import { ListFrame, ListStatus, Pager } from "./ListFrame";

export function PagedList<R>({
  list,
  rows,
  summary,
  failedText,
  loadingText,
  testId,
  emptyText,
  pagerLabel,
  page,
  pageCount,
  onPage,
  beside,
  summaryTestId,
  children,
}: {
  list: { isError: boolean; isPending: boolean; isPlaceholderData: boolean };
  /** The page's rows, once the list has arrived. */
  rows: R[] | undefined;
  /** The count line ("12 orders"), once the list has arrived. */
  summary: string | null;
  failedText: string;
  loadingText: string;
  testId: string;
  emptyText: string;
  pagerLabel: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Shown at the end of the status line's row (an export button, say). */
  beside?: ReactNode;
  summaryTestId?: string;
  /** The rows shown (never called for none). */
  children: (rows: R[]) => ReactNode;
}) {
  const status = (
    <ListStatus
      failed={list.isError}
      failedText={failedText}
      summary={summary}
      loading={list.isPending}
      loadingText={loadingText}
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
        emptyText={emptyText}
      >
        {rows && rows.length > 0 && children(rows)}
      </ListFrame>
      {rows && <Pager label={pagerLabel} page={page} pageCount={pageCount} onPage={onPage} />}
    </>
  );
}
