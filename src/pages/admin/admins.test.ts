import { expect, test } from "bun:test";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/admins is a portal shell: noindex, never stored, the AdminAdmins island and the admin entry only", async () => {
  const res = await t.request("/admin/admins");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain("<title>Admins | Admin |");
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain('data-island="AdminAdmins"');
  expect(html).toContain('href="/admin/dashboard"');
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).not.toMatch(/\/entry[^"]*\.js/);
  expect(t.deps.pageCache.size).toBe(0);
});
