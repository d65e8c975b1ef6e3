/**
 * The booking reminders' job: every five minutes it reminds the customers of confirmed bookings
 * that start within `bookingReminderHours` (the setting; 0 sends none), through the outbox, once
 * per start (db/booking-reminders.server.ts says which bookings and how each is claimed once).
 * Each reminder carries the calendar invitation as it stands (the booking's UID and current
 * SEQUENCE) and a link that turns reminders off without signing in: a token sealed for this
 * purpose (mail-links.server.ts), naming the customer, that nobody can forge.
 */
import { bookingInvitation, bookingMailBusiness } from "../actions/booking-mail.server";
import { claimBookingReminder, dueBookingReminders, type ReminderRule } from "../db/booking-reminders.server";
import { getSettings } from "../db/settings.server";
import { moveDeadline } from "../domain/booking";
import { mailContextFrom } from "../mail/context.server";
import { bookingReminderMail, quotedBooking } from "../mail/templates/bookings";
import { optionalVisitorText } from "../mail/visitor-text";
import type { AppDeps } from "./deps";
import { optOutLink } from "./mail-links.server";
import { type StopJob, startRepeatingJob } from "./repeating-job.server";

/** The link in each e-mail that turns a customer's booking reminders off, and its page. */
const optOut = optOutLink("booking-reminders", "/unsubscribe/booking-reminders");
export const bookingRemindersUnsubscribePath = optOut.path;
export const bookingRemindersToken = optOut.token;
export const userOfBookingRemindersToken = optOut.userOf;
export const bookingRemindersUnsubscribeUrl = optOut.url;

/** Reminds the bookings due at `now`; answers how many e-mails were queued. */
export function sendBookingReminders(deps: Pick<AppDeps, "db" | "env" | "outbox" | "secrets">, now = new Date()): number {
  const settings = getSettings(deps.db);
  const rule: ReminderRule = { hours: settings.bookingReminderHours, timeZone: settings.timezone };
  const ctx = mailContextFrom(settings, deps);
  let queued = 0;
  for (const bookingId of dueBookingReminders(deps.db, rule, now)) {
    const result = claimBookingReminder(
      deps.db,
      bookingId,
      rule,
      ({ booking, userId, to, firstName }) => {
        // The move link only while the customer may still move it themselves (decision 031).
        const deadline = moveDeadline(booking.appointmentDate, booking.appointmentTime, settings.timezone, settings.rescheduleCutoffHours);
        return bookingReminderMail({
          booking: quotedBooking(booking),
          to,
          firstName: optionalVisitorText(firstName, 60),
          ...bookingMailBusiness(ctx, booking),
          movableUntil: deadline && now.getTime() < deadline.getTime() ? deadline : null,
          unsubscribeUrl: bookingRemindersUnsubscribeUrl(deps, userId),
          ics: bookingInvitation(booking, ctx, to),
        });
      },
      now,
    );
    if (result === "queued") queued++;
  }
  if (queued > 0) deps.outbox.kick();
  return queued;
}

const fiveMinutesMs = 5 * 60 * 1000;

/** Runs now and then every `intervalMs`; returns a function that stops the timer. */
export function startBookingReminders(deps: Pick<AppDeps, "db" | "env" | "outbox" | "secrets">, intervalMs = fiveMinutesMs): StopJob {
  return startRepeatingJob("booking reminders", () => sendBookingReminders(deps), intervalMs);
}
