/** /admin/users: the customers list with search, details and suspension (the AdminUsers island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminUsersPage(site: SiteData): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/users",
    title: "Users",
    island: <Island name="AdminUsers" props={{ timeZone: site.settings.timezone }} />,
  });
}
