/**
 * A customer books a package at a free time (POST /api/bookings/calendar, from the booking island):
 * the slot taken, the price from the pricing table, the confirmation to the account's confirmed
 * address and the business's notice, all in one transaction (decisions 005, 030).
 */
import type { CurrentUser } from "../components/site";
import { type Booking, createBooking } from "../db/bookings.server";
import { getSettings } from "../db/settings.server";
import { formatAppointment, formatDate, formatTime } from "../domain/format";
import { mailContextFrom } from "../mail/context.server";
import { enqueueMail } from "../mail/outbox.server";
import { bookingConfirmationMail, bookingNotificationMail, quotedBooking } from "../mail/templates/bookings";
import { type BookingInput, bookingFieldMessages } from "../shared/booking";
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";
import { bookingInvitation, bookingMailBusiness } from "./booking-mail.server";

/** Twenty attempts a minute per customer. */
export const bookingLimit: ActionLimit = {
  limiter: (limits) => limits.booking,
  key: (userId) => userId,
  message: "Too many booking attempts. Please wait a minute and try again.",
};

/** What the customer is told when their e-mail address is not confirmed yet (as an order is refused). */
export const unconfirmedBookingMessage = "Please confirm your e-mail address before booking: open the link we e-mailed you, or have it sent again.";

/** Books the slot the form names for `customer`; answers the booking or throws the refusal. */
export function bookAppointment(deps: ActionDeps, customer: CurrentUser, form: BookingInput, now = new Date()): Booking {
  spendLimit(deps, bookingLimit, customer.id);
  const settings = getSettings(deps.db);
  const outcome = createBooking(
    deps.db,
    {
      userId: customer.id,
      form,
      now,
      timeZone: settings.timezone,
      businessHours: settings.businessHours,
      newClientDiscountPercent: settings.newClientDiscountPercent,
      maxPendingBookings: settings.maxPendingBookings,
    },
    (booking, account) => {
      const ctx = mailContextFrom(settings, deps);
      const mail = {
        booking: quotedBooking(booking),
        customerEmail: account.email,
        ...bookingMailBusiness(ctx, booking),
        manageUrl: `${ctx.origin}/dashboard`,
        whenText: formatAppointment(booking.appointmentDate, booking.appointmentTime),
        ics: bookingInvitation(booking, ctx, account.email),
      };
      // Only a confirmed account books: the confirmation is owed, never refused for the inbox's sake (decision 064).
      enqueueMail(deps.db, bookingConfirmationMail(mail));
      if (settings.alertNewBookings) enqueueMail(deps.db, bookingNotificationMail(mail));
    },
  );
  if (!outcome.ok) {
    switch (outcome.reason) {
      case "suspended":
        throw new HttpError(403, "suspended", "This account is suspended. Please contact us.");
      case "no_user":
        throw new HttpError(401, "unauthorized", "Unauthorized");
      case "email_unverified":
        throw new HttpError(403, "email_unverified", unconfirmedBookingMessage);
      case "unknown_service":
        throw new HttpError(400, "validation_error", "Please choose one of our service packages.", { serviceName: "Choose one of our service packages" });
      case "too_many_pending":
        throw new HttpError(
          409,
          "too_many_pending_bookings",
          `You already have ${settings.maxPendingBookings} bookings waiting for confirmation. Please wait for us to confirm them, or cancel one, before booking another time.`,
        );
      case "duplicate": {
        const { existing } = outcome;
        throw new HttpError(
          409,
          "duplicate_booking",
          `You already have ${existing.serviceName} booked on ${formatDate(existing.appointmentDate, "long")} at ${formatTime(existing.appointmentTime)} (reference ${existing.reference}). Book it a second time that day?`,
        );
      }
      case "hours_minimum":
        throw new HttpError(400, "validation_error", bookingFieldMessages.hoursMinimum(outcome.minimum), {
          hours: bookingFieldMessages.hoursMinimum(outcome.minimum),
        });
      case "past_closing":
        throw new HttpError(400, "validation_error", bookingFieldMessages.pastClosing, { hours: bookingFieldMessages.pastClosing });
      case "slot_unavailable":
        throw new HttpError(409, "slot_taken", "This time is no longer available. Please pick another time.", {
          appointmentTime: "This time is no longer available",
        });
    }
  }
  deps.outbox.kick();
  log.info("booking created", { bookingId: outcome.booking.id, userId: customer.id });
  return outcome.booking;
}
