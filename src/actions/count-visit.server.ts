/**
 * A visit is counted (POST /api/visitor-count, from the footer): one more on the total and on
 * today's tally, today being the business's day in its time zone, so the analytics' days are the
 * owner's days. No limit: it sends nothing and adds one to two counters.
 */
import { getSettings } from "../db/settings.server";
import { countVisit as countVisitOn } from "../db/visitor-count.server";
import { localDate } from "../domain/timezone";
import type { ActionDeps } from "./action";

/** Counts one visit at `now`; answers the new total. */
export function countVisit(deps: Pick<ActionDeps, "db">, now = new Date()): number {
  return countVisitOn(deps.db, localDate(now, getSettings(deps.db).timezone));
}
