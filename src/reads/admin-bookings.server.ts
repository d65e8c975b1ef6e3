/**
 * What the owner sees of bookings and time slots: a page of the list, one booking as the list shows
 * it (by its `BK-` reference or its id), and each day's slots and how full it is. The list's export
 * is admin-bookings-export.server.ts.
 */
import { adminBookingRow, listAdminBookings, slotOverview } from "../db/admin-bookings.server";
import { bookingsOnDays, closedDays, reopenedHolidays } from "../db/calendar-days.server";
import type { AdminBookingList, AdminBookingRow, AdminBookingsQuery, AdminSlotOverview } from "../shared/admin-bookings";
import type { ReadDeps } from "./read";

/** One page of bookings by appointment, with the total; `today` (the business's) splits upcoming from past. */
export function adminBookingsPage(deps: ReadDeps, query: AdminBookingsQuery, today: string): AdminBookingList {
  return listAdminBookings(deps.db, { ...query, today }, query.page);
}

/** One booking as the list shows it, by its reference (`BK-…`, any case) or its id; undefined when there is none. */
export function adminBooking(deps: ReadDeps, key: string): AdminBookingRow | undefined {
  return adminBookingRow(deps.db, key);
}

/**
 * Each day's slots from `from` to `to` and how full it is, with whether it is closed (decision 077)
 * and who is booked on it; a closed day with no slots is listed too, so it can be reopened.
 */
export function adminSlotOverview(deps: ReadDeps, from: string, to: string): AdminSlotOverview {
  const closed = closedDays(deps.db, from, to);
  const reopened = reopenedHolidays(deps.db, from, to);
  const booked = Map.groupBy(bookingsOnDays(deps.db, from, to), (b) => b.date);
  const days = new Map(slotOverview(deps.db, from, to).map((d) => [d.date, d]));
  for (const date of closed.keys()) if (!days.has(date)) days.set(date, { date, capacity: 0, booked: 0, blocked: 0, slots: [] });
  const all = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  return {
    from,
    to,
    days: all.map((d) => ({ ...d, closed: closed.get(d.date) ?? null, reopenedHoliday: reopened.get(d.date) ?? null, bookings: booked.get(d.date) ?? [] })),
  };
}
