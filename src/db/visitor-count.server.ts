/** The footer's visitor counter and the per-day tally behind the analytics. */
import { eq, sql } from "drizzle-orm";
import { immediate, type Db } from "./client.server";
import { visitLog, visitorCounter } from "./schema";
import { visitCounterStart } from "../shared/visit-labels";

/** Where the counter starts on a fresh database (the old site's figure, shared/visit-labels.ts). */
const initialCount = visitCounterStart;

/**
 * Adds one visit to the total and to `day`'s tally in one transaction; returns the new total. The
 * caller passes the day in the business timezone, so the analytics' days are the owner's days.
 */
export function countVisit(db: Db, day: string): number {
  return immediate(db, () => {
    const row = db
      .insert(visitorCounter)
      .values({ id: 1, count: initialCount + 1 })
      .onConflictDoUpdate({ target: visitorCounter.id, set: { count: sql`${visitorCounter.count} + 1`, updatedAt: new Date() } })
      .returning({ count: visitorCounter.count })
      .get();
    db.insert(visitLog)
      .values({ day, visits: 1 })
      .onConflictDoUpdate({ target: visitLog.day, set: { visits: sql`${visitLog.visits} + 1` } })
      .run();
    return row.count;
  });
}

/** The current total. */
export function readVisitCount(db: Db): number {
  return db.select({ count: visitorCounter.count }).from(visitorCounter).where(eq(visitorCounter.id, 1)).get()?.count ?? initialCount;
}
