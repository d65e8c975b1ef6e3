/** /admin/bookings (and /admin/bookings/{reference} or /{id}, with that booking open): the bookings by appointment, each opening its dialog of status changes, and the time slots (the AdminBookings island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import { bookingReferencePattern } from "../../domain/booking";
import type { AdminBookingsQuery } from "../../shared/admin-bookings";
import type { PageDefinition } from "../page";
import { recordShell } from "./record-shell";
import { adminShellPage } from "./shell";

export function adminBookingsPage(site: SiteData, query: AdminBookingsQuery, openRecord: string | null = null): PageDefinition {
  return adminShellPage(site, {
    ...recordShell("bookings", openRecord, "Bookings", openRecord && bookingReferencePattern.test(openRecord) ? `Booking ${openRecord}` : "Booking"),
    island: <Island name="AdminBookings" props={{ initialQuery: query, timeZone: site.settings.timezone, openRecord, currency: site.settings.currency }} />,
  });
}
