/**
 * GET /booking (publicly cached); /booking?service=<id> opens a package directly and is rendered
 * per request. GET /bookings/{reference}: one of the customer's bookings, its summary (owner only;
 * anyone else, or a malformed reference, gets the 404 page; never cached).
 */
import { Hono, type Context } from "hono";
import { bookingReferencePattern } from "../domain/booking";
import { ownBookingByReference } from "../reads/bookings.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { bookingPage } from "./booking";
import { bookingSummaryPage } from "./booking-summary";
import { notFoundPage } from "./not-found";

export function showBooking(deps: AppDeps, c: Context<AppEnv>) {
  const service = c.req.query("service") ?? null;
  return servePage(deps, c, (site) => bookingPage(site, service), service ? {} : { cache: "public" });
}

/** GET /bookings/{reference} (routing lowercases paths; references are stored in capitals). */
export function showBookingSummary(deps: AppDeps, c: Context<CustomerEnv>) {
  const reference = (c.req.param("reference") ?? "").toUpperCase();
  const booking = bookingReferencePattern.test(reference) ? ownBookingByReference(deps, reference, c.get("user").id) : undefined;
  if (!booking?.reference) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  const summary = { ...booking, reference: booking.reference };
  return servePage(deps, c, (site) => bookingSummaryPage(site, summary));
}

export function bookingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/booking", (c) => showBooking(deps, c)).get("/bookings/:reference", requireCustomer(deps), (c) => showBookingSummary(deps, c));
}
