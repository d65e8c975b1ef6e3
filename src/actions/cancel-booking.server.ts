/**
 * A customer cancels their own pending booking (POST /api/bookings/{id}/cancel and the dashboard's
 * plain form): the time freed, any referral reward voided, a payment plan's unpaid instalments
 * cancelled and its paid ones refunded, and, when the owner asked for it
 * (`alertCustomerCancellations`), the business told. No limit: a booking is cancelled once, and
 * making bookings is limited.
 */
import type { CurrentUser } from "../components/site";
import { type Booking, cancelOwnBooking } from "../db/bookings.server";
import { cancelPlanOfBooking } from "../db/payment-plans.server";
import { getSettings } from "../db/settings.server";
import { mailContextFrom } from "../mail/context.server";
import { enqueueMail } from "../mail/outbox.server";
import { bookingCancelledByCustomerAlert, quotedBooking } from "../mail/templates/bookings";
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import type { AppDeps } from "../server/deps";
import type { ActionDeps } from "./action";
import { provenAddress } from "./booking-mail.server";
import { refundCancelledPlan } from "./refund-cancelled-plan.server";

/**
 * Cancels `customer`'s pending booking `bookingId`; answers it cancelled, or throws 404 when it is
 * not theirs or not pending. A booking on a payment plan has its unpaid instalments cancelled in the
 * same transaction and what it paid refunded after it (decision 085).
 */
export async function cancelBooking(deps: ActionDeps & Pick<AppDeps, "secrets">, customer: CurrentUser, bookingId: string, now = new Date()): Promise<Booking> {
  let paidInstalments: string[] = [];
  const cancelled = cancelOwnBooking(
    deps.db,
    bookingId,
    customer.id,
    (booking) => {
      paidInstalments = cancelPlanOfBooking(deps.db, booking.id, now).paidPaymentIds;
      const settings = getSettings(deps.db);
      if (!settings.alertCustomerCancellations) return;
      const ctx = mailContextFrom(settings, deps);
      const alert = { businessEmail: ctx.businessEmail, origin: ctx.origin, timeZone: ctx.timeZone, customerEmail: provenAddress(customer) };
      enqueueMail(deps.db, bookingCancelledByCustomerAlert(quotedBooking(booking), alert));
    },
    now,
  );
  if (!cancelled) throw new HttpError(404, "not_found", "No pending booking of yours has this id.");
  deps.outbox.kick();
  log.info("booking cancelled by customer", { bookingId: cancelled.id });
  await refundCancelledPlan(deps, cancelled.id, paidInstalments);
  return cancelled;
}
