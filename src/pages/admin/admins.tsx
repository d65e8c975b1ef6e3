/** /admin/admins: who can sign in to the portal, adding and removing admins (the AdminAdmins island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminAdminsPage(site: SiteData): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/admins",
    title: "Admins",
    island: <Island name="AdminAdmins" props={{ timeZone: site.settings.timezone }} />,
  });
}
