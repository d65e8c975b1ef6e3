/**
 * GET /api/products: the products the shop shows (active, in an active category), each with its
 * `image` and category. Optional ?category=&q=&sort= filter exactly as the shop page does.
 */
import { Hono } from "hono";
import { z } from "zod";
import { categorySlugPattern, maxSearchLength, sortValues } from "../domain/catalogue";
import { shownProducts } from "../reads/shop.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { validQuery } from "../server/validate";

const productQuerySchema = z.object({
  category: z.string().max(100, "Choose a category").regex(categorySlugPattern, "Choose a category").optional(),
  q: z.string().max(maxSearchLength, `Keep the search under ${maxSearchLength} characters`).optional(),
  sort: z.enum(sortValues, "Choose a sort order").optional(),
});

export function productsApi(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", validQuery(productQuerySchema), (c) => c.json(shownProducts(deps, c.req.valid("query"))));
}
