import { expect, test } from "bun:test";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/content is a noindex, never-stored shell with the AdminContent island and only the admin entry", async () => {
  const html = await expectAdminShell(t, "/admin/content", { title: "Content and Pricing", island: "AdminContent" });
  expect(html).toContain('"timeZone":"Australia/Adelaide"');
  expect(html).toContain("Back to Dashboard");
  // The shell carries no content or prices: they come from the API with the token.
  expect(html).not.toContain("Partner Check");
});
