/** /admin/products: every product, searched and filtered, with its pricing dialog and delete. */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminProductsQuery } from "../../shared/admin-products";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminProductsPage(site: SiteData, query: AdminProductsQuery): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/products",
    title: "Products",
    island: <Island name="AdminProducts" props={{ initialQuery: query, currency: site.settings.currency }} />,
  });
}
