/** GET /about, publicly cached. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../server/deps";
import { servePage } from "../server/render-page";
import { aboutPage } from "./about";

export function aboutRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/about", (c) => servePage(deps, c, aboutPage, { cache: "public" }));
}
