/**
 * What every admin list shares: the alert when it could not be loaded, the count line, the bordered frame that scrolls sideways on a phone (busy while a
 * page loads), the skeleton before the first answer, the "nothing found" line, and the
 * Previous / Next pager under it.
 */
import type { ReactNode } from "react";

export function ListFrame({
  testId,
  busy,
  loading,
  empty,
  emptyText,
  children,
}: {
  testId: string;
  busy: boolean;
  /** Nothing has arrived yet: show the skeleton. */
  loading: boolean;
  /** The answer has no rows: show `emptyText`. */
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100" aria-busy={busy} data-testid={testId}>
      {children}
      {empty && <p className="p-6 text-center">{emptyText}</p>}
      {loading && (
        <div className="space-y-3 p-4" aria-hidden="true">
          <div className="skeleton h-12 w-full" />
          <div className="skeleton h-12 w-full" />
          <div className="skeleton h-12 w-full" />
        </div>
      )}
    </div>
  );
}

/**
 * Previous / Next for a list of `pageCount` pages (with `more`, a search that stopped counting:
 * more than that); nothing when there is only one.
 */
export function Pager({
  label,
  page,
  pageCount,
  more = false,
  onPage,
}: {
  label: string;
  page: number;
  pageCount: number;
  more?: boolean;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1 && !more) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-3">
      <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-sm">{`Page ${Math.min(page, pageCount)} of ${more ? "more than " : ""}${pageCount}`}</span>
      <button type="button" className="btn btn-sm" disabled={page >= pageCount && !more} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/**
 * Above a list: an alert when it could not be loaded, and the live count line ("12 orders matching
 * …"), or `loadingText` before the first answer.
 */
export function ListStatus({
  failed,
  failedText,
  summary,
  loading,
  loadingText,
  summaryTestId,
}: {
  failed: boolean;
  failedText: string;
  summary: string | null;
  loading: boolean;
  loadingText: string;
  summaryTestId?: string;
}) {
  return (
    <>
      {failed && (
        <div role="alert" className="alert alert-error">
          <p>{failedText}</p>
        </div>
      )}
      <p role="status" className="text-sm text-base-content/80" data-testid={summaryTestId}>
        {summary ?? (loading ? loadingText : "")}
      </p>
    </>
  );
}

/** A list's count line: "1 order", "12 orders matching "smith"", "More than 1000 orders matching "a"" (`capped`, decision 053). */
export function countLine(total: number, [one, many]: readonly [string, string], search = "", capped = false): string {
  const count = capped ? `More than ${total} ${many}` : `${total} ${total === 1 ? one : many}`;
  return `${count}${search ? ` matching "${search}"` : ""}`;
}
