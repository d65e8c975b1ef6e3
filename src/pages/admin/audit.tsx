/** /admin/audit: the audit log of every admin change, filtered by admin and kind and paged (the AdminAudit island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminAuditQuery } from "../../shared/admin-audit";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminAuditPage(site: SiteData, query: AdminAuditQuery): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/audit",
    title: "Audit log",
    island: <Island name="AdminAudit" props={{ initialQuery: query, timeZone: site.settings.timezone }} />,
  });
}
