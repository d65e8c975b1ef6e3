/**
 * Moving a booking, shared by `POST /api/bookings/{id}/reschedule` and the dashboard's plain form:
 * the settings and e-mails around `rescheduleOwnBooking`, and the HTTP answer for each refusal.
 */
import type { CurrentUser } from "../components/site";
import { rescheduleOwnBooking, type RescheduleOutcome } from "../db/booking-reschedule.server";
import { getSettings } from "../db/settings.server";
import { bookingMovedMail, bookingMovedNotification } from "../mail/templates/booking-reschedule";
import { type RescheduleInput, rescheduleMessages } from "../shared/booking-reschedule";
import type { AppDeps } from "../server/deps";
import { badRequest, HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import { siteOrigin } from "../server/origin";
import { icsFor } from "./bookings";

/** Moves the user's booking `bookingId` to the new time, e-mailing the customer and the business. */
export function moveOwnBooking(deps: AppDeps, user: CurrentUser, bookingId: string, input: RescheduleInput, now = new Date()): RescheduleOutcome {
  const settings = getSettings(deps.db);
  const origin = siteOrigin(deps);
  const businessEmail = deps.env.BUSINESS_EMAIL ?? settings.email;
  const outcome = rescheduleOwnBooking(
    deps.db,
    { bookingId, userId: user.id, ...input, now, timeZone: settings.timezone, cutoffHours: settings.rescheduleCutoffHours },
    (booking, before) => {
      const customerEmail = booking.contactEmail ?? user.email;
      const mail = {
        booking,
        from: before,
        customerEmail,
        customerName: [user.firstName, user.lastName].filter(Boolean).join(" ") || customerEmail,
        businessName: settings.businessName,
        businessEmail,
        businessPhone: settings.phone,
        origin,
        timeZone: settings.timezone,
        currency: settings.currency,
        ics: icsFor(booking, settings, origin, customerEmail),
      };
      return [bookingMovedMail(mail), bookingMovedNotification(mail)];
    },
  );
  if (outcome.ok) {
    deps.outbox.kick();
    log.info("booking moved by customer", {
      bookingId: outcome.booking.id,
      from: `${outcome.before.appointmentDate} ${outcome.before.appointmentTime}`,
      to: `${outcome.booking.appointmentDate} ${outcome.booking.appointmentTime}`,
    });
  }
  return outcome;
}

/** The error answer for a move that was refused. */
export function rescheduleRefusal(outcome: Exclude<RescheduleOutcome, { ok: true }>, cutoffHours: number): HttpError {
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
