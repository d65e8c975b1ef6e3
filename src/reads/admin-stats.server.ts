/** What the admin dashboard's headline figures are, counted in the business's time zone. */
import { adminStats } from "../db/admin-stats.server";
import { getSettings } from "../db/settings.server";
import type { AdminStats } from "../shared/admin-stats";
import type { ReadDeps } from "./read";

/** The dashboard's headline figures, their days in the business's time zone. */
export function dashboardStats(deps: ReadDeps): AdminStats {
  return adminStats(deps.db, getSettings(deps.db).timezone);
}
