import { expect, test } from "bun:test";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/categories is an admin shell: noindex, never stored, the AdminCategories island, no category data before sign-in", async () => {
  const res = await t.request("/admin/categories");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain("<title>Categories | Admin |");
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).not.toMatch(/\/entry[^"]*\.js/);
  expect(html).toContain("AdminCategories");
  expect(html).toContain('href="/admin/dashboard"');
  expect(html).not.toContain("Surveillance Cameras");
  expect(t.deps.pageCache.size).toBe(0);
});
