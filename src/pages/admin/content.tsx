/** /admin/content: the public pages' content sections and the service price list, each with its edit dialog. */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminContentPage(site: SiteData): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/content",
    title: "Content and Pricing",
    island: <Island name="AdminContent" props={{ timeZone: site.settings.timezone, currency: site.settings.currency }} />,
  });
}
