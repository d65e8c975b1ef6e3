/** /admin/orders: the shop's orders, filtered, searched and paged, each opening its dialog of actions (the AdminOrders island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminOrdersQuery } from "../../shared/admin-orders";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminOrdersPage(site: SiteData, query: AdminOrdersQuery): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/orders",
    title: "Orders",
    island: <Island name="AdminOrders" props={{ initialQuery: query, timeZone: site.settings.timezone }} />,
  });
}
