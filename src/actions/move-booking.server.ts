/**
 * A customer moves their own booking to another free time (decision 031), by
 * POST /api/bookings/{id}/reschedule or the plain form at /bookings/{id}/move: both spend one
 * budget. The customer gets the updated invitation at the account's confirmed address (skipped
 * past its hourly limit: the move stands), the business its notice.
 */
import type { CurrentUser } from "../components/site";
import { rescheduleOwnBooking, type RescheduleOutcome } from "../db/booking-reschedule.server";
import type { Booking } from "../db/bookings.server";
import { getSettings } from "../db/settings.server";
import { mailContextFrom } from "../mail/context.server";
import { enqueueMail } from "../mail/outbox.server";
import { bookingMovedMail, bookingMovedNotification } from "../mail/templates/booking-reschedule";
import { quotedBooking } from "../mail/templates/bookings";
import { type RescheduleInput, rescheduleMessages } from "../shared/booking-reschedule";
import { badRequest, HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";
import { bookingInvitation, bookingMailBusiness, customerName, provenAddress } from "./booking-mail.server";

/** Twenty moves a minute per customer, counted apart from new bookings. */
export const moveBookingLimit: ActionLimit = {
  limiter: (limits) => limits.booking,
  key: (userId) => `move:${userId}`,
  message: "Too many attempts to move a booking. Please wait a minute and try again.",
};

/** Moves `customer`'s booking `bookingId` to the new time; answers the moved booking or throws the refusal. */
export function moveBooking(deps: ActionDeps, customer: CurrentUser, bookingId: string, input: RescheduleInput, now = new Date()): Booking {
  spendLimit(deps, moveBookingLimit, customer.id);
  const settings = getSettings(deps.db);
  const outcome = rescheduleOwnBooking(
    deps.db,
    {
      bookingId,
      userId: customer.id,
      ...input,
      now,
      timeZone: settings.timezone,
      businessHours: settings.businessHours,
      cutoffHours: settings.rescheduleCutoffHours,
    },
    (booking, before) => {
      const ctx = mailContextFrom(settings, deps);
      const to = provenAddress(customer);
      const mail = {
        booking: quotedBooking(booking),
        from: before,
        customerEmail: to,
        customerName: customerName(customer),
        ...bookingMailBusiness(ctx, booking),
        ics: bookingInvitation(booking, ctx, customer.email),
      };
      const toCustomer = bookingMovedMail(mail);
      // A change the customer made, to the address they proved: owed (decision 064).
      if (toCustomer) enqueueMail(deps.db, toCustomer);
      enqueueMail(deps.db, bookingMovedNotification(mail));
    },
  );
  if (!outcome.ok) throw moveRefusal(outcome, settings.rescheduleCutoffHours);
  deps.outbox.kick();
  log.info("booking moved by customer", {
    bookingId: outcome.booking.id,
    from: `${outcome.before.appointmentDate} ${outcome.before.appointmentTime}`,
    to: `${outcome.booking.appointmentDate} ${outcome.booking.appointmentTime}`,
  });
  return outcome.booking;
}

/** The error answer for a move that was refused. */
function moveRefusal(outcome: Exclude<RescheduleOutcome, { ok: true }>, cutoffHours: number): HttpError {
  switch (outcome.reason) {
    case "not_found":
      return notFound(rescheduleMessages.notFound);
    case "not_movable":
      return new HttpError(409, "not_movable", rescheduleMessages.notMovable(outcome.status));
    case "cutoff_passed":
      return new HttpError(409, "cutoff_passed", rescheduleMessages.cutoff(cutoffHours));
    case "same_time":
      return badRequest(rescheduleMessages.sameTime, { appointmentTime: "Pick a different time" });
    case "slot_unavailable":
      return new HttpError(409, "slot_taken", rescheduleMessages.taken, { appointmentTime: "This time is no longer available" });
  }
}
