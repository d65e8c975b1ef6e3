/** GET /dashboard and the dashboard's booking cancellation form (works with JavaScript off). */
import { Hono, type Context } from "hono";
import { cancelBooking } from "../actions/cancel-booking.server";
import { paypalPageSecurity } from "../payments/paypal-config.server";
import { customerDashboard } from "../reads/dashboard.server";
import { rescheduleMessages } from "../shared/booking-reschedule";
import type { AppDeps, AppEnv } from "../server/deps";
import { HttpError } from "../server/errors";
import { extendSecurityHeaders } from "../server/middleware/security-headers";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { dashboardPage } from "./dashboard";

const notices: Record<string, string> = {
  passwordReset: "Your new password is saved, and every other device was signed out.",
  cancelled: "Your booking was cancelled and the time released.",
  moved: rescheduleMessages.moved,
  notCancelled: "That booking could not be cancelled: only your own pending bookings can be.",
};

export function showDashboard(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = c.get("user");
  const key = c.req.query("passwordReset") === "1" ? "passwordReset" : (c.req.query("notice") ?? "");
  const view = customerDashboard(deps, user);
  // PayPal's checkout needs its hosts in the security headers, only when a booking can be paid.
  if (view.paypalCheckout) extendSecurityHeaders(c, paypalPageSecurity);
  return servePage(deps, c, (site) => dashboardPage(site, view.data, notices[key], view.orders, view.payments, { paypalClientId: view.paypalClientId }));
}

/** POST /bookings/:id/cancel: a customer cancels their own pending booking (the action POST /api/bookings/{id}/cancel calls). */
export function submitCancelBooking(deps: AppDeps, c: Context<CustomerEnv>) {
  try {
    cancelBooking(deps, c.get("user"), c.req.param("id") ?? "");
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return c.redirect("/dashboard?notice=notCancelled", 303);
    throw error;
  }
  return c.redirect("/dashboard?notice=cancelled", 303);
}

export function dashboardRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps, { returnTo: "/dashboard" });
  return new Hono<AppEnv>()
    .get("/dashboard", customer, (c) => showDashboard(deps, c))
    .post("/bookings/:id/cancel", customer, (c) => submitCancelBooking(deps, c));
}
