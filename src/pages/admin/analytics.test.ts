import { expect, test } from "bun:test";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/analytics is an admin shell: noindex, never stored, the AdminAnalytics island with the range from the URL", async () => {
  const res = await t.request("/admin/analytics?range=90d");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain("<title>Analytics | Admin |");
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).not.toMatch(/\/entry[^"]*\.js/);
  expect(html).toContain("AdminAnalytics");
  expect(html).toContain(`"initialRange":"90d"`);
  expect(html).toContain(`<a href="/admin/analytics?range=90d" aria-current="page"`);
  expect(t.deps.pageCache.size).toBe(0);
});

test("an unknown range on the page falls back to 30 days (the API answers 400 for it instead)", async () => {
  const html = await (await t.request("/admin/analytics?range=5y")).text();
  expect(html).toContain(`"initialRange":"30d"`);
});
