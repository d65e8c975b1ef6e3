/** A chart with its heading, and the same figures as a table in a "Show as table" disclosure under it. */
import { useId } from "react";
import type { ChartSpec } from "./chart-setup";
import { ChartCanvas } from "./ChartCanvas";

export type FigureColumn = { header: string; numeric?: boolean };

export function FigureCard({
  title,
  description,
  chartLabel,
  spec,
  columns,
  rows,
  testId,
  emptyText,
}: {
  title: string;
  description: string;
  chartLabel: string;
  spec: ChartSpec;
  columns: FigureColumn[];
  rows: string[][];
  testId: string;
  /** Shown instead of the chart when there is nothing to draw (a list with no entries). */
  emptyText?: string;
}) {
  const headingId = useId();
  const empty = rows.length === 0;
  return (
    <section aria-labelledby={headingId} className="card min-w-0 border border-base-300 bg-base-100" data-testid={testId}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className="card-title text-lg">
          {title}
        </h2>
        <p className="text-sm text-base-content/80">{description}</p>
        {empty && emptyText ? <p className="py-6 text-center">{emptyText}</p> : <ChartCanvas label={chartLabel} spec={spec} testId={`${testId}-chart`} />}
        {!empty && (
          <details className="collapse-arrow collapse border border-base-300">
            <summary className="collapse-title min-h-0 py-2 text-sm font-semibold">Show as table</summary>
            <div className="collapse-content overflow-x-auto">
              <FigureTable caption={title} columns={columns} rows={rows} />
            </div>
          </details>
        )}
      </div>
    </section>
  );
}

export function FigureTable({ caption, columns, rows }: { caption: string; columns: FigureColumn[]; rows: string[][] }) {
  return (
    <table className="table table-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={c.numeric ? "text-right" : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          // Names can repeat (a deleted product sold under a current product's name): the position keeps keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are replaced whole, never reordered in place.
          <tr key={`${index}:${row[0]}`}>
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={columns[i]?.header} scope="row" className="font-normal">
                  {cell}
                </th>
              ) : (
                <td key={columns[i]?.header} className={columns[i]?.numeric ? "text-right tabular-nums" : undefined}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
