import { expect, test } from "bun:test";
import { customerWithSession } from "../../../tests/factories";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/bookings is an admin shell: noindex, never stored, no booking data, the AdminBookings island with its filters from the URL", async () => {
  customerWithSession(t.db, "ann@example.com");
  const html = await expectAdminShell(t, "/admin/bookings?status=confirmed&from=2026-02-30&to=2026-12-01&when=past&page=2", {
    title: "Bookings",
    island: "AdminBookings",
  });
  expect(html).toContain('"initialQuery":{"status":"confirmed","from":"","to":"2026-12-01","when":"past","search":"","page":2}');
  expect(html).toContain("Australia/Adelaide");
  expect(html).not.toContain("ann@example.com");
});
