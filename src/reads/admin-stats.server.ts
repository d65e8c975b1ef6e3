/** What the admin dashboard's headline figures are, counted in the business's time zone. */
import { adminStats } from "../db/admin-stats.server";
import { getSettings } from "../db/settings.server";
import type { AdminRole } from "../domain/admin-roles";
import type { AdminStats, DashboardStats, StaffStats } from "../shared/admin-stats";
import type { ReadDeps } from "./read";

/** A staff member's figures from the owner's: revenue and the count of every order left out. */
function staffStats({ totalProducts, pendingOrders, recentBookings }: AdminStats): StaffStats {
  return { totalProducts, pendingOrders, recentBookings };
}

/**
 * The dashboard's headline figures, their days in the business's time zone. Staff see the work,
 * not the business's money (decision 072): their answer never holds the revenue or the order total.
 */
export function dashboardStats(deps: ReadDeps, role: AdminRole = "owner"): DashboardStats {
  const settings = getSettings(deps.db);
  const stats = adminStats(deps.db, settings.timezone, new Date(), settings.currency);
  return role === "owner" ? stats : staffStats(stats);
}
