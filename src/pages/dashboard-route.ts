/** GET /dashboard and the dashboard's booking cancellation form (works with JavaScript off). */
import type { Context } from "hono";
import { cancelOwnBooking } from "../db/bookings.server";
import { dashboardData } from "../db/dashboard.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { log } from "../server/log.server";
import { servePage } from "../server/render-page";
import { dashboardPage, signedOutPage } from "./dashboard";

const notices: Record<string, string> = {
  passwordReset: "Your new password is saved, and every other device was signed out.",
  cancelled: "Your booking was cancelled and the time released.",
  notCancelled: "That booking could not be cancelled: only your own pending bookings can be.",
};

export function showDashboard(deps: AppDeps, c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) return servePage(deps, c, (site) => signedOutPage(site, "/dashboard"), { cache: false });
  const key = c.req.query("passwordReset") === "1" ? "passwordReset" : (c.req.query("notice") ?? "");
  const data = dashboardData(deps.db, user.id);
  return servePage(deps, c, (site) => dashboardPage(site, data, notices[key]), { cache: false });
}

/** POST /bookings/:id/cancel: a customer cancels their own pending booking. */
export function submitCancelBooking(deps: AppDeps, c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) return servePage(deps, c, (site) => signedOutPage(site, "/dashboard"), { cache: false });
  const cancelled = cancelOwnBooking(deps.db, c.req.param("id") ?? "", user.id);
  if (cancelled) log.info("booking cancelled by customer", { bookingId: cancelled.id });
  return c.redirect(`/dashboard?notice=${cancelled ? "cancelled" : "notCancelled"}`, 303);
}
