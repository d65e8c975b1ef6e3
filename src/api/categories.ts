/** GET /api/categories: active categories in display order, each with its count of shown products. */
import { Hono } from "hono";
import { activeCategories } from "../reads/shop.server";
import type { AppDeps, AppEnv } from "../server/deps";

export function categoriesApi(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", (c) => c.json(activeCategories(deps)));
}
