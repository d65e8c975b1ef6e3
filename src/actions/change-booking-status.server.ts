/**
 * The business moves a booking to another status (PATCH /api/admin/bookings/{id}), as the
 * transition table allows (`domain/booking-transitions.ts`): the change, the customer's e-mail to
 * the account's confirmed address, and the audit entry, in one transaction.
 */
import type { AuditActor } from "../db/audit.server";
import { recordAudit } from "../db/audit.server";
import { type Booking, type BookingStatusChanged, changeBookingStatus } from "../db/bookings.server";
import { cancelPlanOfBooking } from "../db/payment-plans.server";
import { getSettings } from "../db/settings.server";
import { bookingAuditAction, type BookingStatus, nextStatuses } from "../domain/booking-transitions";
import { mailContextFrom } from "../mail/context.server";
import { enqueueMail } from "../mail/outbox.server";
import {
  bookingCancelledByBusinessMail,
  bookingCompletedMail,
  bookingConfirmedMail,
  type BookingStatusMailInput,
  quotedBooking,
} from "../mail/templates/bookings";
import type { MailMessage } from "../mail/outbox.server";
import { bookingStatusLabels } from "../shared/admin-bookings";
import { HttpError, notFound } from "../server/errors";
import type { AppDeps } from "../server/deps";
import type { ActionDeps } from "./action";
import { bookingInvitation, bookingMailBusiness, customerName, provenAddress } from "./booking-mail.server";
import { refundCancelledPlan } from "./refund-cancelled-plan.server";

/** The customer's e-mail for each status the business may set; none for going back to pending. */
const statusMails: Record<BookingStatus, ((m: BookingStatusMailInput) => MailMessage) | null> = {
  pending: null,
  confirmed: bookingConfirmedMail,
  completed: bookingCompletedMail,
  cancelled: bookingCancelledByBusinessMail,
};

const auditVerbs: Record<BookingStatus, string> = { pending: "Reopened", confirmed: "Confirmed", completed: "Completed", cancelled: "Cancelled" };

/** "A completed booking cannot be changed." / "A pending booking can only be confirmed or cancelled." */
export function notAllowedMessage(from: string, to: string): string {
  const allowed = nextStatuses(from).map((s) => bookingStatusLabels[s].toLowerCase());
  const toLabel = bookingStatusLabels[to as BookingStatus]?.toLowerCase() ?? to;
  if (allowed.length === 0) return `This booking is ${from}, so it can no longer be changed (not to ${toLabel} either).`;
  return `This booking is ${from}, so it cannot be made ${toLabel}; it can only be ${allowed.join(" or ")}.`;
}

/**
 * Moves booking `bookingId` to `status` for `admin`; answers the booking changed, or throws 404 or
 * 409. Cancelling a booking on a payment plan cancels its unpaid instalments in the same
 * transaction and refunds the paid ones after it (decision 085).
 */
export async function changeBookingStatusByAdmin(
  deps: ActionDeps & Pick<AppDeps, "secrets">,
  admin: AuditActor,
  bookingId: string,
  status: BookingStatus,
  now = new Date(),
): Promise<Booking> {
  let paidInstalments: string[] = [];
  const result = changeBookingStatus(
    deps.db,
    bookingId,
    status,
    (change) => {
      if (change.booking.status === "cancelled") paidInstalments = cancelPlanOfBooking(deps.db, change.booking.id, now).paidPaymentIds;
      queueStatusMailAndAudit(deps, admin, change, now);
    },
    now,
  );
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound("There is no such booking.");
    throw new HttpError(409, "not_allowed", notAllowedMessage(result.from, status));
  }
  deps.outbox.kick();
  await refundCancelledPlan(deps, result.booking.id, paidInstalments);
  return result.booking;
}

/** Inside the change's transaction: the customer's e-mail (when the account's address is confirmed) and the audit entry. */
function queueStatusMailAndAudit(deps: ActionDeps, admin: AuditActor, { booking, before, account }: BookingStatusChanged, now: Date) {
  const template = statusMails[booking.status];
  const to = provenAddress(account);
  if (template && to) {
    const ctx = mailContextFrom(getSettings(deps.db), deps);
    enqueueMail(
      deps.db,
      template({
        booking: quotedBooking(booking),
        to,
        ...bookingMailBusiness(ctx, booking),
        ics: booking.status === "completed" ? undefined : bookingInvitation(booking, ctx, to),
      }),
    );
  }
  recordAudit(
    deps.db,
    admin,
    {
      kind: "bookings",
      action: bookingAuditAction(before.status, booking.status) ?? `booking.${booking.status}`,
      recordId: booking.id,
      summary: `${auditVerbs[booking.status]} the ${booking.serviceName} booking of ${customerName(account)} on ${booking.appointmentDate} at ${booking.appointmentTime} (was ${before.status})`,
      before: { status: before.status },
      after: { status: booking.status },
    },
    now,
  );
}
