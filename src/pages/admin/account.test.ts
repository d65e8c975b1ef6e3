import { expect, test } from "bun:test";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/account is a portal shell: noindex, never stored, the AdminAccount island and the admin entry only", async () => {
  const res = await t.request("/admin/account");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain("<title>Your account | Admin |");
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain('data-island="AdminAccount"');
  expect(html).toContain('href="/admin/dashboard"');
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).not.toMatch(/\/entry[^"]*\.js/);
  expect(t.deps.pageCache.size).toBe(0);
});
