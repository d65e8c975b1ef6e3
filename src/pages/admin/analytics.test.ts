import { expect, test } from "bun:test";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/analytics is an admin shell: noindex, never stored, the AdminAnalytics island with the range from the URL", async () => {
  const html = await expectAdminShell(t, "/admin/analytics?range=90d", { title: "Analytics", island: "AdminAnalytics" });
  expect(html).toContain(`"initialRange":"90d"`);
  expect(html).toContain(`<a href="/admin/analytics?range=90d" aria-current="page"`);
});

test("an unknown range on the page falls back to 30 days (the API answers 400 for it instead)", async () => {
  const html = await (await t.request("/admin/analytics?range=5y")).text();
  expect(html).toContain(`"initialRange":"30d"`);
});
