/**
 * The owner's analytics: the figures behind the charts for a range, counted in the business's time
 * zone (the same figures as a file: admin-analytics-export.server.ts).
 */
import { adminAnalytics } from "../db/admin-analytics.server";
import { getSettings } from "../db/settings.server";
import { type AdminAnalytics, type AnalyticsRange, defaultAnalyticsRange } from "../shared/admin-analytics";
import type { ReadDeps } from "./read";

/** The figures for `range` (30 days when none is given), counted in the business's time zone. */
export function analyticsFigures(deps: ReadDeps, range: AnalyticsRange | undefined): AdminAnalytics {
  const settings = getSettings(deps.db);
  return adminAnalytics(deps.db, range ?? defaultAnalyticsRange, settings.timezone, new Date(), settings.currency);
}
