import { expect, test } from "bun:test";
import { customerWithSession } from "../../../tests/factories";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/orders is an admin shell: noindex, never stored, no order data, the AdminOrders island with its filters from the URL", async () => {
  customerWithSession(t.db, "ann@example.com");
  const html = await expectAdminShell(t, "/admin/orders?status=shipped&payment=bogus&search=%20ann%20&page=3", { title: "Orders", island: "AdminOrders" });
  expect(html).toContain('"initialQuery":{"status":"shipped","payment":null,"search":"ann","page":3}');
  expect(html).toContain("Australia/Adelaide");
  expect(html).not.toContain("ann@example.com");
});
