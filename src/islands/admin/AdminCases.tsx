/**
 * /admin/cases: the case rooms from GET /api/admin/cases, those with something new from the client
 * first, then the most recently active, filtered by status, 20 a page, the filter in the page's URL.
 * Each room opens its own page (/admin/cases/{reference}); a room exists for every booking, but only
 * those where something was written are listed: the others are reached from their booking's record.
 */
import { useQuery } from "@tanstack/react-query";
import { StatusBadge } from "../../components/StatusBadge";
import { formatInstant } from "../../domain/format";
import type { AdminMe } from "../../shared/admin-auth";
import { type AdminCaseRoomList, type AdminCasesQuery, adminCasesList } from "../../shared/admin-cases";
import { adminRecordPath } from "../../shared/admin-records";
import { type AdminCaseRoomRow, caseStatuses, caseStatusLabels } from "../../shared/case-room";
import { FilterForm, FilterSelect } from "./parts/ListFilters";
import { PagedList } from "./parts/PagedList";
import { PageHeader } from "./parts/PageHeader";
import { ResponsiveList } from "./parts/ResponsiveList";
import { useUrlList } from "./parts/use-url-list";

export type AdminCasesProps = { initialQuery: AdminCasesQuery; timeZone: string };

const fileCount = (n: number) => (n === 0 ? "No files" : `${n} ${n === 1 ? "file" : "files"}`);

/** The customer's name, linking to their record for owners (customers' records are theirs, decision 040). */
function Customer({ row, owner }: { row: AdminCaseRoomRow; owner: boolean }) {
  return owner ? (
    <a className="link" href={adminRecordPath("users", row.customerId)}>
      {row.customerName}
    </a>
  ) : (
    <span>{row.customerName}</span>
  );
}

function RoomLink({ row }: { row: AdminCaseRoomRow }) {
  return (
    <a className="link font-mono font-medium" href={adminRecordPath("cases", row.reference)}>
      {row.reference}
      <span className="sr-only">{`, ${row.customerName}'s case room`}</span>
    </a>
  );
}

function NewBadge({ row }: { row: AdminCaseRoomRow }) {
  return row.unseen ? (
    <span className="badge badge-primary h-auto min-h-5" data-testid="case-new">
      New from the client
    </span>
  ) : null;
}

export default function AdminCases({ initialQuery, timeZone }: AdminCasesProps) {
  const rooms = useUrlList<AdminCasesQuery, AdminCaseRoomList>(adminCasesList, initialQuery);
  const { bindFilter, data, query } = rooms;
  const me = useQuery<AdminMe>({ queryKey: ["/api/admin/me"] });
  const owner = me.data?.role === "owner";
  const filtered = query.status !== null;

  return (
    <div className="space-y-6">
      <PageHeader title="Case rooms" description="Where each booking's reports, photos and videos reach the client, with its timeline and messages." />
      <FilterForm label="Case rooms" action={adminCasesList.path} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FilterSelect label="Status" name="status" anyLabel="Any status" options={caseStatuses} labels={caseStatusLabels} {...bindFilter("status")} />
      </FilterForm>
      <PagedList
        of={rooms}
        rows={data?.rooms}
        names={["case room", "case rooms"]}
        testId="cases-list"
        texts={{
          empty: filtered
            ? "No case rooms at this status."
            : "No case rooms yet. A booking's room opens from its record (Bookings), and is listed here once something is written in it.",
        }}
      >
        {(rows) => (
          <ResponsiveList
            label="Case rooms"
            columns={["Booking", "Customer", "Status", "Files", "Last activity"]}
            rows={rows}
            rowKey={(r) => r.reference}
            rowTestId="case-row"
            cardTestId="case-card"
            rowClassName={(r) => (r.unseen ? "font-semibold" : "")}
            row={(r) => (
              <>
                <td>
                  <div className="flex flex-wrap items-center gap-2">
                    <RoomLink row={r} />
                    <NewBadge row={r} />
                  </div>
                </td>
                <td className="break-words">
                  <Customer row={r} owner={owner} />
                </td>
                <td>
                  <StatusBadge kind="caseStatus" status={r.status} />
                </td>
                <td>{fileCount(r.files)}</td>
                <td>
                  <time dateTime={r.lastActivityAt}>{formatInstant(r.lastActivityAt, timeZone)}</time>
                </td>
              </>
            )}
            card={(r) => (
              <>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <RoomLink row={r} />
                  <StatusBadge kind="caseStatus" status={r.status} />
                </div>
                <p className="break-words">
                  <Customer row={r} owner={owner} />
                </p>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-base-content/80">
                  <span>{fileCount(r.files)}</span>
                  <span aria-hidden="true">·</span>
                  <span>
                    Last activity <time dateTime={r.lastActivityAt}>{formatInstant(r.lastActivityAt, timeZone)}</time>
                  </span>
                </p>
                <NewBadge row={r} />
              </>
            )}
          />
        )}
      </PagedList>
    </div>
  );
}
