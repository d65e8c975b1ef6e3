import { expect, test } from "bun:test";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { islandPropsOf } from "../../../tests/helpers/island-props";
import { testAppPerFile } from "../../../tests/helpers/per-test";
import type { AdminProductsProps } from "../../islands/admin/AdminProducts";

const t = testAppPerFile();

/** The props of the page's AdminProducts island. */
const islandProps = (html: string) => islandPropsOf<AdminProductsProps & { currency: string }>(html, "AdminProducts");

test("/admin/products is a noindex, never stored shell with the AdminProducts island and no product data", async () => {
  const html = await expectAdminShell(t, "/admin/products", { title: "Products", island: "AdminProducts" });
  expect(islandProps(html)).toEqual({ initialQuery: { search: "", category: null, page: 1 }, currency: "USD" });
  // The shell arrives without a token: the products come from the API, not the HTML.
  expect(html).not.toContain("Covert Body-Worn Camera 4K");
});

test("the filters in the page's URL reach the island; malformed ones fall back to their defaults", async () => {
  const props = async (query: string) => islandProps(await (await t.request(`/admin/products${query}`)).text());
  expect(await props("?search=%20body%20%20cam%20&category=3&page=2")).toEqual({ initialQuery: { search: "body cam", category: 3, page: 2 }, currency: "USD" });
  expect(await props("?category=gps&page=0")).toEqual({ initialQuery: { search: "", category: null, page: 1 }, currency: "USD" });
  expect(await props(`?page=99999&search=${"x".repeat(300)}`)).toEqual({ initialQuery: { search: "x".repeat(100), category: null, page: 1 }, currency: "USD" });
});
