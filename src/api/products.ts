/**
 * GET /api/products: the products the shop shows (active, in an active category), each with its
 * `image` and category. Optional ?category=&q=&sort= filter exactly as the shop page does.
 */
import { Hono } from "hono";
import { z } from "zod";
import { categorySlugPattern, filterCatalogue, maxSearchLength, readShopQuery, sortValues } from "../domain/catalogue";
import { listVisibleProducts, toCatalogueItem } from "../db/products.server";
import { approvedRatingSummaries } from "../db/reviews.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { validQuery } from "../server/validate";

const productQuerySchema = z.object({
  category: z.string().max(100, "Choose a category").regex(categorySlugPattern, "Choose a category").optional(),
  q: z.string().max(maxSearchLength, `Keep the search under ${maxSearchLength} characters`).optional(),
  sort: z.enum(sortValues, "Choose a sort order").optional(),
});

export function productsApi(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", validQuery(productQuerySchema), (c) => {
    const products = listVisibleProducts(deps.db);
    const params = c.req.valid("query");
    if (!params.category && !params.q && !params.sort) return c.json(products);
    // A well-formed but unknown category simply matches nothing.
    const query = { ...readShopQuery(params), category: params.category ?? null };
    const ratings = approvedRatingSummaries(deps.db);
    const byId = new Map(products.map((p) => [p.id, p]));
    return c.json(
      filterCatalogue(
        products.map((p) => toCatalogueItem(p, ratings)),
        query,
      ).map((item) => {
        const product = byId.get(item.id);
        if (!product) throw new Error(`catalogue item ${item.id} is not one of the listed products`);
        return product;
      }),
    );
  });
}
