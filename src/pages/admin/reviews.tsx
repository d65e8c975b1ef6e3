/** /admin/reviews: customers' reviews to moderate, the waiting ones first, filtered and searched, with approve, reject, reply and delete (the AdminReviews island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminReviewsQuery } from "../../shared/admin-reviews";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminReviewsPage(site: SiteData, query: AdminReviewsQuery): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/reviews",
    title: "Reviews",
    island: <Island name="AdminReviews" props={{ initialQuery: query, timeZone: site.settings.timezone }} />,
  });
}
