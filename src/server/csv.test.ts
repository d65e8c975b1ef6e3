import { expect, test } from "bun:test";
import { csvResponse, toCsv } from "./csv";

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
    { name: "+1", amount: 0 },
    { name: "@SUM(A1)", amount: 1 },
    { name: "-2", amount: 1 },
  ]);
  const lines = csv.split("\r\n");
  expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")",-5`);
  expect(lines[2]).toBe("'+1,0");
  expect(lines[3]).toBe("'@SUM(A1),1");
  expect(lines[4]).toBe("'-2,1");
});

test("the response is a no-store attachment with a safe file name", async () => {
  const res = csvResponse('orders "2026".csv', "a\r\n");
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("content-disposition")).toBe('attachment; filename="orders__2026_.csv"');
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(await res.text()).toBe("a\r\n");
});
