/** /admin/users (and /admin/users/{id}, with that user's details open): the customers list with search, details and suspension (the AdminUsers island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminUsersQuery } from "../../shared/admin-users";
import type { PageDefinition } from "../page";
import { recordShell } from "./record-shell";
import { adminShellPage } from "./shell";

export function adminUsersPage(site: SiteData, query: AdminUsersQuery, openRecord: string | null = null): PageDefinition {
  return adminShellPage(site, {
    ...recordShell("users", openRecord, "Users", "User"),
    island: <Island name="AdminUsers" props={{ initialQuery: query, timeZone: site.settings.timezone, openRecord, currency: site.settings.currency }} />,
  });
}
