/**
 * The one table of a booking's statuses: which changes are allowed, who may make each and what the
 * audit log calls it. The server's guard (`canChangeBookingStatus`), the statuses the portal offers
 * (`nextStatuses`), what a customer may do with their own booking and what an "active" booking is
 * all read it, so a new status or rule is one edit here.
 */

/** Every status a booking can have; the schema's column takes exactly these. */
export const bookingStatuses = ["pending", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Who changes a booking's status: the business (the admin portal) or the customer who booked it. */
export type BookingActor = "admin" | "customer";

type Transition = { by: readonly BookingActor[]; action: "confirm" | "complete" | "cancel" };

/**
 * Every allowed status change (docs/product.md#bookings). A new booking is pending; the business
 * confirms it, completes it once delivered, or cancels it; the customer may cancel their own
 * booking only while it is pending. Completed and cancelled are final.
 */
const bookingTransitions: Record<BookingStatus, Partial<Record<BookingStatus, Transition>>> = {
  pending: { confirmed: { by: ["admin"], action: "confirm" }, cancelled: { by: ["admin", "customer"], action: "cancel" } },
  confirmed: { completed: { by: ["admin"], action: "complete" }, cancelled: { by: ["admin"], action: "cancel" } },
  completed: {},
  cancelled: {},
};

const isBookingStatus = (s: string): s is BookingStatus => (bookingStatuses as readonly string[]).includes(s);

/** True when `by` may move a booking from `from` to `to`. */
export function canChangeBookingStatus(from: string, to: string, by: BookingActor = "admin"): boolean {
  if (!isBookingStatus(from) || !isBookingStatus(to)) return false;
  return bookingTransitions[from][to]?.by.includes(by) ?? false;
}

/** Statuses an admin may move a booking to from its current one: the portal's buttons. */
export function nextStatuses(status: string): BookingStatus[] {
  return bookingStatuses.filter((to) => canChangeBookingStatus(status, to, "admin"));
}

/** What the audit log calls an allowed change ("booking.confirm"); null when the table does not allow it. */
export function bookingAuditAction(from: string, to: string): string | null {
  if (!isBookingStatus(from) || !isBookingStatus(to)) return null;
  const transition = bookingTransitions[from][to];
  return transition ? `booking.${transition.action}` : null;
}

/**
 * The statuses of an active booking: one still to happen, so it may still change (pending and
 * confirmed). It is the one the customer may move, that counts as a same-day duplicate, and that
 * account deletion cancels. Read from the table: a status with no way on is final.
 */
export const activeBookingStatuses: readonly BookingStatus[] = bookingStatuses.filter((s) => Object.keys(bookingTransitions[s]).length > 0);

/**
 * The statuses of a booking its customer is reminded of before the appointment: confirmed, i.e.
 * active with only the appointment itself ahead (the table lets the business complete it). A
 * pending booking is not reminded: the business has not said yes to it yet.
 */
export const remindedBookingStatuses: readonly BookingStatus[] = activeBookingStatuses.filter((s) => canChangeBookingStatus(s, "completed", "admin"));

/** True for a booking still to happen (pending or confirmed). */
export function isActiveBooking(status: string): boolean {
  return (activeBookingStatuses as readonly string[]).includes(status);
}

/** A booking keeps its counted place in its slot unless it was cancelled (a completed one used it). */
export function holdsSlot(status: string): boolean {
  return status !== "cancelled";
}

/** A customer may cancel only their own booking, and only when the table lets them. */
export function customerMayCancel(booking: { userId: string | null; status: string }, userId: string): boolean {
  return booking.userId === userId && canChangeBookingStatus(booking.status, "cancelled", "customer");
}

/** A customer may move their own booking to another time while it is active. */
export function customerMayMove(status: string): boolean {
  return isActiveBooking(status);
}
