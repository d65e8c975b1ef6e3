/** GET /: the home page, the same for every anonymous visitor, so publicly cached. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../server/deps";
import { servePage } from "../server/render-page";
import { homePage } from "./home";

export function homeRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", (c) => servePage(deps, c, homePage, { cache: "public" }));
}
