/** /admin/categories: the shop's categories, their order, and adding, editing and deleting them (the AdminCategories island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminCategoriesPage(site: SiteData): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/categories",
    title: "Categories",
    island: <Island name="AdminCategories" props={{}} />,
  });
}
