/** The footer's visitor counter: POST counts a visit atomically, GET reads the total. */
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { immediate, type Db } from "../db/client.server";
import { visitLog, visitorCounter } from "../db/schema";
import type { AppDeps, AppEnv } from "../server/deps";

/** Adds one visit to the total and to today's tally; returns the new total. */
export function countVisit(db: Db, day = new Date().toISOString().slice(0, 10)): number {
  return immediate(db, () => {
    const row = db
      .insert(visitorCounter)
      .values({ id: 1, count: 3334 })
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
  return db.select({ count: visitorCounter.count }).from(visitorCounter).where(eq(visitorCounter.id, 1)).get()?.count ?? 3333;
}

export function visitorCountApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post("/", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ count: countVisit(deps.db) });
    })
    .get("/", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ count: readVisitCount(deps.db) });
    });
}
