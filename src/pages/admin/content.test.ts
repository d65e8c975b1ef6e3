import { expect, test } from "bun:test";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/content is a noindex, never-stored shell with the AdminContent island and only the admin entry", async () => {
  const res = await t.request("/admin/content");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain('data-island="AdminContent"');
  expect(html).toContain('"timeZone":"Australia/Adelaide"');
  expect(html).toContain("Back to Dashboard");
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).not.toMatch(/\/entry[^"]*\.js/);
  // The shell carries no content or prices: they come from the API with the token.
  expect(html).not.toContain("Partner Check");
  expect(t.deps.pageCache.size).toBe(0);
});
