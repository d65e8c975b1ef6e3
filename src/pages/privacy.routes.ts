/** GET /privacy, publicly cached. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../server/deps";
import { servePage } from "../server/render-page";
import { privacyPage } from "./privacy";

export function privacyRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/privacy", (c) => servePage(deps, c, privacyPage, { cache: "public" }));
}
