/**
 * A list's export written both ways (decision 073): one name for both files, the CSV as before
 * (decision 042), and the workbook read back with an independent reader (exceljs): phones and
 * references text, instants dates on the business's clock, money numbers, and a text that looks
 * like a formula a plain string.
 */
import { expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { readCsv } from "../../tests/helpers/csv";
import type { ExportColumn } from "./export-columns";
import { csvColumnsOf, datedExportName, exportResponse } from "./exports";
import { toCsv } from "./csv";
import { xlsxContentType } from "./xlsx";

const adelaide = "Australia/Adelaide";

type Row = { reference: string; phone: string | null; at: Date | null; amount: string | null; count: number | null; day: string | null; note: string };
const columns: ExportColumn<Row>[] = [
  { header: "Reference", kind: "text", value: (r) => r.reference },
  { header: "Phone", kind: "text", value: (r) => r.phone },
  { header: "At", kind: "instant", value: (r) => r.at },
  { header: "Amount", kind: "money", value: (r) => r.amount },
  { header: "Count", kind: "count", value: (r) => r.count },
  { header: "Day", kind: "day", value: (r) => r.day },
  { header: "Note", kind: "text", value: (r) => r.note },
];

/** 10:30 on 5 January 2026 in Adelaide (summer time, UTC+10:30), and 10:30 on 5 July (winter, UTC+9:30). */
const summer = new Date("2026-01-05T00:00:00Z");
const winter = new Date("2026-07-05T01:00:00Z");

const rows: Row[] = [
  { reference: "0012", phone: "0491692327", at: summer, amount: "295.00", count: 3, day: "2026-11-28", note: "=cmd|' /C calc'!A0" },
  { reference: "PI-7KQ4-M2XD", phone: "+61412000111", at: winter, amount: "1234.5", count: 0, day: null, note: 'Say "hi"\r\nsecond line, with a comma' },
  { reference: "1E5", phone: "+61 8 1234 5678", at: null, amount: null, count: null, day: "not a day", note: "@SUM(A1)" },
  { reference: "BK-AAAA-BBBB", phone: null, at: summer, amount: "-12.50", count: 1, day: null, note: "x".repeat(40_000) },
];

async function workbook(res: Response): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return sheet;
}

test("one name for both files: the list and the business's date, which can be a day ahead of UTC", () => {
  const lateUtc = new Date("2026-11-28T20:00:00Z"); // 6:30 am on the 29th in Adelaide
  expect(datedExportName("bookings", "csv", adelaide, lateUtc)).toBe("bookings-2026-11-29.csv");
  expect(datedExportName("bookings", "xlsx", adelaide, lateUtc)).toBe("bookings-2026-11-29.xlsx");
  expect(datedExportName("orders", "csv", "UTC", lateUtc)).toBe("orders-2026-11-28.csv");
});

test("the CSV: instants ISO 8601 with the business's offset, amounts as written, the formula guard kept", () => {
  const records = readCsv(toCsv(csvColumnsOf(columns, adelaide), rows.slice(0, 3)));
  expect(records[0]).toEqual(["Reference", "Phone", "At", "Amount", "Count", "Day", "Note"]);
  expect(records[1]).toEqual(["0012", "0491692327", "2026-01-05T10:30:00+10:30", "295.00", "3", "2026-11-28", "'=cmd|' /C calc'!A0"]);
  expect(records[2]).toEqual(["PI-7KQ4-M2XD", "+61412000111", "2026-07-05T10:30:00+09:30", "1234.5", "0", "", 'Say "hi"\r\nsecond line, with a comma']);
  expect(records[3]).toEqual(["1E5", "+61 8 1234 5678", "", "", "", "not a day", "'@SUM(A1)"]);
});

