/** /admin/contacts (and /admin/contacts/{id}, with that enquiry open): the enquiries inbox, filtered, searched and paged, each enquiry opening its dialog (the AdminContacts island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminContactsQuery } from "../../shared/admin-contacts";
import type { PageDefinition } from "../page";
import { recordShell } from "./record-shell";
import { adminShellPage } from "./shell";

export function adminContactsPage(site: SiteData, query: AdminContactsQuery, openRecord: string | null = null): PageDefinition {
  return adminShellPage(site, {
    ...recordShell("contacts", openRecord, "Enquiries", "Enquiry"),
    island: <Island name="AdminContacts" props={{ initialQuery: query, timeZone: site.settings.timezone, openRecord }} />,
  });
}
