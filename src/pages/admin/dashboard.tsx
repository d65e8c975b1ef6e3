/** /admin/dashboard: the stat cards, quick actions and links of the portal's home. */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminDashboardPage(site: SiteData): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/dashboard",
    title: "Admin Dashboard",
    island: (
      <Island
        name="AdminDashboard"
        props={{ businessName: site.settings.businessName, ownerView: site.adminRole !== "staff", currency: site.settings.currency }}
      />
    ),
  });
}
