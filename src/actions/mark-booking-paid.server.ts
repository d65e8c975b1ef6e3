/**
 * The owner marks a booking paid (POST /api/admin/bookings/{id}/paid): the money arrived outside the
 * site, so its open payment request is settled or a manual payment recorded, audited, in one
 * transaction (`markBookingPaid`, decision 032). No e-mail.
 */
import type { AuditActor } from "../db/audit.server";
import { markBookingPaid } from "../db/booking-payments.server";
import { HttpError, notFound } from "../server/errors";
import type { ActionDeps } from "./action";

/** Why a booking cannot be marked paid. */
const refusals = {
  cancelled: "This booking is cancelled, so it cannot be marked paid.",
  paid: "This booking is already paid.",
  review: "A PayPal payment for this booking is under review: check it on the payments page first.",
  paypal_open: "A PayPal payment for this booking is still being checked with PayPal; it is recorded when PayPal confirms it.",
  not_next: "That instalment is already paid, or is not the next one to pay. Reload the booking to see its plan.",
} as const;

/** Marks booking `bookingId` paid for `admin`, or throws 404 or 409 naming why not. */
export function markBookingPaidByAdmin(deps: ActionDeps, admin: AuditActor, bookingId: string, now = new Date(), instalment?: number): void {
  // With a payment plan (decision 085), `instalment` names the one the money was for.
  const result = markBookingPaid(deps.db, bookingId, admin, now, instalment);
  if (result.ok) return;
  if (result.reason === "not_found") throw notFound("There is no such booking.");
  throw new HttpError(409, "not_allowed", refusals[result.reason]);
}
