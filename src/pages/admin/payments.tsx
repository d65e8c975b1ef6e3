/** /admin/payments: service payments and payment requests, newest first, with Mark paid for a request (the AdminPayments island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminPaymentsQuery } from "../../shared/admin-payments";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminPaymentsPage(site: SiteData, query: AdminPaymentsQuery): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/payments",
    title: "Payments",
    island: <Island name="AdminPayments" props={{ initialQuery: query, timeZone: site.settings.timezone, currency: site.settings.currency }} />,
  });
}
