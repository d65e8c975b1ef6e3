/** /admin/contacts: the enquiries inbox, filtered, searched and paged, each enquiry opening its dialog (the AdminContacts island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminContactsQuery } from "../../shared/admin-contacts";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminContactsPage(site: SiteData, query: AdminContactsQuery): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/contacts",
    title: "Enquiries",
    island: <Island name="AdminContacts" props={{ initialQuery: query, timeZone: site.settings.timezone }} />,
  });
}
