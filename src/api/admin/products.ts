/**
 * The admin products API (behind requireAdmin):
 *
 *   GET    /api/admin/products?search=&category=&page=   one page of every product, active or not, and the categories
 *   PATCH  /api/admin/products/:id/pricing               { price, salePrice? } sets the whole pricing
 *   DELETE /api/admin/products/:id                       deletes the product (orders keep their snapshots)
 *
 * 400 malformed query, id or pricing (with field messages); 404 unknown product.
 */
import { Hono } from "hono";
import { z } from "zod";
import { listAdminProducts } from "../../db/admin-products.server";
import { deleteProduct, setProductPricing } from "../../db/products.server";
import type { AppDeps } from "../../server/deps";
import { badRequest, notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validParams, validQuery } from "../../server/validate";
import { type AdminProductList, adminProductsMaxPage, adminProductsMaxSearch, cleanAdminSearch, type ProductPricingResult } from "../../shared/admin-products";
import { productIdField } from "../../shared/cart";
import { productPricingSchema } from "../../shared/catalogue-edits";

const positiveWhole = (message: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));

const listQuerySchema = z.object({
  search: z.string().max(adminProductsMaxSearch, `Keep the search under ${adminProductsMaxSearch} characters`).optional(),
  category: positiveWhole("Choose a category", 2 ** 31 - 1).optional(),
  page: positiveWhole("Choose a page", adminProductsMaxPage).optional(),
});

const productParamSchema = z.object({ id: productIdField });

const unknownProduct = () => notFound("This product does not exist or was already deleted.");

export function adminProductsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/products", validQuery(listQuerySchema), (c) => {
      const q = c.req.valid("query");
      const body: AdminProductList = listAdminProducts(deps.db, { search: cleanAdminSearch(q.search), category: q.category ?? null, page: q.page ?? 1 });
      return c.json(body);
    })
    .patch("/products/:id/pricing", validParams(productParamSchema), validJson(productPricingSchema), (c) => {
      const result = setProductPricing(deps.db, c.req.valid("param").id, c.req.valid("json"), c.get("admin"));
      if (!result.ok) throw result.reason === "invalid" ? badRequest("Some fields need attention.", result.fields) : unknownProduct();
      const answer: ProductPricingResult = { id: result.id, price: result.price, salePrice: result.salePrice };
      return c.json(answer);
    })
    .delete("/products/:id", validParams(productParamSchema), (c) => {
      if (!deleteProduct(deps.db, c.req.valid("param").id, c.get("admin"))) throw unknownProduct();
      return c.json({ ok: true });
    });
}
