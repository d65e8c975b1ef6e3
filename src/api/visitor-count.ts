/** The footer's visitor counter: POST counts a visit, GET reads the total. */
import { Hono } from "hono";
import { countVisit, readVisitCount } from "../db/visitor-count.server";
import type { AppDeps, AppEnv } from "../server/deps";

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
