/**
 * The rows of an admin list: a table (its caption for screen readers, a header cell a column), and
 * `ResponsiveList`, that table from the `md` breakpoint with a card per row below it (readable at
 * 360 px).
 */
import type { Key, ReactNode } from "react";

/** A column's heading, or `{ hidden }` for one named only to screen readers (an actions column). */
export type Column = string | { hidden: string };

type RowsProps<R> = {
  /** The table's caption and the cards' list name. */
  label: string;
  columns: readonly Column[];
  rows: readonly R[];
  rowKey: (row: R) => Key;
  rowTestId: string;
  rowClassName?: (row: R) => string;
  /** The row's cells. */
  row: (row: R) => ReactNode;
};

export function ListTable<R>({ label, columns, rows, rowKey, rowTestId, rowClassName, row }: RowsProps<R>) {
  return (
    <table className="table">
      <caption className="sr-only">{label}</caption>
      <thead>
        <tr>
          {columns.map((c) =>
            typeof c === "string" ? (
              <th key={c} scope="col">
                {c}
              </th>
            ) : (
              <th key={c.hidden} scope="col">
                <span className="sr-only">{c.hidden}</span>
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)} data-testid={rowTestId} className={rowClassName?.(r)}>
            {row(r)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ResponsiveList<R>({
  cardTestId,
  cardClassName,
  card,
  ...table
}: RowsProps<R> & {
  cardTestId: string;
  /** More classes for the card. */
  cardClassName?: (row: R) => string;
  /** The card's content. */
  card: (row: R) => ReactNode;
}) {
  return (
    <>
      {/* "table" is also Tailwind's display utility, so the wrapper hides it on narrow screens. */}
      <div className="hidden md:block">
        <ListTable {...table} />
      </div>
      <ul className="divide-y divide-base-300 md:hidden" aria-label={table.label}>
        {table.rows.map((r) => {
          const more = cardClassName?.(r);
          return (
            <li key={table.rowKey(r)} className={more ? `space-y-2 p-4 ${more}` : "space-y-2 p-4"} data-testid={cardTestId}>
              {card(r)}
            </li>
          );
        })}
      </ul>
    </>
  );
}
