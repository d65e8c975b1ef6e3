/**
 * CSV downloads for the owner's accountant (RFC 4180: comma-separated, CRLF, quoted when needed),
 * UTF-8 with a byte-order mark so Excel reads "Zoë 李" as written (decision 042).
 * A cell that a spreadsheet would run as a formula is prefixed with an apostrophe, so a customer's
 * name can never become a formula: one starting with =, @, tab or carriage return always, one
 * starting with + or - unless it is a plain number or phone number (digits, spaces, dots, dashes,
 * slashes and brackets only), which no spreadsheet can turn into a function call.
 */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | boolean | null | undefined };

/** "+61 8 1234 5678", "-1", "-12.50", "+1 (555) 010-0000": signs followed by nothing a formula could call. */
const plainNumberOrPhone = /^[+-][0-9 ().\-/]*[0-9][0-9 ().\-/]*$/;

/** Whether a spreadsheet would read `text` as a formula. */
export function looksLikeFormula(text: string): boolean {
  if (/^[=@\t\r]/.test(text)) return true;
  return /^[+-]/.test(text) && !plainNumberOrPhone.test(text);
}

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && looksLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a header line, then one line per row. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  const lines = [columns.map((c) => cell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** Excel takes a file without it for the local code page and garbles every accent. */
const byteOrderMark = "\uFEFF";

/** A download response: `filename` gets the day appended by the caller if wanted; the body gets the byte-order mark. */
export function csvResponse(filename: string, body: string): Response {
  return new Response(byteOrderMark + body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
