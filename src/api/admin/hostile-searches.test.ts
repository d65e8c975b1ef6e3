/**
 * Every admin list that takes a search, and every CSV export of one, answers any text at all: a
 * NUL once reached FTS5 and answered 500 ("unterminated string"), and the orders' CSV sent its
 * header and then reset the connection. The lists are found from their declarations in
 * src/shared, so a new searchable list is covered without editing this file.
 */
import { expect, test } from "bun:test";
import { customerWithRecords } from "../../../tests/factories";
import { readCsv } from "../../../tests/helpers/csv";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { listAdminUsers } from "../../db/admin-users.server";
import { adminUsersList } from "../../shared/admin-users";
import { searchText } from "../../shared/search-text";

const { t, admin } = adminAppPerTest();

/** The API paths of every list declared with a `search` filter. */
async function searchableLists(): Promise<string[]> {
  const paths: string[] = [];
  for await (const file of new Bun.Glob("src/shared/admin-*.ts").scan()) {
    if (file.endsWith(".test.ts")) continue;
    const module: Record<string, unknown> = await import(`../../../${file}`);
    for (const value of Object.values(module)) {
      const list = value as { apiPath?: unknown; filters?: { search?: unknown } };
      if (typeof list?.apiPath === "string" && list.filters?.search) paths.push(list.apiPath);
    }
  }
  return paths.sort();
}

/** The exports that read a list's search. */
const csvExports = ["/api/admin/bookings.csv", "/api/admin/contacts.csv", "/api/admin/orders.csv"];

/** Searches as they arrive in the address, percent-encoded: control and invisible characters, bytes that are not UTF-8, FTS5's syntax, the shortest and the longest. */
const hostileSearches = [
  "ab%00",
  "abc%00",
  "%00",
  "%00%00%00%00",
  "smith%00",
  "a%01b",
  "%1B%5B31mred",
  "%7F%7F%7F",
  "ab%0D%0Acd",
  "%09tab%09",
  "%E2%80%8B%E2%80%8B%E2%80%8B",
  "%E2%80%AEevil",
  "%E2%80%A8line",
  "%ED%A0%80ab",
  "ab%ED%B0%80cd",
  "%FF%FE%FD",
  "%C3",
  "a",
  "ab",
  "%C3%A9",
  "x".repeat(5000),
  "%F0%9F%98%80".repeat(150),
  "*",
  "smi*",
  "%22",
  "%22%22%22",
  "NEAR(",
  "NEAR(a%20b",
  "a%20OR%20b",
  "NOT",
  "-x",
  "%25",
  "_",
  "%5C",
  "'",
  "%3B--",
  "%2B",
  "^",
  "text%3A",
];

test("every searchable list and export answers 200 with a whole answer for every hostile search", async () => {
  customerWithRecords(t.db, "jo.smith@example.com", "Jo");
  const lists = await searchableLists();
  expect(lists).toEqual(expect.arrayContaining(["/api/admin/orders", "/api/admin/referrals", "/api/admin/users"]));
  for (const search of hostileSearches) {
    for (const path of lists) {
      const res = await admin.get(`${path}?search=${search}`);
      expect({ path, search, status: res.status }).toEqual({ path, search, status: 200 });
      expect(await res.json()).toBeObject();
    }
    for (const path of csvExports) {
      const res = await admin.get(`${path}?search=${search}`);
      expect({ path, search, status: res.status }).toEqual({ path, search, status: 200 });
      // A file cut short would throw here, or end without its last line's CRLF.
      const text = await res.text();
      expect({ path, search, whole: text.endsWith("\r\n") }).toEqual({ path, search, whole: true });
      expect(readCsv(text).length).toBeGreaterThanOrEqual(1);
    }
  }
});

test("what cannot be seen is not searched for: a NUL, a control or an invisible character inside a search still finds the customer", async () => {
  const { orderNumber, enquiryId } = customerWithRecords(t.db, "jo.smith@example.com", "Jo");
  for (const search of ["smith%00", "%00smith", "smi%E2%80%8Bth", "%1Bsmith", "jo.smith%40example.com%7F"]) {
    const users = (await admin.read<{ users: { email: string }[] }>(`/api/admin/users?search=${search}`)).users;
    expect({ search, found: users.map((u) => u.email) }).toEqual({ search, found: ["jo.smith@example.com"] });
    const orders = (await (await admin.get(`/api/admin/orders?search=${search}`)).json()) as { orders: { orderNumber: string }[] };
    expect({ search, found: orders.orders.map((o) => o.orderNumber) }).toEqual({ search, found: [orderNumber] });
    const csv = readCsv(await (await admin.get(`/api/admin/orders.csv?search=${search}`)).text());
    expect({ search, rows: csv.length }).toEqual({ search, rows: 2 });
    const inbox = (await (await admin.get(`/api/admin/contacts?search=${search}`)).json()) as { contacts?: { id: string }[]; groups?: unknown };
    expect({ search, found: JSON.stringify(inbox).includes(enquiryId) }).toEqual({ search, found: true });
  }
});

test("a search longer than the box allows is cut, not refused; a search of nothing but invisible characters lists everyone", async () => {
  customerWithRecords(t.db, "jo.smith@example.com", "Jo");
  const long = await admin.read<{ users: unknown[] }>(`/api/admin/users?search=smith${"x".repeat(500)}`);
  expect(long.users).toEqual([]);
  const nothing = await admin.read<{ users: unknown[]; total: number }>("/api/admin/users?search=%00%E2%80%8B%00");
  expect(nothing.total).toBe(listAdminUsers(t.db, adminUsersList.empty).total);
});

test("a search holding a lone surrogate, which no address can carry, is searched without it", () => {
  customerWithRecords(t.db, "jo.smith@example.com", "Jo");
  expect(listAdminUsers(t.db, { ...adminUsersList.empty, search: "smi\ud800th" }).users.map((u) => u.email)).toEqual(["jo.smith@example.com"]);
  expect(listAdminUsers(t.db, { ...adminUsersList.empty, search: "ab\0" }).users).toEqual([]);
});

test("searchText: one line of visible characters, cut at whole characters", () => {
  expect(searchText("  ab\0cd\r\nef\u200b\u202e ", 100)).toBe("ab cd ef");
  expect(searchText("\0\u200b", 100)).toBe("");
  expect(searchText(`${"x".repeat(99)}😀😀`, 100)).toBe(`${"x".repeat(99)}😀`);
  expect(searchText("ab\udc00c\ud83d", 100)).toBe("abc");
  expect(searchText(null, 10)).toBe("");
});
