import { type FormEvent, useId } from "react";
import { auditKindLabels, auditKinds } from "../../domain/audit";
import { type AdminAuditList, type AdminAuditQuery, adminAuditList } from "../../shared/admin-audit";
import { AuditEntries } from "./audit/AuditEntries";
import { FilterSelect } from "./parts/ListFilters";
import { countLine } from "./parts/ListFrame";
import { PagedList } from "./parts/PagedList";
import { useUrlList } from "./parts/use-url-list";

export type AdminAuditProps = { initialQuery: AdminAuditQuery; timeZone: string };

export default function AdminAudit({ initialQuery, timeZone }: AdminAuditProps) {
  const { query, setFilter, setPage, list, data, pageCount } = useUrlList<AdminAuditQuery, AdminAuditList>(adminAuditList, initialQuery);
  const base = useId();

  const adminId = `${base}admin`;
  const kindId = `${base}kind`;
  // The selects apply at once; the button is for a browser without script.
  const onSubmit = (e: FormEvent) => e.preventDefault();
  const admins = data?.admins ?? [];
  const adminIds = admins.map((a) => String(a.id));
  const adminNames = Object.fromEntries(admins.map((a) => [String(a.id), a.username]));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Audit log</h1>
        <a href="/admin/dashboard" className="btn btn-outline">
          Back to Dashboard
        </a>
      </div>

      <search aria-label="Audit log">
        <form method="get" action={adminAuditList.path} onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <FilterSelect
            id={adminId}
            name="admin"
            label="Admin"
            anyLabel="Any admin"
            options={adminIds}
            labels={adminNames}
            value={query.admin === null ? null : String(query.admin)}
            onChange={(admin) => setFilter("admin", admin === null ? null : Number(admin))}
            extraOptions={
              query.admin !== null && !admins.some((a) => a.id === query.admin) && <option value={String(query.admin)}>{`Admin #${query.admin}`}</option>
            }
          />
          <FilterSelect
            id={kindId}
            name="kind"
            label="Kind of change"
            anyLabel="Any kind"
            options={auditKinds}
            labels={auditKindLabels}
            value={query.kind}
            onChange={(kind) => setFilter("kind", kind)}
          />
          <noscript>
            <button type="submit" className="btn">
              Filter
            </button>
          </noscript>
        </form>
      </search>

      <PagedList
        list={list}
        rows={data?.entries}
        summary={data ? countLine(data.total, ["entry", "entries"]) : null}
        failedText="The audit log could not be loaded. Please reload the page."
        loadingText="Loading the audit log..."
        testId="audit-list"
        emptyText="No changes recorded"
        pagerLabel="Pages of the audit log"
        page={query.page}
        pageCount={pageCount}
        onPage={setPage}
      >
        {(rows) => <AuditEntries entries={rows} timeZone={timeZone} />}
      </PagedList>
    </div>
  );
}
