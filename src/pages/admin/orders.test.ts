import { expect, test } from "bun:test";
import { customerWithSession } from "../../../tests/factories";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/orders is an admin shell: noindex, never stored, no order data, the AdminOrders island with its filters from the URL", async () => {
  customerWithSession(t.db, "ann@example.com");
  const res = await t.request("/admin/orders?status=shipped&payment=bogus&search=%20ann%20&page=3");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain("<title>Orders | Admin |");
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).not.toMatch(/\/entry[^"]*\.js/);
  expect(html).toContain("AdminOrders");
  expect(html).toContain('"initialQuery":{"status":"shipped","payment":null,"search":"ann","page":3}');
  expect(html).toContain("Australia/Adelaide");
  expect(html).not.toContain("ann@example.com");
  expect(t.deps.pageCache.size).toBe(0);
});
