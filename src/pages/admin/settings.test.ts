import { expect, test } from "bun:test";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/settings is an admin shell: noindex, never stored, no settings data, the AdminSettings island", async () => {
  t.db.$client.query("INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES ('bankAccountNumber', '\"987654321\"', 0)").run();
  const res = await t.request("/admin/settings");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain("<title>Settings | Admin |");
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).not.toMatch(/\/entry[^"]*\.js/);
  expect(html).toContain("AdminSettings");
  expect(html).toContain('href="/admin/dashboard"');
  expect(html).not.toContain("987654321");
  expect(t.deps.pageCache.size).toBe(0);
});
