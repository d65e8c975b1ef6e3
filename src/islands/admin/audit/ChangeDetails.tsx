/**
 * An entry's before and after, folded in a <details> (a native disclosure: keyboard and screen
 * reader work without script), as a two-column diff with the changed fields marked.
 */
import { changeRows } from "./change-rows";

export function ChangeDetails({ before, after }: { before: unknown; after: unknown }) {
  const rows = changeRows(before, after);
  return (
    <details className="group" data-testid="audit-changes">
      <summary className="link link-primary text-sm">Show changes</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="table table-sm">
          <caption className="sr-only">Values before and after the change</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field} data-changed={row.changed ? "true" : undefined}>
                <th scope="row" className="font-normal">
                  {row.field}
                  {row.changed && <span className="sr-only"> (changed)</span>}
                </th>
                <td className={`break-words ${row.changed ? "text-error line-through" : ""}`}>{row.before}</td>
                <td className={`break-words ${row.changed ? "font-semibold text-success" : ""}`}>{row.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
