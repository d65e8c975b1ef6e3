import { expect, test } from "bun:test";
import { customerWithSession } from "../../../tests/factories";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/users is an admin shell: noindex, never stored, no user data, the AdminUsers island with the business timezone", async () => {
  customerWithSession(t.db, "ann@example.com");
  const res = await t.request("/admin/users");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain("<title>Users | Admin |");
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).not.toMatch(/\/entry[^"]*\.js/);
  expect(html).toContain("AdminUsers");
  expect(html).toContain("Australia/Adelaide");
  expect(html).toContain('href="/admin/dashboard"');
  expect(html).not.toContain("ann@example.com");
  expect(t.deps.pageCache.size).toBe(0);
});
