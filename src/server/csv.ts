/**
 * CSV downloads for the owner's accountant (RFC 4180: comma-separated, CRLF, quoted when needed).
 * A cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage
 * return) is prefixed with an apostrophe, so a customer's name can never become a formula.
 */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | boolean | null | undefined };

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a header line, then one line per row. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  const lines = [columns.map((c) => cell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** A download response: `filename` gets the day appended by the caller if wanted. */
export function csvResponse(filename: string, body: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
