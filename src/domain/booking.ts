/** Booking rules with no HTTP in them: what a booking costs, who may cancel it, and what completing it means. */
import { viewerPrice } from "./pricing";

export type BookingStatus = "pending" | "confirmed" | "completed" | "cancelled";
export const bookingStatuses: BookingStatus[] = ["pending", "confirmed", "completed", "cancelled"];

/** The part of a pricing row a booking's price depends on. */
export type PackagePrice = { price: string; unit: string; minimumUnits: number };

/**
 * What a customer pays for a package: the list price times its minimum units (Hourly
 * Surveillance is booked as its 4-hour minimum), with the new-client discount unless the
 * customer is known to be returning (DECISIONS.md '50% OFF').
 */
export function bookingPrice(pkg: PackagePrice, isReturning: boolean, newClientDiscountPercent: number) {
  const units = pkg.unit === "hour" ? Math.max(1, pkg.minimumUnits) : 1;
  const list = Math.round(Number(pkg.price) * units);
  const p = viewerPrice(list, isReturning, newClientDiscountPercent);
  return { servicePrice: p.price, originalPrice: p.originalPrice, discountApplied: p.discountApplied, discountPercent: p.discountPercent, units };
}

/** A customer may cancel their own booking while it is still pending. */
export function customerMayCancel(booking: { userId: string | null; status: string }, userId: string): boolean {
  return booking.userId === userId && booking.status === "pending";
}

/** Statuses an admin may move a booking to from its current one. */
export function nextStatuses(status: string): BookingStatus[] {
  switch (status) {
    case "pending":
      return ["confirmed", "cancelled"];
    case "confirmed":
      return ["completed", "cancelled"];
    default:
      return [];
  }
}

/** A customer becomes returning once one of their bookings is completed. */
export function makesReturningCustomer(newStatus: string): boolean {
  return newStatus === "completed";
}

/** A booking holds its slot unless it was cancelled. */
export function holdsSlot(status: string): boolean {
  return status !== "cancelled";
}
