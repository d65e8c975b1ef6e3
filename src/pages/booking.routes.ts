/**
 * GET /booking (publicly cached); /booking?service=<id> opens a package directly and is rendered
 * per request. GET /bookings/{reference}: one of the customer's bookings, its summary and what they
 * can do with it now (owner only; anyone else, or a malformed reference, gets the 404 page; never
 * cached).
 */
import { Hono, type Context } from "hono";
import { bookingReferencePattern } from "../domain/booking";
import { paypalPageSecurity } from "../payments/paypal-config.server";
import { ownBookingPage } from "../reads/bookings.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { extendSecurityHeaders } from "../server/middleware/security-headers";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { bookingPage } from "./booking";
import { bookingSummaryPage } from "./booking-summary";
import { bookingCancelNotices } from "./dashboard.routes";
import { notFoundPage } from "./not-found";

export function showBooking(deps: AppDeps, c: Context<AppEnv>) {
  const service = c.req.query("service") ?? null;
  return servePage(deps, c, (site) => bookingPage(site, service), service ? {} : { cache: "public" });
}

/** GET /bookings/{reference} (routing lowercases paths; references are stored in capitals); `?notice=` says what the cancel form did. */
export function showBookingSummary(deps: AppDeps, c: Context<CustomerEnv>) {
  const reference = (c.req.param("reference") ?? "").toUpperCase();
  const view = bookingReferencePattern.test(reference) ? ownBookingPage(deps, c.get("user").id, reference) : undefined;
  if (!view) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  // PayPal's checkout needs its hosts in the security headers, only while the booking can be paid.
  if (view.paypalCheckout) extendSecurityHeaders(c, paypalPageSecurity);
  const notice = bookingCancelNotices.get(c.req.query("notice") ?? "");
  return servePage(deps, c, (site) => bookingSummaryPage(site, view, notice));
}

export function bookingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/booking", (c) => showBooking(deps, c)).get("/bookings/:reference", requireCustomer(deps), (c) => showBookingSummary(deps, c));
}