test("the workbook: typed cells, read back by another reader", async () => {
  const res = await exportResponse("xlsx", { list: "things", sheet: "Things", timeZone: adelaide, columns, rows }, summer);
  expect(res.headers.get("content-type")).toBe(xlsxContentType);
  expect(res.headers.get("content-disposition")).toBe('attachment; filename="things-2026-01-05.xlsx"');
  expect(res.headers.get("cache-control")).toBe("no-store");
  const sheet = await workbook(res);
  expect(sheet.name).toBe("Things");
  expect(sheet.getRow(1).values).toEqual([undefined, "Reference", "Phone", "At", "Amount", "Count", "Day", "Note"]);
  // The header stays in view while scrolling.
  expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });

  const cell = (row: number, col: number) => sheet.getRow(row).getCell(col);
  // References and phones are text, exactly as written: a leading 0 or + kept, "1E5" no number.
  for (const [row, reference, phone] of [
    [2, "0012", "0491692327"],
    [3, "PI-7KQ4-M2XD", "+61412000111"],
    [4, "1E5", "+61 8 1234 5678"],
  ] as const) {
    expect(cell(row, 1).type).toBe(ExcelJS.ValueType.String);
    expect(cell(row, 1).value).toBe(reference);
    expect(cell(row, 2).type).toBe(ExcelJS.ValueType.String);
    expect(cell(row, 2).value).toBe(phone);
    expect(cell(row, 2).numFmt).toBe("@");
  }
  // Instants are dates showing the business's wall clock (a workbook's dates have no zone), summer and winter.
  expect(cell(2, 3).type).toBe(ExcelJS.ValueType.Date);
  expect(cell(2, 3).value).toEqual(new Date("2026-01-05T10:30:00Z"));
  expect(cell(3, 3).value).toEqual(new Date("2026-07-05T10:30:00Z"));
  expect(cell(2, 3).numFmt).toBe("yyyy-mm-dd hh:mm");
  // Money and counts are numbers.
  expect(cell(2, 4).type).toBe(ExcelJS.ValueType.Number);
  expect(cell(2, 4).value).toBe(295);
  expect(cell(2, 4).numFmt).toBe("#,##0.00");
  expect(cell(3, 4).value).toBe(1234.5);
  expect(cell(5, 4).value).toBe(-12.5);
  expect(cell(2, 5).value).toBe(3);
  expect(cell(3, 5).value).toBe(0);
  // A day is a date; something else in a day's column stays text; nothing is an empty cell.
  expect(cell(2, 6).type).toBe(ExcelJS.ValueType.Date);
  expect(cell(2, 6).value).toEqual(new Date("2026-11-28T00:00:00Z"));
  expect(cell(4, 6).value).toBe("not a day");
  expect(cell(4, 3).type).toBe(ExcelJS.ValueType.Null);
  expect(cell(4, 4).type).toBe(ExcelJS.ValueType.Null);
});

test("the workbook: what looks like a formula is a plain string, never a formula, and needs no apostrophe", async () => {
  const sheet = await workbook(await exportResponse("xlsx", { list: "things", sheet: "Things", timeZone: adelaide, columns, rows }));
  const notes = [2, 3, 4].map((r) => sheet.getRow(r).getCell(7));
  expect(notes.map((c) => c.value)).toEqual(["=cmd|' /C calc'!A0", 'Say "hi"\nsecond line, with a comma', "@SUM(A1)"]);
  for (const c of notes) {
    expect(c.type).toBe(ExcelJS.ValueType.String);
    expect(c.formula).toBeUndefined();
  }
  let formulas = 0;
  sheet.eachRow((row) =>
    row.eachCell((c) => {
      if (c.type === ExcelJS.ValueType.Formula || c.formula) formulas++;
    }),
  );
  expect(formulas).toBe(0);
  // A text longer than a cell may hold is cut to the limit rather than making a damaged file.
  expect(String(sheet.getRow(5).getCell(7).value)).toHaveLength(32_767);
});

test("a batched export gives the workbook every batch's rows, in order, and stops the reading", async () => {
  let ended = false;
  async function* batches() {
    try {
      yield rows.slice(0, 2);
      yield rows.slice(2, 3);
    } finally {
      ended = true;
    }
  }
  const sheet = await workbook(await exportResponse("xlsx", { list: "things", sheet: "Things", timeZone: adelaide, columns, batches: batches() }));
  expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value)).toEqual(["0012", "PI-7KQ4-M2XD", "1E5"]);
  expect(sheet.rowCount).toBe(4);
  expect(ended).toBe(true);
});

test("a batched export whose first read fails answers no file: the error reaches the handler", async () => {
  async function* failing(): AsyncGenerator<Row[]> {
    yield* [];
    throw new Error("no such table");
  }
  await expect(Promise.resolve(exportResponse("xlsx", { list: "x", sheet: "X", timeZone: adelaide, columns, batches: failing() }))).rejects.toThrow(
    "no such table",
  );
});
