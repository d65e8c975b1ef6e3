/** The footer's visitor counter: POST counts a visit (on today's date in the business timezone), GET reads the total. */
import { Hono } from "hono";
import { getSettings } from "../db/settings.server";
import { countVisit, readVisitCount } from "../db/visitor-count.server";
import { localDate } from "../domain/timezone";
import type { AppDeps, AppEnv } from "../server/deps";

export function visitorCountApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post("/", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ count: countVisit(deps.db, localDate(new Date(), getSettings(deps.db).timezone)) });
    })
    .get("/", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ count: readVisitCount(deps.db) });
    });
}
