import { describe, expect, test } from "bun:test";
import { adminAuditList } from "./admin-audit";
import { adminBookingsCsvUrl, adminBookingsList } from "./admin-bookings";
import { adminContactsList } from "./admin-contacts";
import { choiceFilter, dateFilter, defaultMaxPage, defineAdminList, idFilter, type QueryParams, searchFilter } from "./admin-list";
import { adminMailList } from "./admin-mail";
import { adminOrdersList } from "./admin-orders";
import { adminPaymentsList } from "./admin-payments";
import { adminProductsList } from "./admin-products";
import { adminReferralsList } from "./admin-referrals";
import { adminUsersList } from "./admin-users";

const demo = defineAdminList({
  path: "/admin/demo",
  pageSize: 20,
  maxPage: 500,
  filters: {
    colour: choiceFilter(["red", "blue"], "Choose a colour"),
    size: choiceFilter(["s", "m", "l"], "Choose a size", "m"),
    search: searchFilter(10),
    from: dateFilter(),
    owner: idFilter("Choose an owner"),
  },
});

const fieldErrors = (params: Record<string, string>) =>
  Object.fromEntries((demo.schema.safeParse(params).error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("a declared list", () => {
  test("with no parameters: every filter at its default, page 1, and an empty query string", () => {
    const empty = { colour: null, size: "m" as const, search: "", from: "", owner: null, page: 1 };
    expect(demo.empty).toEqual(empty);
    expect(demo.read({})).toEqual(empty);
    expect(demo.schema.parse({})).toEqual(empty);
    expect(demo.search(empty)).toBe("");
    expect(demo.pageUrl(empty)).toBe("/admin/demo");
    expect(demo.apiUrl(empty)).toBe("/api/admin/demo");
  });

  test("a list that declares no highest page takes pages up to defaultMaxPage", () => {
    const plain = defineAdminList({ path: "/admin/plain", pageSize: 10, filters: {} });
    expect(plain.maxPage).toBe(defaultMaxPage);
    expect(plain.read({ page: String(defaultMaxPage) }).page).toBe(defaultMaxPage);
    expect(plain.read({ page: String(defaultMaxPage + 1) }).page).toBe(1);
    expect(plain.schema.safeParse({ page: String(defaultMaxPage + 1) }).success).toBe(false);
  });

  test("the API's schema: an empty value means the default; search trimmed and its spaces collapsed", () => {
    expect(demo.schema.parse({ colour: "", size: "", search: "  a   b ", from: " 2026-02-28 ", owner: "", page: " 7 " })).toEqual({
      colour: null,
      size: "m",
      search: "a b",
      from: "2026-02-28",
      owner: null,
      page: 7,
    });
    expect(demo.schema.parse({ colour: "blue", size: "l", owner: "12" })).toMatchObject({ colour: "blue", size: "l", owner: 12 });
  });

  test("the API's schema: each malformed parameter is a field error with its own message", () => {
    expect(fieldErrors({ colour: "green", size: "xl", search: "x".repeat(11), from: "2026-02-30", owner: "abc", page: "0" })).toEqual({
      colour: "Choose a colour",
      size: "Choose a size",
      from: "Use a real date written YYYY-MM-DD",
      owner: "Choose an owner",
      page: "Page must be a whole number from 1",
    });
    for (const page of ["-1", "1.5", "abc", "", "501", "1e2"]) expect(fieldErrors({ page })).toEqual({ page: "Page must be a whole number from 1" });
    for (const owner of ["0", "-3", "2147483648"]) expect(fieldErrors({ owner })).toEqual({ owner: "Choose an owner" });
  });

  test("the API's schema: no search is refused; a long one is cut and what cannot be seen is dropped, as the page's reader does", () => {
    for (const search of ["x".repeat(11), "x".repeat(5000), "ab\0", "\u200b\u202e", "a\r\nb\u2028c", "ab\ud800"]) {
      expect({ search, errors: fieldErrors({ search }) }).toEqual({ search, errors: {} });
      expect(demo.schema.parse({ search }).search).toBe(demo.read({ search }).search);
    }
    expect(demo.schema.parse({ search: "x".repeat(5000) }).search).toBe("x".repeat(10));
    expect(demo.schema.parse({ search: " ab\0\u200bc \r\n d " }).search).toBe("ab c d");
  });

  test("the page's reader: anything malformed falls back to its default", () => {
    expect(demo.read({ colour: "green", size: "xl", search: "x".repeat(20), from: "2026-13-01", owner: "0", page: "501" })).toEqual({
      colour: null,
      size: "m",
      search: "x".repeat(10),
      from: "",
      owner: null,
      page: 1,
    });
    expect(demo.read({ colour: "red", size: "s", search: " a\tb ", from: "2026-01-31", owner: "4", page: "3" })).toEqual({
      colour: "red",
      size: "s",
      search: "a b",
      from: "2026-01-31",
      owner: 4,
      page: 3,
    });
  });

  test("the query string: defaults left out, parameters in declaration order, the page last, encoded", () => {
    const query = { colour: "blue" as const, size: "s" as const, search: "a&b c", from: "2026-01-31", owner: 9, page: 2 };
    expect(demo.search(query)).toBe("?colour=blue&size=s&search=a%26b+c&from=2026-01-31&owner=9&page=2");
    expect(demo.search({ ...demo.empty, size: "m", page: 4 })).toBe("?page=4");
  });
});

type DeclaredList<Q> = {
  path: string;
  apiPath: string;
  empty: Q;
  read: (params: QueryParams) => Q;
  schema: { parse: (params: unknown) => Q };
  search: (query: Q) => string;
  pageUrl: (query: Q) => string;
  apiUrl: (query: Q) => string;
};

/** What `list`'s URL holds for a query reads back, on the page and in the API, as the same query. */
function expectReadsBack<Q>(list: DeclaredList<Q>) {
  const query = list.read({ search: "ann  lee", page: "2" });
  const params = Object.fromEntries(new URLSearchParams(list.search(query)));
  expect(list.read(params)).toEqual(query);
  expect(list.schema.parse(params)).toEqual(query);
  expect(list.pageUrl(list.empty)).toBe(list.path);
  expect(list.apiUrl(query).startsWith(`${list.apiPath}?`)).toBe(true);
}

test("every admin list: what its URL holds reads back, on the page and in the API, as the same query", () => {
  expectReadsBack(adminAuditList);
  expectReadsBack(adminBookingsList);
  expectReadsBack(adminContactsList);
  expectReadsBack(adminMailList);
  expectReadsBack(adminOrdersList);
  expectReadsBack(adminPaymentsList);
  expectReadsBack(adminProductsList);
  expectReadsBack(adminReferralsList);
  expectReadsBack(adminUsersList);
});

test("existing links keep working: the lists' parameter names and order are those of their first version", () => {
  expect(adminOrdersList.search({ status: "shipped", payment: "paid", search: "smith", page: 2 })).toBe("?status=shipped&payment=paid&search=smith&page=2");
  expect(adminBookingsList.search({ status: "confirmed", from: "2026-03-01", to: "2026-03-31", when: "all", search: "", page: 3 })).toBe(
    "?status=confirmed&from=2026-03-01&to=2026-03-31&when=all&page=3",
  );
  expect(adminBookingsList.search({ ...adminBookingsList.empty, status: "pending", search: "BK-W6QZ" })).toBe("?status=pending&search=BK-W6QZ");
  expect(adminContactsList.search({ ...adminContactsList.empty, status: "all", urgency: "high", search: "x" })).toBe("?status=all&urgency=high&search=x");
  expect(adminContactsList.search(adminContactsList.empty)).toBe("");
  expect(adminAuditList.search({ admin: 3, kind: "orders", page: 2 })).toBe("?admin=3&kind=orders&page=2");
  expect(adminProductsList.search({ search: "gps", category: 4, page: 2 })).toBe("?search=gps&category=4&page=2");
});

test("the bookings CSV: the list's status, dates and search, never its when or page", () => {
  expect(adminBookingsCsvUrl({ status: "confirmed", from: "2026-03-01", to: "", when: "past", search: "", page: 4 })).toBe(
    "/api/admin/bookings.csv?status=confirmed&from=2026-03-01",
  );
  expect(adminBookingsCsvUrl({ ...adminBookingsList.empty, search: "ann lee", page: 2 })).toBe("/api/admin/bookings.csv?search=ann+lee");
  expect(adminBookingsCsvUrl(adminBookingsList.empty)).toBe("/api/admin/bookings.csv");
});
