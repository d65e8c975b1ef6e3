/**
 * A page of the audit log: a table from the `md` breakpoint, a card per entry below it (readable
 * at 360 px). Times are shown in the business's time zone.
 */
import { auditKindLabels } from "../../../domain/audit";
import type { AdminAuditEntry } from "../../../shared/admin-audit";
import { ChangeDetails } from "./ChangeDetails";
import { hasChanges } from "./change-rows";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "3 Mar 2026, 2:05 pm" in `timeZone`. */
export function formatAuditTime(instant: string, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone });
    formatters.set(timeZone, f);
  }
  return f.format(new Date(instant));
}

function Changes({ entry }: { entry: AdminAuditEntry }) {
  return hasChanges(entry.before, entry.after) ? <ChangeDetails before={entry.before} after={entry.after} /> : null;
}

export function AuditEntries({ entries, timeZone }: { entries: AdminAuditEntry[]; timeZone: string }) {
  return (
    <>
      {/* "table" is also Tailwind's display utility, so the wrapper hides it on narrow screens. */}
      <div className="hidden md:block">
        <table className="table">
          <caption className="sr-only">Audit log</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Admin</th>
              <th scope="col">Kind</th>
              <th scope="col">Change</th>
              <th scope="col">Record</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-testid="audit-row" className="align-top">
                <td className="whitespace-nowrap">
                  <time dateTime={e.createdAt}>{formatAuditTime(e.createdAt, timeZone)}</time>
                </td>
                <td>{e.adminUsername}</td>
                <td className="whitespace-nowrap">{auditKindLabels[e.kind]}</td>
                <td className="space-y-1">
                  <p>{e.summary}</p>
                  <Changes entry={e} />
                </td>
                <td className="font-mono text-sm break-all">{e.recordId ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-base-300 md:hidden" aria-label="Audit log">
        {entries.map((e) => (
          <li key={e.id} className="space-y-2 p-4" data-testid="audit-card">
            <p className="font-medium break-words">{e.summary}</p>
            <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-base-content/80">
              <time dateTime={e.createdAt}>{formatAuditTime(e.createdAt, timeZone)}</time>
              <span>{e.adminUsername}</span>
              <span className="badge badge-ghost badge-sm">{auditKindLabels[e.kind]}</span>
              {e.recordId && <span className="font-mono break-all">{e.recordId}</span>}
            </p>
            <Changes entry={e} />
          </li>
        ))}
      </ul>
    </>
  );
}
