/**
 * Booking API: the caller's bookings, booking a slot (POST /api/bookings/calendar), cancelling
 * their own pending booking, moving their own booking to another free time
 * (POST /api/bookings/{id}/reschedule), and downloading its calendar invitation.
 */
import { Hono } from "hono";
import { cancelOwnBooking, createBooking, findOwnBooking, listBookings, type Booking } from "../db/bookings.server";
import { getSettings } from "../db/settings.server";
import { bookingPagePath } from "../domain/booking";
import { formatAppointment, formatDate, formatTime } from "../domain/format";
import { bookingIcs, type IcsStatus } from "../domain/ics";
import { bookingConfirmationMail, bookingNotificationMail } from "../mail/templates/bookings";
import { bookingSchema } from "../shared/booking";
import { rescheduleSchema } from "../shared/booking-reschedule";
import { moveOwnBooking, rescheduleRefusal } from "./booking-reschedule";
import type { Settings } from "../shared/settings";
import type { AppDeps, AppEnv } from "../server/deps";
import { HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { rateLimit } from "../server/middleware/rate-limit";
import { siteOrigin } from "../server/origin";
import { validJson } from "../server/validate";
import { customerFacingSettings } from "../shared/go-live";
import { orderMailContext } from "../server/checkout.server";

/** How the calendar shows a booking: tentative until the business confirms it. */
const icsStatus = (status: Booking["status"]): IcsStatus => (status === "pending" ? "tentative" : status === "cancelled" ? "cancelled" : "confirmed");

/** The calendar invitation of a booking as it stands, to the customer at `attendeeEmail`. */
export function icsFor(booking: Booking, settings: Settings, origin: string, attendeeEmail: string) {
  return bookingIcs({
    uid: `${booking.id}@${new URL(origin).host}`,
    date: booking.appointmentDate,
    time: booking.appointmentTime,
    durationMinutes: booking.duration,
    summary: `${booking.serviceName} with ${settings.businessName}`,
    description: `Your ${booking.serviceName} appointment. See or cancel it at ${origin}/dashboard`,
    location: booking.location,
    url: `${origin}/dashboard`,
    organizerName: settings.businessName,
    organizerEmail: settings.email,
    attendeeEmail,
    timeZone: settings.timezone,
    stamp: new Date(),
    status: icsStatus(booking.status),
    sequence: booking.icsSequence,
  });
}

const publicBooking = (b: Booking) => ({
  id: b.id,
  reference: b.reference,
  /** The booking's own page (its summary), for its owner. */
  path: b.reference ? bookingPagePath(b.reference) : null,
  serviceName: b.serviceName,
  servicePrice: b.servicePrice,
  originalPrice: b.originalPrice,
  discountApplied: b.discountApplied,
  appointmentDate: b.appointmentDate,
  appointmentTime: b.appointmentTime,
  duration: b.duration,
  location: b.location,
  status: b.status,
  createdAt: b.createdAt,
});

export function bookingsApi(deps: AppDeps) {
  const api = new Hono<AppEnv>().use(requireUser);

  api.get("/", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(listBookings(deps.db, signedInUser(c).id).map(publicBooking));
  });

  api.post(
    "/calendar",
    rateLimit(deps.limits.booking, "Too many booking attempts. Please wait a minute and try again.", (c) => signedInUser(c).id),
    validJson(bookingSchema),
    (c) => {
      const user = signedInUser(c);
      const settings = getSettings(deps.db);
      const origin = siteOrigin(deps);
      const businessEmail = deps.env.BUSINESS_EMAIL ?? settings.email;
      const outcome = createBooking(
        deps.db,
        {
          userId: user.id,
          form: c.req.valid("json"),
          now: new Date(),
          timeZone: settings.timezone,
          newClientDiscountPercent: settings.newClientDiscountPercent,
          maxPendingBookings: settings.maxPendingBookings,
        },
        (booking) => {
          const mail = {
            booking,
            businessName: settings.businessName,
            businessEmail,
            businessPhone: customerFacingSettings(settings).phone,
            manageUrl: `${origin}/dashboard`,
            origin,
            whenText: formatAppointment(booking.appointmentDate, booking.appointmentTime),
            timeZone: settings.timezone,
            currency: settings.currency,
            ics: icsFor(booking, settings, origin, booking.contactEmail ?? user.email),
          };
          return [bookingConfirmationMail(mail), ...(settings.alertNewBookings ? [bookingNotificationMail(mail)] : [])];
        },
      );
      if (!outcome.ok) {
        switch (outcome.reason) {
          case "suspended":
            throw new HttpError(403, "suspended", "This account is suspended. Please contact us.");
          case "no_user":
            throw new HttpError(401, "unauthorized", "Unauthorized");
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
          case "slot_unavailable":
            throw new HttpError(409, "slot_taken", "This time is no longer available. Please pick another time.", {
              appointmentTime: "This time is no longer available",
            });
        }
      }
      deps.outbox.kick();
      log.info("booking created", { bookingId: outcome.booking.id, userId: user.id });
      return c.json(publicBooking(outcome.booking), 201);
    },
  );

  api.post("/:id/cancel", (c) => {
    const cancelled = cancelOwnBooking(deps.db, c.req.param("id"), signedInUser(c).id, orderMailContext(deps));
    if (!cancelled) throw new HttpError(404, "not_found", "No pending booking of yours has this id.");
    deps.outbox.kick();
    log.info("booking cancelled by customer", { bookingId: cancelled.id });
    return c.json(publicBooking(cancelled));
  });

  api.post(
    "/:id/reschedule",
    rateLimit(deps.limits.booking, "Too many attempts to move a booking. Please wait a minute and try again.", (c) => `move:${signedInUser(c).id}`),
    validJson(rescheduleSchema),
    (c) => {
      const outcome = moveOwnBooking(deps, signedInUser(c), c.req.param("id"), c.req.valid("json"));
      if (!outcome.ok) throw rescheduleRefusal(outcome, getSettings(deps.db).rescheduleCutoffHours);
      return c.json(publicBooking(outcome.booking));
    },
  );

  api.get("/:id/ics", (c) => {
    const user = signedInUser(c);
    const booking = findOwnBooking(deps.db, c.req.param("id"), user.id);
    if (!booking) throw notFound("No booking of yours has this id.");
    const ics = icsFor(booking, getSettings(deps.db), siteOrigin(deps), booking.contactEmail ?? user.email);
    return c.body(ics, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="appointment-${booking.appointmentDate}.ics"`,
      "Cache-Control": "private, no-store",
    });
  });

  return api;
}
