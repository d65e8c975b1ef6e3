import { expect, test } from "bun:test";
import { reviewsToModerate } from "../../../tests/factories";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/reviews is an admin shell: noindex, never stored, no review text, the AdminReviews island with its filters from the URL", async () => {
  reviewsToModerate(t.db, "shell");
  const html = await expectAdminShell(t, "/admin/reviews?status=pending&rating=9&product=3&search=%20hiss%20&page=2", {
    title: "Reviews",
    island: "AdminReviews",
  });
  expect(html).toContain('"initialQuery":{"status":"pending","rating":null,"product":3,"search":"hiss","page":2}');
  expect(html).not.toContain("Battery runs out quickly");
  expect(html).not.toContain("shell-dee@example.com");
});
