import { auditKindLabels, auditKinds } from "../../domain/audit";
import { type AdminAuditList, type AdminAuditQuery, adminAuditList } from "../../shared/admin-audit";
import { AuditEntries } from "./audit/AuditEntries";
import { FilterForm, FilterSelect, RecordFilterSelect } from "./parts/ListFilters";
import { PagedList } from "./parts/PagedList";
import { useUrlList } from "./parts/use-url-list";
import { PageHeader } from "./parts/PageHeader";

export type AdminAuditProps = { initialQuery: AdminAuditQuery; timeZone: string };

export default function AdminAudit({ initialQuery, timeZone }: AdminAuditProps) {
  const log = useUrlList<AdminAuditQuery, AdminAuditList>(adminAuditList, initialQuery);
  const { bindFilter, data } = log;

  return (
    <div className="space-y-6">
      <PageHeader title="Audit log" />

      <FilterForm label="Audit log" action={adminAuditList.path} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <RecordFilterSelect
          name="admin"
          label="Admin"
          anyLabel="Any admin"
          records={(data?.admins ?? []).map((a) => ({ id: a.id, name: a.username }))}
          unknownLabel={(id) => `Admin #${id}`}
          {...bindFilter("admin")}
        />
        <FilterSelect name="kind" label="Kind of change" anyLabel="Any kind" options={auditKinds} labels={auditKindLabels} {...bindFilter("kind")} />
      </FilterForm>

      <PagedList
        of={log}
        rows={data?.entries}
        names={["entry", "entries"]}
        testId="audit-list"
        texts={{
          failed: "The audit log could not be loaded. Please reload the page.",
          loading: "Loading the audit log...",
          empty: "No changes recorded",
          pager: "Pages of the audit log",
        }}
      >
        {(rows) => <AuditEntries entries={rows} timeZone={timeZone} />}
      </PagedList>
    </div>
  );
}
