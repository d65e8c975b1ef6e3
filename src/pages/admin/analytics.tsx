/** /admin/analytics: charts and tables of the business's figures over a range (the AdminAnalytics island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AnalyticsRange } from "../../shared/admin-analytics";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminAnalyticsPage(site: SiteData, range: AnalyticsRange): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/analytics",
    title: "Analytics",
    island: <Island name="AdminAnalytics" props={{ initialRange: range, currency: site.settings.currency }} />,
  });
}
