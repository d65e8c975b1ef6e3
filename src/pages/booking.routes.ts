/** GET /booking (publicly cached); /booking?service=<id> opens a package directly and is rendered per request. */
import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../server/deps";
import { servePage } from "../server/render-page";
import { bookingPage } from "./booking";

export function showBooking(deps: AppDeps, c: Context<AppEnv>) {
  const service = c.req.query("service") ?? null;
  return servePage(deps, c, (site) => bookingPage(site, service), service ? {} : { cache: "public" });
}

export function bookingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/booking", (c) => showBooking(deps, c));
}
