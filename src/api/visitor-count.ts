/** The footer's visitor counter: POST counts a visit (on today's date in the business timezone), GET reads the total. */
import { Hono } from "hono";
import { countVisit } from "../actions/count-visit.server";
import { visitCount } from "../reads/visitor-count.server";
import type { AppDeps, AppEnv } from "../server/deps";

export function visitorCountApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post("/", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ count: countVisit(deps) });
    })
    .get("/", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ count: visitCount(deps) });
    });
}
