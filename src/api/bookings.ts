/**
 * Booking API: the caller's bookings, booking a slot (POST /api/bookings/calendar), cancelling
 * their own pending booking, moving their own booking to another free time
 * (POST /api/bookings/{id}/reschedule), and downloading its calendar invitation. Each write is one
 * action (src/actions/), the same one the plain forms call.
 */
import { Hono } from "hono";
import { bookAppointment } from "../actions/book-appointment.server";
import { bookingInvitation } from "../actions/booking-mail.server";
import { cancelBooking } from "../actions/cancel-booking.server";
import { moveBooking } from "../actions/move-booking.server";
import { bookingPagePath } from "../domain/booking";
import { mailContext } from "../mail/context.server";
import { ownBooking, ownBookings, type Booking } from "../reads/bookings.server";
import { bookingSchema } from "../shared/booking";
import { rescheduleSchema } from "../shared/booking-reschedule";
import type { AppDeps, AppEnv } from "../server/deps";
import { notFound } from "../server/errors";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { validJson } from "../server/validate";

const publicBooking = (b: Booking) => ({
  id: b.id,
  reference: b.reference,
  /** The booking's own page (its summary), for its owner. */
  path: b.reference ? bookingPagePath(b.reference) : null,
  serviceName: b.serviceName,
  servicePrice: b.servicePrice,
  originalPrice: b.originalPrice,
  /** The currency both prices are in: the one it was booked in. */
  currency: b.currency,
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
    return c.json(ownBookings(deps, signedInUser(c).id).map(publicBooking));
  });

  api.post("/calendar", validJson(bookingSchema), (c) => c.json(publicBooking(bookAppointment(deps, signedInUser(c), c.req.valid("json"))), 201));

  api.post("/:id/cancel", async (c) => c.json(publicBooking(await cancelBooking(deps, signedInUser(c), c.req.param("id")))));

  api.post("/:id/reschedule", validJson(rescheduleSchema), (c) =>
    c.json(publicBooking(moveBooking(deps, signedInUser(c), c.req.param("id"), c.req.valid("json")))),
  );

  api.get("/:id/ics", (c) => {
    const user = signedInUser(c);
    const booking = ownBooking(deps, c.req.param("id"), user.id);
    if (!booking) throw notFound("No booking of yours has this id.");
    return c.body(bookingInvitation(booking, mailContext(deps), user.email), 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="appointment-${booking.appointmentDate}.ics"`,
      "Cache-Control": "private, no-store",
    });
  });

  return api;
}
