import { expect, test } from "bun:test";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/account is a portal shell: noindex, never stored, the AdminAccount island and the admin entry only", async () => {
  const html = await expectAdminShell(t, "/admin/account", { title: "Your account", island: "AdminAccount" });
  expect(html).toContain('href="/admin/dashboard"');
});
