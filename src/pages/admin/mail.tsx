/** /admin/mail: the mail outbox, filtered by status and paged, with Retry for a failed message (the AdminMail island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminMailQuery } from "../../shared/admin-mail";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminMailPage(site: SiteData, query: AdminMailQuery): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/mail",
    title: "Mail",
    island: <Island name="AdminMail" props={{ initialQuery: query, timeZone: site.settings.timezone }} />,
  });
}
