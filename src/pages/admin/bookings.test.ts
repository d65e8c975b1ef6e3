import { expect, test } from "bun:test";
import { customerWithSession } from "../../../tests/factories";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/bookings is an admin shell: noindex, never stored, no booking data, the AdminBookings island with its filters from the URL", async () => {
  customerWithSession(t.db, "ann@example.com");
  const res = await t.request("/admin/bookings?status=confirmed&from=2026-02-30&to=2026-12-01&when=past&page=2");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain("<title>Bookings | Admin |");
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).toContain("AdminBookings");
  expect(html).toContain('"initialQuery":{"status":"confirmed","from":"","to":"2026-12-01","when":"past","page":2}');
  expect(html).toContain("Australia/Adelaide");
  expect(html).not.toContain("ann@example.com");
  expect(t.deps.pageCache.size).toBe(0);
});
