import { expect, test } from "bun:test";
import { customerWithSession } from "../../../tests/factories";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/users is an admin shell: noindex, never stored, no user data, the AdminUsers island with the business timezone", async () => {
  customerWithSession(t.db, "ann@example.com");
  const html = await expectAdminShell(t, "/admin/users", { title: "Users", island: "AdminUsers" });
  expect(html).toContain("Australia/Adelaide");
  expect(html).toContain('href="/admin/dashboard"');
  expect(html).not.toContain("ann@example.com");
});

test("/admin/users hands the island the search and page of its URL, read leniently", async () => {
  const kept = await (await t.request("/admin/users?search=%20ann%20%20lee%20&page=2")).text();
  expect(kept).toContain('"initialQuery":{"search":"ann lee","page":2}');
  const malformed = await (await t.request("/admin/users?page=0")).text();
  expect(malformed).toContain('"initialQuery":{"search":"","page":1}');
});
