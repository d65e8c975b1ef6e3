/** /admin/orders (and /admin/orders/{orderNumber}, with that order open): the shop's orders, filtered, searched and paged, each opening its dialog of actions (the AdminOrders island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminOrdersQuery } from "../../shared/admin-orders";
import type { PageDefinition } from "../page";
import { recordShell } from "./record-shell";
import { adminShellPage } from "./shell";

export function adminOrdersPage(site: SiteData, query: AdminOrdersQuery, openRecord: string | null = null): PageDefinition {
  return adminShellPage(site, {
    ...recordShell("orders", openRecord, "Orders", `Order ${openRecord}`),
    island: <Island name="AdminOrders" props={{ initialQuery: query, timeZone: site.settings.timezone, openRecord, currency: site.settings.currency }} />,
  });
}
