/**
 * A list's export as an Excel workbook (decision 073), for an owner who opens it in a spreadsheet:
 * one sheet, the header row frozen, each cell typed by its column so the spreadsheet guesses
 * nothing. Text (names, phones, references, addresses) is a string cell in the Text format, so
 * `0491692327` keeps its 0, `+61412000111` its +, and `=cmd|…` stays the words a customer typed: a
 * string cell is never a formula in a workbook, so unlike the CSV it needs no apostrophe in front.
 * Instants are dates on the business's clock (a workbook's dates have no time zone), amounts are
 * numbers with two decimals, counts whole numbers.
 *
 * The workbook is one zip written at the end, so unlike the CSV it is not streamed: the rows are
 * read a batch at a time from their snapshot, letting other requests run between batches, and the
 * file is made once all are read.
 */
import writeXlsxFile, { type Cell, type Row as SheetRow } from "write-excel-file/node";
import { isIsoDate, offsetMinutes } from "../domain/timezone";
import type { ExportKind, ExportValue, ListExport } from "./export-columns";

export const xlsxContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The longest text one cell of a workbook may hold; a longer one makes Excel call the file damaged. */
const maxCellText = 32_767;

/** The moment as the business's wall clock, which is what a workbook's date shows. */
function onBusinessClock(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60_000);
}

/** A text cell; a line break in a cell is a line feed (the file's XML would read a CR LF as one anyway). */
const text = (value: string): Cell => ({ type: String, value: value.replace(/\r\n?/g, "\n").slice(0, maxCellText), format: "@" });

/** One cell, typed by its column's kind; anything that is not what the kind expects is kept as text. */
export function xlsxCell(kind: ExportKind, value: ExportValue, timeZone: string): Cell {
  if (value === null || value === undefined || value === "") return null;
  switch (kind) {
    case "count":
    case "money": {
      const n = typeof value === "number" ? value : Number(value);
      if (typeof value !== "object" && Number.isFinite(n) && String(value).trim() !== "") {
        return kind === "money" ? { type: Number, value: n, format: "#,##0.00" } : { type: Number, value: n, format: "0" };
      }
      break;
    }
    case "instant":
      if (value instanceof Date) return { type: Date, value: onBusinessClock(value, timeZone), format: "yyyy-mm-dd hh:mm" };
      break;
    case "day":
      if (typeof value === "string" && isIsoDate(value)) return { type: Date, value: new Date(`${value}T00:00:00Z`), format: "yyyy-mm-dd" };
      break;
    case "text":
      break;
  }
  return text(value instanceof Date ? value.toISOString() : String(value));
}

/** How wide a column of `kind` is shown, in characters, when its declaration does not say. */
const defaultWidths: Record<ExportKind, number> = { text: 18, count: 8, money: 12, instant: 17, day: 11 };

/** Lets every request and timer already waiting run first. */
const otherWorkFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every row of the export's cells, the rows read a batch at a time with other work let in between. */
async function sheetRows<Row>(exp: ListExport<Row>): Promise<SheetRow[]> {
  const toRow = (row: Row): SheetRow => exp.columns.map((c) => xlsxCell(c.kind, c.value(row), exp.timeZone));
  if ("rows" in exp) return exp.rows.map(toRow);
  const out: SheetRow[] = [];
  try {
    for (let next = await exp.batches.next(); !next.done; next = await exp.batches.next()) {
      for (const row of next.value) out.push(toRow(row));
      await otherWorkFirst();
    }
  } finally {
    await exp.batches.return?.();
  }
  return out;
}

/** The workbook's bytes: a bold, frozen header row and a row per row of the export. */
export async function xlsxBytes<Row>(exp: ListExport<Row>): Promise<Buffer> {
  const header: SheetRow = exp.columns.map((c) => ({ type: String, value: c.header, fontWeight: "bold" }));
  const data = [header, ...(await sheetRows(exp))];
  return writeXlsxFile(data, {
    sheet: exp.sheet,
    columns: exp.columns.map((c) => ({ width: c.width ?? defaultWidths[c.kind] })),
    stickyRowsCount: 1,
  }).toBuffer();
}

/** A download response of the workbook; a read that fails answers the JSON error, as nothing has been sent yet. */
export async function xlsxResponse<Row>(filename: string, exp: ListExport<Row>): Promise<Response> {
  const bytes = await xlsxBytes(exp);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": xlsxContentType,
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
