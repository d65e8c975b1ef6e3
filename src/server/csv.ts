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

/** The lines of `rows`, each ended by CRLF. */
function csvLines<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  let text = "";
  for (const row of rows) text += `${columns.map((c) => cell(c.value(row))).join(",")}\r\n`;
  return text;
}

const headerLine = <Row>(columns: readonly CsvColumn<Row>[]) => `${columns.map((c) => cell(c.header)).join(",")}\r\n`;

/** The whole file: a header line, then one line per row. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  return headerLine(columns) + csvLines(columns, rows);
}

/** Excel takes a file without it for the local code page and garbles every accent. */
const byteOrderMark = "\uFEFF";

const csvHeaders = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
  "Cache-Control": "no-store",
});

/** A download response: `filename` gets the day appended by the caller if wanted; the body gets the byte-order mark. */
export function csvResponse(filename: string, body: string): Response {
  return new Response(byteOrderMark + body, { headers: csvHeaders(filename) });
}

/** Lets every request and timer already waiting run first. */
const otherWorkFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The same file as `csvResponse(filename, toCsv(columns, rows))`, written a batch of rows at a time
 * as the client reads it: before each later batch is read and formatted the request loop runs
 * whatever else waits, so a download of every row of a big table holds no other request up for
 * longer than one batch takes. The first batch is read before the response exists, so a read that
 * fails (a bad query) answers the JSON error instead of a header and a reset connection; later
 * batches run the same statement. The batches are read only as fast as the client takes them; a
 * download given up stops the reading (the generator's `finally` runs).
 */
export async function csvStreamResponse<Row>(filename: string, columns: readonly CsvColumn<Row>[], batches: AsyncIterator<Row[]>): Promise<Response> {
  const encoder = new TextEncoder();
  let first: IteratorResult<Row[]> | null = await batches.next();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        const rows = first.done ? "" : csvLines(columns, first.value);
        const done = first.done;
        first = null;
        controller.enqueue(encoder.encode(byteOrderMark + headerLine(columns) + rows));
        if (done) controller.close();
        return;
      }
      await otherWorkFirst();
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(csvLines(columns, next.value)));
      } catch (err) {
        await batches.return?.();
        controller.error(err);
      }
    },
    async cancel() {
      await batches.return?.();
    },
  });
  return new Response(body, { headers: csvHeaders(filename) });
}
