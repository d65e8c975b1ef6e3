/**
 * The portal's menu on a phone is a menu (issue: 17 rooms in one sideways-scrolling row): a native
 * <details> "Menu" button, so it opens by keyboard and without JavaScript, over the rooms in
 * groups; the row from the `md` breakpoint lists the same rooms.
 */
import { expect, test } from "bun:test";
import { adminWithToken } from "../../../tests/factories";
import { testAppPerFile } from "../../../tests/helpers/per-test";
import { adminRoomGroups, adminRooms } from "../../shared/admin-rooms";

const t = testAppPerFile();
const navs = (html: string) => [...html.matchAll(/<nav aria-label="Portal"[\s\S]*?<\/nav>/g)].map((m) => m[0]);
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

test("on a phone the menu is a <details> Menu with every room in its group; the wide row has the same rooms", async () => {
  const owner = adminWithToken(t.db, "olive");
  const html = await (await t.request("/admin/bookings", { headers: { Cookie: `pi_admin=${owner.token}` } })).text();
  const [phone, wide] = navs(html) as [string, string];
  expect(phone).toContain('class="border-b border-base-300 bg-base-200 md:hidden"');
  expect(phone).toMatch(/<details[^>]*><summary[^>]*>[\s\S]*Menu[\s\S]*Bookings[\s\S]*<\/summary>/);
  // No script is needed to open it, and nothing in it scrolls sideways.
  expect(phone).not.toContain("overflow-x");
  expect(phone).not.toContain("<script");
  for (const group of adminRoomGroups) {
    const id = `portal-menu-${group.toLowerCase()}`;
    const list = new RegExp(`<ul aria-labelledby="${id}">([\\s\\S]*?)</ul>`).exec(phone)?.[1] ?? "";
    expect(phone).toContain(`<p id="${id}"`);
    expect(hrefs(list)).toEqual(adminRooms.filter((r) => r.group === group).map((r) => r.href));
  }
  expect(hrefs(phone)).toEqual(adminRooms.map((r) => r.href));
  expect(hrefs(wide)).toEqual(adminRooms.map((r) => r.href));
  expect(wide).toContain("hidden");
  expect(phone).toContain('href="/admin/bookings" aria-current="page"');
});

test("a staff member's phone menu leaves out the groups with no room of theirs", async () => {
  const staff = adminWithToken(t.db, "sam", undefined, "staff");
  const html = await (await t.request("/admin/orders", { headers: { Cookie: `pi_admin=${staff.token}` } })).text();
  const [phone] = navs(html) as [string];
  expect(phone).toContain('id="portal-menu-work"');
  expect(phone).toContain('id="portal-menu-shop"');
  expect(phone).not.toContain('id="portal-menu-customers"');
  expect(phone).not.toContain('id="portal-menu-site"');
  expect(phone).not.toContain('href="/admin/settings"');
});
