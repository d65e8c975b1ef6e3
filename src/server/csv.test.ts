import { expect, test } from "bun:test";
import { readCsv } from "../../tests/helpers/csv";
import { csvResponse, csvStreamResponse, looksLikeFormula, toCsv } from "./csv";

type Row = { name: string; amount: number | null };
const columns = [
  { header: "Name", value: (r: Row) => r.name },
  { header: "Amount", value: (r: Row) => r.amount },
] as const;

test("plain cells stay as they are; lines end with CRLF", () => {
  expect(toCsv(columns, [{ name: "Ann", amount: 12.5 }])).toBe("Name,Amount\r\nAnn,12.5\r\n");
});

test("commas, quotes and line breaks are quoted; quotes doubled", () => {
  expect(toCsv(columns, [{ name: 'Smith, "J"\nline', amount: null }])).toBe('Name,Amount\r\n"Smith, ""J""\nline",\r\n');
});

test("a cell a spreadsheet would run as a formula is neutralised", () => {
  const csv = toCsv(columns, [
    { name: '=HYPERLINK("http://x")', amount: -5 },
    { name: "+1+cmd|' /C calc'!A0", amount: 0 },
    { name: "@SUM(A1)", amount: 1 },
    { name: "-2+SUM(A1)", amount: 1 },
  ]);
  const lines = csv.split("\r\n");
  expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")",-5`);
  expect(lines[2]).toBe("'+1+cmd|' /C calc'!A0,0");
  expect(lines[3]).toBe("'@SUM(A1),1");
  expect(lines[4]).toBe("'-2+SUM(A1),1");
});

test("phone numbers and signed numbers stay as written; anything a formula could call is neutralised", () => {
  for (const plain of ["+61 8 1234 5678", "-1", "-12.50", "+1 (555) 010-0000", "+61-8-0000-0000", "08 8000 0000", "1/2"]) {
    expect(looksLikeFormula(plain)).toBe(false);
  }
  for (const formula of ["=1+1", "@SUM(A1)", "\t=1", "\r=1", "+SUM(A1)", '-HYPERLINK("x")', "+1+A1", "-", "+", "-cmd|'/C calc'!A0", "+61 8 1234 5678 ext"]) {
    expect(looksLikeFormula(formula)).toBe(true);
  }
});

test("a real reader gets back every value as written: accents, Chinese, quotes, line breaks, phones", () => {
  const rows: Row[] = [
    { name: "Zoë 李", amount: 1 },
    { name: 'Smith, "J"\r\nsecond line', amount: -1.5 },
    { name: "+61 8 1234 5678", amount: null },
    { name: "-1", amount: 0 },
    { name: "=2+3", amount: 2 },
  ];
  const records = readCsv(toCsv(columns, rows));
  expect(records).toEqual([
    ["Name", "Amount"],
    ["Zoë 李", "1"],
    ['Smith, "J"\r\nsecond line', "-1.5"],
    ["+61 8 1234 5678", ""],
    ["-1", "0"],
    ["'=2+3", "2"],
  ]);
});

test("the response is a no-store attachment with a safe file name", async () => {
  const res = csvResponse('orders "2026".csv', "a\r\n");
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("content-disposition")).toBe('attachment; filename="orders__2026_.csv"');
  expect(res.headers.get("cache-control")).toBe("no-store");
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(new TextDecoder().decode(bytes)).toBe("a\r\n");
});

test("Excel's reading of the file: UTF-8 with the byte-order mark, so 'Zoë 李' arrives as written", async () => {
  const res = csvResponse("names.csv", toCsv(columns, [{ name: "Zoë 李", amount: 1 }]));
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(readCsv(new TextDecoder().decode(bytes))[1]).toEqual(["Zoë 李", "1"]);
});

/** Batches that fail when the `failAt`th is read (0: the first). */
async function* batchesFailingAt(failAt: number): AsyncGenerator<{ n: number }[], void, undefined> {
  for (let i = 0; ; i++) {
    if (i === failAt) throw new Error("the read failed");
    if (i === 2) return;
    yield [{ n: i }];
  }
}

test("a streamed export whose first read fails answers no file at all: the error reaches the handler before a byte is sent", async () => {
  const one = [{ header: "N", value: (r: { n: number }) => r.n }];
  await expect(csvStreamResponse("x.csv", one, batchesFailingAt(0))).rejects.toThrow("the read failed");
  // Read with the byte-order mark kept, as Excel does.
  const fileText = async (res: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  expect(await fileText(await csvStreamResponse("x.csv", one, batchesFailingAt(-1)))).toBe("\uFEFFN\r\n0\r\n1\r\n");
  expect(await fileText(await csvStreamResponse("x.csv", one, (async function* () {})()))).toBe("\uFEFFN\r\n");
});
