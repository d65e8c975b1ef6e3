/**
 * A page of the audit log: a table from the `md` breakpoint, a card per entry below it (readable
 * at 360 px). Times are shown in the business's time zone.
 */
import { auditKindLabels } from "../../../domain/audit";
import { formatInstant } from "../../../domain/format";
import type { AdminAuditEntry } from "../../../shared/admin-audit";
import { ResponsiveList } from "../parts/ResponsiveList";
import { ChangeDetails } from "./ChangeDetails";
import { hasChanges } from "./change-rows";

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
          <td className="font-mono text-sm break-all">{e.recordId ?? "—"}</td>
        </>
      )}
      card={(e) => (
        <>
          <p className="font-medium break-words">{e.summary}</p>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-base-content/80">
            <time dateTime={e.createdAt}>{formatInstant(e.createdAt, timeZone)}</time>
            <span>{e.adminUsername}</span>
            <span className="badge badge-ghost badge-sm">{auditKindLabels[e.kind]}</span>
            {e.recordId && <span className="font-mono break-all">{e.recordId}</span>}
          </p>
          <Changes entry={e} />
        </>
      )}
    />
  );
}
