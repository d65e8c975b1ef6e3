/** /admin/referrals: the referrers and their rewards, filtered, searched and paged; each opens to pay or void its rewards (the AdminReferrals island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminReferralsQuery } from "../../shared/admin-referrals";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminReferralsPage(site: SiteData, query: AdminReferralsQuery): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/referrals",
    title: "Referrals",
    island: <Island name="AdminReferrals" props={{ initialQuery: query, timeZone: site.settings.timezone, currency: site.settings.currency }} />,
  });
}
