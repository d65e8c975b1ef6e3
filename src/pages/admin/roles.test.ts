/**
 * The portal's pages and the admin's role (decision 040): the menu lists what the signed-in admin
 * may open, a staff member asking for an owner's page gets the "Owners only" page (403, no island),
 * and the sign-in page sends an admin already signed in (another tab) on to where they were going.
 */
import { expect, test } from "bun:test";
import { adminWithToken } from "../../../tests/factories";
import { testAppPerFile } from "../../../tests/helpers/per-test";
import { adminRooms } from "../../shared/admin-rooms";

const t = testAppPerFile();
const menuLinks = (html: string) => {
  const nav = /<nav aria-label="Portal"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  return [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
};
const page = (path: string, token?: string) => t.request(path, { headers: token ? { Cookie: `pi_admin=${token}` } : {} });

test("staff see the menu of their rooms; an owner and a shell without the cookie see every room", async () => {
  const staff = adminWithToken(t.db, "sam", undefined, "staff");
  const owner = adminWithToken(t.db, "olive");
  const staffMenu = menuLinks(await (await page("/admin/orders", staff.token)).text());
  expect(staffMenu).toEqual([
    "/admin/dashboard",
    "/admin/orders",
    "/admin/bookings",
    "/admin/cases",
    "/admin/contacts",
    "/admin/products",
    "/admin/categories",
    "/admin/reviews",
    "/admin/account",
  ]);
  const all = adminRooms.map((r) => r.href);
  expect(menuLinks(await (await page("/admin/orders", owner.token)).text())).toEqual(all);
  expect(menuLinks(await (await page("/admin/orders")).text())).toEqual(all);
});

test("a staff member opening an owner's page gets the Owners only page, 403, with the way back and no island", async () => {
  const staff = adminWithToken(t.db, "sid", undefined, "staff");
  for (const [path, room] of [
    ["/admin/settings", "Settings"],
    ["/admin/admins", "Admins"],
    ["/admin/audit", "Audit log"],
    ["/admin/payments", "Payments"],
    ["/admin/referrals", "Referrals"],
    ["/admin/users", "Users"],
  ] as const) {
    const res = await page(path, staff.token);
    expect(res.status).toBe(403);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain("Owners only");
    expect(html).toContain(`${room} is only for the owners of the business.`);
    expect(html).toContain('href="/admin/dashboard"');
    expect(html).not.toContain("<pi-island");
    expect(html).not.toContain("admin-entry");
  }
  for (const path of ["/admin/dashboard", "/admin/orders", "/admin/products/new", "/admin/account"]) expect((await page(path, staff.token)).status).toBe(200);
  const owner = adminWithToken(t.db, "otto");
  expect((await page("/admin/settings", owner.token)).status).toBe(200);
});

test("the sign-in page sends an admin already signed in on to where they were going; a dead cookie sees the form", async () => {
  const { token } = adminWithToken(t.db, "tab-two");
  const res = await page("/admin/login?returnTo=%2Fadmin%2Forders%3Fstatus%3Dpending", token);
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/admin/orders?status=pending");
  const dead = await page("/admin/login", "not-a-live-token");
  expect(dead.status).toBe(200);
  expect(await dead.text()).toContain("AdminLogin");
});
