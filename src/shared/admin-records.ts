/**
 * The addresses of single admin records: `/admin/orders/{orderNumber}`, `/admin/bookings/{reference}`
 * (or `{id}`, for a booking without a reference and for links made before references were used),
 * `/admin/contacts/{id}` and `/admin/users/{id}`, each its list's page with that record's dialog
 * open, and `/admin/cases/{reference}`, a case room's own page. The server's routes, the islands (which keep the address in step with the open dialog)
 * and the e-mails to the business build and read them here. Paths are lowercase, as every page's
 * canonical path is; order numbers and booking references are uppercase everywhere else.
 */
import { bookingReferencePattern } from "../domain/booking";
import { orderNumberPattern } from "../domain/order";

/** The lists whose records have an address of their own. */
export type AdminRecordList = "orders" | "bookings" | "contacts" | "users" | "cases";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How each list's record key is spelled in its path, and back. Enquiries and users are UUIDs. */
const keys: Record<AdminRecordList, { fromSegment: (segment: string) => string; valid: (key: string) => boolean }> = {
  orders: { fromSegment: (segment) => segment.toUpperCase(), valid: (key) => orderNumberPattern.test(key) },
  bookings: {
    fromSegment: (segment) => (uuidPattern.test(segment) ? segment : segment.toUpperCase()),
    valid: (key) => bookingReferencePattern.test(key) || uuidPattern.test(key),
  },
  contacts: { fromSegment: (segment) => segment, valid: (key) => uuidPattern.test(key) },
  users: { fromSegment: (segment) => segment, valid: (key) => uuidPattern.test(key) },
  // A case room is reached by any of its bookings' references (decision 079).
  cases: { fromSegment: (segment) => segment.toUpperCase(), valid: (key) => bookingReferencePattern.test(key) },
};

/** The record key of a booking: its reference (`BK-7KQ4-M2XD`), or its id when it has none. */
export function bookingRecordKey(booking: { id: string; reference?: string | null }): string {
  return booking.reference ?? booking.id;
}

/** The page path of a list (`/admin/orders`). */
export function adminListPath(list: AdminRecordList): string {
  return `/admin/${list}`;
}

/** The page path of one record (`/admin/orders/pi-7kq4-m2xd`). */
export function adminRecordPath(list: AdminRecordList, key: string): string {
  return `${adminListPath(list)}/${encodeURIComponent(key.toLowerCase())}`;
}

/**
 * The record key a path segment names (`"PI-7KQ4-M2XD"` for `pi-7kq4-m2xd` in orders,
 * `"BK-W6QZ-YYSW"` for `bk-w6qz-yysw` in bookings), or null when it is not well formed.
 */
export function adminRecordKey(list: AdminRecordList, segment: string): string | null {
  const key = keys[list].fromSegment(segment);
  return keys[list].valid(key) ? key : null;
}

/** The record key a page path names (`/admin/orders/pi-7kq4-m2xd`), or null when it is not a record of `list`. */
export function adminRecordKeyOfPath(list: AdminRecordList, path: string): string | null {
  const prefix = `${adminListPath(list)}/`;
  if (!path.startsWith(prefix)) return null;
  try {
    return adminRecordKey(list, decodeURIComponent(path.slice(prefix.length)));
  } catch {
    return null;
  }
}
