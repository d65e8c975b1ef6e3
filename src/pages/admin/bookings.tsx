/** /admin/bookings: the bookings by appointment, each opening its dialog of status changes, and the time slots (the AdminBookings island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminBookingsQuery } from "../../shared/admin-bookings";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminBookingsPage(site: SiteData, query: AdminBookingsQuery): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/bookings",
    title: "Bookings",
    island: <Island name="AdminBookings" props={{ initialQuery: query, timeZone: site.settings.timezone }} />,
  });
}
