/** /admin/users: the customers list with search, details and suspension (the AdminUsers island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminUsersQuery } from "../../shared/admin-users";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminUsersPage(site: SiteData, query: AdminUsersQuery): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/users",
    title: "Users",
    island: <Island name="AdminUsers" props={{ initialQuery: query, timeZone: site.settings.timezone }} />,
  });
}
