/**
 * A page of the audit log: a table from the `md` breakpoint, a card per entry below it (readable
 * at 360 px). Times are shown in the business's time zone.
 */
import { auditKindLabels } from "../../../domain/audit";
import { formatInstant } from "../../../domain/format";
import { type AdminAuditEntry, auditRecordRef } from "../../../shared/admin-audit";
import { ResponsiveList } from "../parts/ResponsiveList";
import { ChangeDetails } from "./ChangeDetails";
import { hasChanges } from "./change-rows";

/** The entry's record, short and readable, linked to its page when it has one. */
function RecordRef({ entry }: { entry: AdminAuditEntry }) {
  const ref = auditRecordRef(entry);
  if (!ref)
    return (
      <span>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No record</span>
      </span>
    );
  const title = ref.full === ref.text ? undefined : ref.full;
  return ref.href ? (
    <a href={ref.href} className="link link-primary whitespace-nowrap" title={title}>
      {ref.text}
    </a>
  ) : (
    <span className="break-words" title={title}>
      {ref.text}
    </span>
  );
}

function Changes({ entry }: { entry: AdminAuditEntry }) {
  return hasChanges(entry.before, entry.after) ? <ChangeDetails before={entry.before} after={entry.after} /> : null;
}

export function AuditEntries({ entries, timeZone }: { entries: AdminAuditEntry[]; timeZone: string }) {
  return (
    <ResponsiveList
      label="Audit log"
      columns={["Time", "Admin", "Kind", "Change", "Record"]}
      rows={entries}
      rowKey={(e) => e.id}
      rowTestId="audit-row"
      rowClassName={() => "align-top"}
      cardTestId="audit-card"
      row={(e) => (
        <>
          <td className="whitespace-nowrap">
            <time dateTime={e.createdAt}>{formatInstant(e.createdAt, timeZone)}</time>
          </td>
          <td>{e.adminUsername}</td>
          <td className="whitespace-nowrap">{auditKindLabels[e.kind]}</td>
          <td className="space-y-1">
            <p>{e.summary}</p>
            <Changes entry={e} />
          </td>
          <td className="text-sm">
            <RecordRef entry={e} />
          </td>
        </>
      )}
      card={(e) => (
        <>
          <p className="font-medium break-words">{e.summary}</p>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-base-content/80">
            <time dateTime={e.createdAt}>{formatInstant(e.createdAt, timeZone)}</time>
            <span>{e.adminUsername}</span>
            <span className="badge badge-ghost badge-sm">{auditKindLabels[e.kind]}</span>
            {e.recordId && <RecordRef entry={e} />}
          </p>
          <Changes entry={e} />
        </>
      )}
    />
  );
}
