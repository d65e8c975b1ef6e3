import { expect, test } from "bun:test";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { islandPropsOf } from "../../../tests/helpers/island-props";
import { testAppPerFile } from "../../../tests/helpers/per-test";
import type { AdminProductEditorProps } from "../../islands/admin/AdminProductEditor";

const t = testAppPerFile();

/** The props of the page's AdminProductEditor island. */
const islandProps = (html: string) => islandPropsOf<AdminProductEditorProps>(html, "AdminProductEditor");

test("/admin/products/new and /admin/products/{id}/edit are noindex, never stored shells with the editor island and no product data", async () => {
  for (const [path, props, title] of [
    ["/admin/products/new", { productId: null, currency: "USD" }, "New product"],
    ["/admin/products/1/edit", { productId: 1, currency: "USD" }, "Edit product"],
  ] as const) {
    const html = await expectAdminShell(t, path, { title, island: "AdminProductEditor" });
    expect(islandProps(html)).toEqual(props);
    expect(html).not.toContain("Covert Body-Worn Camera 4K");
  }
  expect(t.deps.pageCache.size).toBe(0);
});

test("a malformed product id is the 404 page", async () => {
  for (const path of ["/admin/products/abc/edit", "/admin/products/1x/edit", "/admin/products/12345678901/edit"]) {
    expect((await t.request(path)).status).toBe(404);
  }
});
