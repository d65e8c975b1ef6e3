import { beforeAll, describe, expect, test } from "bun:test";
import { customerWithSession } from "../../../tests/factories";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";
import { adminRecordKeyOfPath, adminRecordPath } from "../../shared/admin-records";
import { adminReturnTo } from "./admin.routes";

const t = testAppPerFile();
let customerCookie: string;
beforeAll(() => {
  customerCookie = customerWithSession(t.db, "ann@example.com").cookie;
});

const uuid = "0b6f2f5e-3c1d-4e8a-9f7b-2a4c6e8d0f12";

/** Each record address: its list's room and island, the key the island is told to open, and the title. */
const records = [
  { path: "/admin/orders/pi-7kq4-m2xd", room: "/admin/orders", island: "AdminOrders", key: "PI-7KQ4-M2XD", title: "Order PI-7KQ4-M2XD" },
  { path: "/admin/bookings/bk-w6qz-yysw", room: "/admin/bookings", island: "AdminBookings", key: "BK-W6QZ-YYSW", title: "Booking BK-W6QZ-YYSW" },
  { path: `/admin/bookings/${uuid}`, room: "/admin/bookings", island: "AdminBookings", key: uuid, title: "Booking" },
  { path: `/admin/contacts/${uuid}`, room: "/admin/contacts", island: "AdminContacts", key: uuid, title: "Enquiry" },
  { path: `/admin/users/${uuid}`, room: "/admin/users", island: "AdminUsers", key: uuid, title: "User" },
];

describe.each(records)("$path", ({ path, room, island, key, title }) => {
  test("answers its list's admin shell with the record to open: noindex, never stored, the admin entry, its room marked, no data", async () => {
    for (const headers of [{}, { Cookie: customerCookie }] as Record<string, string>[]) {
      const html = await expectAdminShell(t, path, { title, island, headers });
      expect(html).toContain(`"openRecord":"${key}"`);
      expect(html).toMatch(new RegExp(`href="${room}" aria-current="page"`));
      expect(html).not.toContain("ann@example.com");
    }
    expect(t.deps.pageCache.size).toBe(0);
  });
});

test("a record address keeps its list's filters from the query string", async () => {
  const html = await (await t.request("/admin/orders/pi-7kq4-m2xd?status=shipped&search=ann")).text();
  expect(html).toContain('"initialQuery":{"status":"shipped","payment":null,"search":"ann","page":1}');
  expect(html).toContain('"openRecord":"PI-7KQ4-M2XD"');
});

test("the list pages open no record", async () => {
  for (const { room } of records) {
    const html = await (await t.request(room)).text();
    expect(html).toContain('"openRecord":null');
  }
});

test("after signing in, the admin returns to the record's address", () => {
  for (const { path } of records) expect(adminReturnTo(`${path}?status=all`)).toBe(`${path}?status=all`);
});

test("an order number in capitals is sent to the lowercase address, as every page is", async () => {
  const res = await t.request("/admin/orders/PI-7KQ4-M2XD?status=shipped");
  expect(res.status).toBe(301);
  expect(res.headers.get("location")).toBe("/admin/orders/pi-7kq4-m2xd?status=shipped");
});

test("a booking reference in capitals, as the customer reads it out, is sent to the lowercase address", async () => {
  const res = await t.request("/admin/bookings/BK-W6QZ-YYSW?status=pending");
  expect(res.status).toBe(301);
  expect(res.headers.get("location")).toBe("/admin/bookings/bk-w6qz-yysw?status=pending");
  expect(adminRecordKeyOfPath("bookings", "/admin/bookings/bk-w6qz-yysw")).toBe("BK-W6QZ-YYSW");
  expect(adminRecordPath("bookings", "BK-W6QZ-YYSW")).toBe("/admin/bookings/bk-w6qz-yysw");
});

test("a malformed record key answers the normal 404 page", async () => {
  const malformed = [
    "/admin/orders/12",
    "/admin/orders/pi-7kq4-m2x",
    "/admin/orders/pi-0000-1111",
    "/admin/orders/7kq4-m2xd",
    "/admin/bookings/12",
    `/admin/bookings/${uuid}x`,
    "/admin/bookings/bk-w6qz",
    "/admin/bookings/bk-w6qz-yysu",
    "/admin/bookings/pi-w6qz-yysw",
    "/admin/contacts/not-an-id",
    `/admin/contacts/${uuid.replaceAll("-", "")}`,
    "/admin/users/1",
    `/admin/users/${uuid}/orders`,
    "/admin/users/not%20an%20id",
  ];
  for (const path of malformed) {
    const res = await t.request(path);
    expect({ path, status: res.status }).toEqual({ path, status: 404 });
    const html = await res.text();
    expect(html).toContain("<title>Page Not Found |");
    expect(html).not.toContain("openRecord");
  }
});

test("record paths and keys read back to each other", () => {
  expect(adminRecordPath("orders", "PI-7KQ4-M2XD")).toBe("/admin/orders/pi-7kq4-m2xd");
  expect(adminRecordKeyOfPath("orders", "/admin/orders/pi-7kq4-m2xd")).toBe("PI-7KQ4-M2XD");
  expect(adminRecordKeyOfPath("users", adminRecordPath("users", uuid))).toBe(uuid);
  for (const path of ["/admin/orders", "/admin/orders/", "/admin/ordersx/pi-7kq4-m2xd", "/admin/bookings/pi-7kq4-m2xd", "/admin/orders/%E0%A4%A"]) {
    expect(adminRecordKeyOfPath(path.startsWith("/admin/bookings") ? "bookings" : "orders", path)).toBeNull();
  }
});
