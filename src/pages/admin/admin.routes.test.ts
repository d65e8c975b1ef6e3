import { expect, test } from "bun:test";
import { customerWithSession } from "../../../tests/factories";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";
import { adminReturnTo } from "./admin.routes";

const t = testAppPerFile();

test("the shells are noindex, never stored, the same with or without a customer's cookie, and load only the admin entry", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  for (const [path, title, island] of [
    ["/admin/login", "Admin Login", "AdminLogin"],
    ["/admin/dashboard", "Admin Dashboard", "AdminDashboard"],
  ] as const) {
    await expectAdminShell(t, path, { title, island });
    const signedIn = await (await t.request(path, { headers: { Cookie: ann.cookie } })).text();
    expect(signedIn).not.toContain("ann@example.com");
  }
  expect(t.deps.pageCache.size).toBe(0);
});

test("/admin goes on to the dashboard", async () => {
  const res = await t.request("/admin");
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/admin/dashboard");
});

test("after sign-in the admin returns only to an admin page of this site", () => {
  expect(adminReturnTo("/admin/products?q=cam")).toBe("/admin/products?q=cam");
  for (const hostile of [
    "//evil.example/admin/x",
    "/%09/evil.example",
    "https://evil.example/admin/",
    "/dashboard",
    "/admin/login?returnTo=/admin/x",
    "/admin",
    undefined,
  ]) {
    expect(adminReturnTo(hostile)).toBe("/admin/dashboard");
  }
});

test("every portal page has the portal menu with its own room marked; the menu's rooms all exist; sign-in has no menu", async () => {
  const { adminRooms } = await import("../../shared/admin-rooms");
  for (const room of adminRooms) {
    const res = await t.request(room.href);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<nav aria-label="Portal"');
    expect(html).toMatch(new RegExp(`href="${room.href}" aria-current="page"`));
    const menu = html.slice(html.indexOf('<nav aria-label="Portal"'), html.indexOf("</nav>", html.indexOf('<nav aria-label="Portal"')));
    expect(menu.match(/aria-current="page"/g)?.length).toBe(1);
  }
  const login = await (await t.request("/admin/login")).text();
  expect(login).not.toContain('aria-label="Portal"');
});

test("a page deeper in a room marks that room", async () => {
  const { currentRoom } = await import("../../shared/admin-rooms");
  expect(currentRoom("/admin/products/12/edit")).toBe("/admin/products");
  expect(currentRoom("/admin/productsx")).toBeUndefined();
  expect(currentRoom("/admin/dashboard")).toBe("/admin/dashboard");
});
