/**
 * The bookings list as a file (decision 073): every booking matching the list's filters and search
 * (any date unless from/to), soonest first, with what the owner rings, meets and bills from: the
 * reference, the customer's phone and e-mail, where, which package, the price and the currency it
 * was booked in (its own column: a booking keeps its currency when the setting changes), and whether
 * it is paid. Read a batch at a time from one snapshot.
 */
import { adminBookingsForCsv } from "../db/admin-bookings.server";
import { getSettings } from "../db/settings.server";
import { bookingPaymentLabel } from "../domain/booking-payment";
import { zonedToInstant } from "../domain/timezone";
import type { ExportColumn, ListExport } from "../server/export-columns";
import { type AdminBookingRow, type AdminBookingsQuery, bookingStatusLabels } from "../shared/admin-bookings";
import type { ReadDeps } from "./read";

/** The appointment as an instant; a wall-clock time the clocks skipped stays as booked, marked with the zone. */
function appointment(b: AdminBookingRow, timeZone: string): Date | string {
  return zonedToInstant(b.appointmentDate, b.appointmentTime, timeZone) ?? `${b.appointmentDate}T${b.appointmentTime}:00 ${timeZone}`;
}

function bookingColumns(timeZone: string): ExportColumn<AdminBookingRow>[] {
  return [
    // A booking made before references has none (its record's address is its id).
    { header: "Reference", kind: "text", value: (b) => b.reference, width: 16 },
    { header: "Appointment", kind: "instant", value: (b) => appointment(b, timeZone) },
    { header: "Length (minutes)", kind: "count", value: (b) => b.duration },
    { header: "Customer", kind: "text", value: (b) => b.customerName, width: 22 },
    { header: "Phone", kind: "text", value: (b) => b.contactPhone, width: 16 },
    { header: "E-mail", kind: "text", value: (b) => b.contactEmail ?? b.customerEmail, width: 28 },
    { header: "Location", kind: "text", value: (b) => b.location, width: 28 },
    { header: "Package", kind: "text", value: (b) => b.serviceName, width: 24 },
    { header: "Price", kind: "money", value: (b) => b.servicePrice },
    { header: "Original price", kind: "money", value: (b) => b.originalPrice ?? b.servicePrice },
    { header: "Discount", kind: "text", value: (b) => (b.discountApplied ? "yes" : "no"), width: 9 },
    { header: "Currency", kind: "text", value: (b) => b.currency, width: 9 },
    { header: "Status", kind: "text", value: (b) => bookingStatusLabels[b.status] ?? b.status, width: 12 },
    { header: "Payment", kind: "text", value: (b) => bookingPaymentLabel(b.payment), width: 14 },
    { header: "Booked", kind: "instant", value: (b) => new Date(b.createdAt) },
  ];
}

/** Every booking matching `query` (every page, any date unless from/to), soonest first, on the business's clock. */
export function adminBookingsExport(deps: ReadDeps, query: AdminBookingsQuery): ListExport<AdminBookingRow> {
  const settings = getSettings(deps.db);
  return {
    list: "bookings",
    sheet: "Bookings",
    timeZone: settings.timezone,
    columns: bookingColumns(settings.timezone),
    batches: adminBookingsForCsv(deps.db, query),
  };
}
