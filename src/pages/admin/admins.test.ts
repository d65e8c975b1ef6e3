import { expect, test } from "bun:test";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/admins is a portal shell: noindex, never stored, the AdminAdmins island and the admin entry only", async () => {
  const html = await expectAdminShell(t, "/admin/admins", { title: "Admins", island: "AdminAdmins" });
  expect(html).toContain('href="/admin/dashboard"');
});
