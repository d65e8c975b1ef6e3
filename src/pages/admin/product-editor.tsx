/** /admin/products/new and /admin/products/{id}/edit: the product editor (docs/product.md#product-editor). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminProductEditorPage(site: SiteData, productId: number | null): PageDefinition {
  return adminShellPage(site, {
    path: productId === null ? "/admin/products/new" : `/admin/products/${productId}/edit`,
    title: productId === null ? "New product" : "Edit product",
    island: <Island name="AdminProductEditor" props={{ productId, currency: site.settings.currency }} />,
  });
}
