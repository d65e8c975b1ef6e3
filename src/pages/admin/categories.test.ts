import { expect, test } from "bun:test";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/categories is an admin shell: noindex, never stored, the AdminCategories island, no category data before sign-in", async () => {
  const html = await expectAdminShell(t, "/admin/categories", { title: "Categories", island: "AdminCategories" });
  expect(html).toContain('href="/admin/dashboard"');
  expect(html).not.toContain("Surveillance Cameras");
});
