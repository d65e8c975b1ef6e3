import { expect, test } from "bun:test";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/settings is an admin shell: noindex, never stored, no settings data, the AdminSettings island", async () => {
  t.db.$client.query("INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES ('bankAccountNumber', '\"987654321\"', 0)").run();
  const html = await expectAdminShell(t, "/admin/settings", { title: "Settings", island: "AdminSettings" });
  expect(html).toContain('href="/admin/dashboard"');
  expect(html).not.toContain("987654321");
});
