/**
 * What the owner sees of bookings and time slots: a page of the list, one booking as the list shows
 * it (by its `BK-` reference or its id), every matching booking as the accountant's CSV, and each
 * day's slots and how full it is.
 */
import { adminBookingRow, adminBookingsForCsv, listAdminBookings, slotOverview } from "../db/admin-bookings.server";
import { getSettings } from "../db/settings.server";
import { bookingPaymentLabels } from "../domain/booking-payment";
import { isoWithOffset, zonedToInstant } from "../domain/timezone";
import type { CsvColumn } from "../server/csv";
import type { AdminBookingList, AdminBookingRow, AdminBookingsQuery, AdminSlotOverview } from "../shared/admin-bookings";
import type { ReadDeps } from "./read";

/** The bookings CSV: its file name (the filters it was made with), its columns and its rows, a batch at a time. */
export type AdminBookingsCsv = { filename: string; columns: CsvColumn<AdminBookingRow>[]; batches: AsyncGenerator<AdminBookingRow[], void, undefined> };

/** The appointment as an instant with its offset; a wall-clock time the clocks skipped stays as booked, marked with the zone. */
function appointmentInstant(b: AdminBookingRow, timeZone: string): string {
  const instant = zonedToInstant(b.appointmentDate, b.appointmentTime, timeZone);
  return instant ? isoWithOffset(instant, timeZone) : `${b.appointmentDate}T${b.appointmentTime}:00 ${timeZone}`;
}

/** The CSV's columns, for the accountant: the appointment, who, what, the money and the status. */
function csvColumns(timeZone: string, currency: string): CsvColumn<AdminBookingRow>[] {
  return [
    { header: "Reference", value: (b) => b.reference },
    { header: "Appointment", value: (b) => appointmentInstant(b, timeZone) },
    { header: "Customer", value: (b) => b.customerName },
    { header: "E-mail", value: (b) => b.contactEmail ?? b.customerEmail },
    { header: "Service", value: (b) => b.serviceName },
    { header: `Price (${currency})`, value: (b) => b.servicePrice },
    { header: `Original price (${currency})`, value: (b) => b.originalPrice ?? b.servicePrice },
    { header: "Discount", value: (b) => (b.discountApplied ? "yes" : "no") },
    { header: "Status", value: (b) => b.status },
    { header: "Payment", value: (b) => bookingPaymentLabels[b.payment.status] },
    { header: "Created", value: (b) => isoWithOffset(new Date(b.createdAt), timeZone) },
  ];
}

/** One page of bookings by appointment, with the total; `today` (the business's) splits upcoming from past. */
export function adminBookingsPage(deps: ReadDeps, query: AdminBookingsQuery, today: string): AdminBookingList {
  return listAdminBookings(deps.db, { ...query, today }, query.page);
}

/**
 * Every booking matching the list's filters, for the accountant: instants in the business's time
 * zone, amounts headed with the currency setting, read a batch at a time as the file is written.
 */
export function adminBookingsCsv(deps: ReadDeps, query: AdminBookingsQuery): AdminBookingsCsv {
  const name = ["bookings", query.status, query.from && `from-${query.from}`, query.to && `to-${query.to}`].filter(Boolean).join("-");
  const settings = getSettings(deps.db);
  return { filename: `${name}.csv`, columns: csvColumns(settings.timezone, settings.currency), batches: adminBookingsForCsv(deps.db, query) };
}

/** One booking as the list shows it, by its reference (`BK-…`, any case) or its id; undefined when there is none. */
export function adminBooking(deps: ReadDeps, key: string): AdminBookingRow | undefined {
  return adminBookingRow(deps.db, key);
}

/** Each day's slots from `from` to `to`, and how full it is. */
export function adminSlotOverview(deps: ReadDeps, from: string, to: string): AdminSlotOverview {
  return { from, to, days: slotOverview(deps.db, from, to) };
}
