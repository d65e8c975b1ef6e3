/** GET /dashboard and the booking cancellation form of the dashboard and the booking's page (works with JavaScript off). */
import { Hono, type Context } from "hono";
import { cancelBooking } from "../actions/cancel-booking.server";
import { bookingPagePath, bookingReferencePattern } from "../domain/booking";
import { paypalPageSecurity } from "../payments/paypal-config.server";
import { customerDashboard } from "../reads/dashboard.server";
import { rescheduleMessages } from "../shared/booking-reschedule";
import type { AppDeps, AppEnv } from "../server/deps";
import { HttpError } from "../server/errors";
import { readForm } from "../server/form";
import { extendSecurityHeaders } from "../server/middleware/security-headers";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { dashboardPage } from "./dashboard";

const notices: Record<string, string> = {
  passwordReset: "Your new password is saved, and every other device was signed out.",
  emailConfirmed: "Your e-mail address is confirmed and you are signed in. You can book and order now.",
  cancelled: "Your booking was cancelled and the time released.",
  moved: rescheduleMessages.moved,
  notCancelled: "That booking could not be cancelled: only your own pending bookings can be.",
};

/** What the cancel form's answer says on the booking's page (`?notice=`), as on the dashboard. */
export const bookingCancelNotices: ReadonlyMap<string, string> = new Map([
  ["cancelled", notices.cancelled ?? ""],
  ["notCancelled", notices.notCancelled ?? ""],
]);

export function showDashboard(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = c.get("user");
  const key = c.req.query("passwordReset") === "1" ? "passwordReset" : (c.req.query("notice") ?? "");
  const view = customerDashboard(deps, user);
  // PayPal's checkout needs its hosts in the security headers, only when a booking can be paid.
  if (view.paypalCheckout) extendSecurityHeaders(c, paypalPageSecurity);
  return servePage(deps, c, (site) =>
    dashboardPage(site, view.data, Object.hasOwn(notices, key) ? notices[key] : undefined, view.orders, view.payments, { paypalClientId: view.paypalClientId }),
  );
}

/**
 * POST /bookings/:id/cancel: a customer cancels their own pending booking (the action POST
 * /api/bookings/{id}/cancel calls). The answer leads back where the form was: the booking's page
 * when it sent the booking's `reference`, else the dashboard.
 */
export async function submitCancelBooking(deps: AppDeps, c: Context<CustomerEnv>) {
  const reference = ((await readForm(c, 40)).reference ?? "").toUpperCase();
  // Only an address of the form /bookings/bk-…, never one taken from the form as it came.
  const back = bookingReferencePattern.test(reference) ? bookingPagePath(reference) : "/dashboard";
  try {
    await cancelBooking(deps, c.get("user"), c.req.param("id") ?? "");
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return c.redirect(`${back}?notice=notCancelled`, 303);
    throw error;
  }
  return c.redirect(`${back}?notice=cancelled`, 303);
}

export function dashboardRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps, { returnTo: "/dashboard" });
  return new Hono<AppEnv>()
    .get("/dashboard", customer, (c) => showDashboard(deps, c))
    .post("/bookings/:id/cancel", customer, (c) => submitCancelBooking(deps, c));
}
