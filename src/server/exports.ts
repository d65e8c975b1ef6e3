/**
 * The portal's lists as files the owner works from (decision 073). Each list's export is declared
 * once, as typed columns, and written either as CSV (csv.ts: RFC 4180 with the formula guard,
 * decision 042) or as an Excel workbook (xlsx.ts: phones and references as text, instants as dates
 * in the business's time zone, money as numbers). Both carry the same columns and the same rows,
 * under one name: `<list>-<the business's date>.csv|xlsx`.
 */
import { isoWithOffset, localDate } from "../domain/timezone";
import { type CsvColumn, csvResponse, csvStreamResponse, toCsv } from "./csv";
import type { ExportColumn, ExportKind, ExportValue, ListExport } from "./export-columns";
import { xlsxResponse } from "./xlsx";

export const exportFormats = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** A file's name for the day it is made, in the business's time zone: `bookings-2026-11-28.xlsx`. */
export function datedExportName(list: string, format: ExportFormat, timeZone: string, now = new Date()): string {
  return `${list}-${localDate(now, timeZone)}.${format}`;
}

/** A value as the CSV writes it: instants ISO 8601 with the business's offset, amounts with their cents. */
function csvValue(kind: ExportKind, value: ExportValue, timeZone: string): string | number | null | undefined {
  if (value instanceof Date) return kind === "day" ? localDate(value, timeZone) : isoWithOffset(value, timeZone);
  if (kind === "money" && typeof value === "number") return value.toFixed(2);
  return value;
}

/** The export's columns as the CSV writer takes them. */
export function csvColumnsOf<Row>(columns: readonly ExportColumn<Row>[], timeZone: string): CsvColumn<Row>[] {
  return columns.map((c) => ({ header: c.header, value: (row: Row) => csvValue(c.kind, c.value(row), timeZone) }));
}

/** The download of `exp` as `format`, named for the business's today. */
export function exportResponse<Row>(format: ExportFormat, exp: ListExport<Row>, now = new Date()): Promise<Response> | Response {
  const filename = datedExportName(exp.list, format, exp.timeZone, now);
  if (format === "xlsx") return xlsxResponse(filename, exp);
  const columns = csvColumnsOf(exp.columns, exp.timeZone);
  if ("batches" in exp) return csvStreamResponse(filename, columns, exp.batches);
  return csvResponse(filename, toCsv(columns, exp.rows));
}
