/** Checks shared by the tests of the CSV downloads. */
import { expect } from "bun:test";

/** Expects `res` to be a 200 UTF-8 CSV attachment (with its byte-order mark) whose file name is (or matches) `fileName`, and answers its text after the mark. */
export async function expectCsvAttachment(res: Response, fileName: string | RegExp): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const disposition = res.headers.get("content-disposition");
  if (typeof fileName === "string") expect(disposition).toBe(`attachment; filename="${fileName}"`);
  else expect(disposition).toMatch(new RegExp(`^attachment; filename="${fileName.source}"$`));
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes);
}

/**
 * Reads a CSV file as RFC 4180 says a reader must (quoted fields with doubled quotes and line breaks,
 * CRLF between records), independently of the writer in src/server/csv.ts: records of fields.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i++;
      } else {
        field += ch;
        i++;
      }
    } else if (ch === '"' && field === "") {
      quoted = true;
      i++;
    } else if (ch === ",") {
      record.push(field);
      field = "";
      i++;
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 2;
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}
