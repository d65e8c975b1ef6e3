/**
 * The room's download log, for owners (GET /api/admin/cases/{ref}/downloads): who downloaded which
 * file, when, from which address, and how many requests that sitting made (a video's scrubbing makes
 * many). The zip of every file is one line. Staff never see it, and it is never asked for them.
 */
import { useQuery } from "@tanstack/react-query";
import { formatInstant } from "../../../domain/format";
import type { CaseDownloadRow } from "../../../shared/case-room";
import { ResponsiveList } from "../parts/ResponsiveList";

const whoSide = (row: CaseDownloadRow) => (row.side === "client" ? "client" : "business");

function When({ row, timeZone }: { row: CaseDownloadRow; timeZone: string }) {
  const first = formatInstant(row.firstAt, timeZone);
  const last = formatInstant(row.lastAt, timeZone);
  return (
    <>
      <time dateTime={row.firstAt}>{first}</time>
      {last !== first && (
        <>
          {" to "}
          <time dateTime={row.lastAt}>{last}</time>
        </>
      )}
    </>
  );
}

const requests = (n: number) => `${n} ${n === 1 ? "request" : "requests"}`;

export function CaseDownloads({ reference, timeZone }: { reference: string; timeZone: string }) {
  const url = `/api/admin/cases/${encodeURIComponent(reference)}/downloads`;
  const log = useQuery<CaseDownloadRow[]>({ queryKey: [url], staleTime: 0 });
  if (log.isPending) return <div className="skeleton h-16 w-full" aria-hidden="true" />;
  if (log.isError)
    return (
      <p role="alert" className="text-error">
        The download log could not be loaded.
      </p>
    );
  if (log.data.length === 0) return <p className="text-sm text-base-content/80">Nothing has been downloaded yet.</p>;
  return (
    <div data-testid="case-downloads">
      <ResponsiveList
        label="Downloads, newest first"
        columns={["Who", "File", "When", "From", "Requests"]}
        rows={log.data}
        rowKey={(r) => r.id}
        rowTestId="case-download-row"
        cardTestId="case-download-card"
        row={(r) => (
          <>
            <td className="break-words">{`${r.viewerName} (${whoSide(r)})`}</td>
            <td className="break-all">{r.fileName}</td>
            <td>
              <When row={r} timeZone={timeZone} />
            </td>
            <td className="font-mono text-xs break-all">{r.ip}</td>
            <td>{r.requests}</td>
          </>
        )}
        card={(r) => (
          <>
            <p className="font-medium break-all">{r.fileName}</p>
            <p className="break-words text-sm">{`${r.viewerName} (${whoSide(r)}) · ${requests(r.requests)}`}</p>
            <p className="text-sm text-base-content/80">
              <When row={r} timeZone={timeZone} />
              {" · from "}
              <span className="font-mono text-xs break-all">{r.ip}</span>
            </p>
          </>
        )}
      />
    </div>
  );
}
