/**
 * What a list's export is made of (decision 073): typed columns and the rows, declared once per
 * list and written as CSV or as an Excel workbook by exports.ts.
 */

/**
 * What a column holds, which decides how each file writes it: `text` as written (a phone keeps its
 * leading 0 or +, a reference stays a reference), `count` a whole number, `money` a decimal amount,
 * `instant` a moment shown on the business's clock, `day` a calendar date ("2026-11-28").
 */
export type ExportKind = "text" | "count" | "money" | "instant" | "day";

/** A cell's value: an instant is a Date (a string where there is no such moment, written as text). */
export type ExportValue = string | number | Date | null | undefined;

/** One column: its header, its kind, its value for a row, and how wide a spreadsheet shows it (characters). */
export type ExportColumn<Row> = { header: string; kind: ExportKind; value: (row: Row) => ExportValue; width?: number };

/**
 * One list's export: its name (`bookings`, the start of the file's name), its sheet's title, the
 * business's time zone, its columns, and its rows (all at once, or a batch at a time from a snapshot).
 */
export type ListExport<Row> = {
  list: string;
  sheet: string;
  timeZone: string;
  columns: readonly ExportColumn<Row>[];
} & ({ batches: AsyncIterator<Row[]> } | { rows: readonly Row[] });
