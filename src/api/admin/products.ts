/**
 * The admin products API (behind requireAdmin):
 *
 *   GET    /api/admin/products?search=&category=&page=   one page of every product, active or not, and the categories
 *   GET    /api/admin/products/new                       the editor's categories for a new product
 *   GET    /api/admin/products/:id                       the product as the editor's form holds it, and the categories
 *   POST   /api/admin/products                           creates a product from the editor's form (201)
 *   PUT    /api/admin/products/:id                       replaces a product with the editor's form
 *   PATCH  /api/admin/products/:id/pricing               { price, salePrice? } sets the whole pricing
 *   DELETE /api/admin/products/:id                       deletes the product (orders keep their snapshots)
 *
 * 400 malformed query, id, pricing or product (with field messages); 404 unknown product; 409 a slug
 * or SKU another product has (named in `fields`). Rules: docs/product.md#product-editor.
 */
import { Hono } from "hono";
import { z } from "zod";
import { getNewProductEditor, getProductEditor, listAdminProducts, type ProductSave, saveProduct } from "../../db/admin-products.server";
import { deleteProduct, setProductPricing } from "../../db/products.server";
import type { AppDeps } from "../../server/deps";
import { badRequest, HttpError, notFound } from "../../server/errors";
import { siteOrigin } from "../../server/origin";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validParams, validQuery } from "../../server/validate";
import { productFormSchema, type ProductSaved } from "../../shared/admin-product-editor";
import { type AdminProductList, adminProductsList, type ProductPricingResult } from "../../shared/admin-products";
import { productIdField } from "../../shared/cart";
import { productPricingSchema } from "../../shared/catalogue-edits";

const productParamSchema = z.object({ id: productIdField });

const unknownProduct = () => notFound("This product does not exist or was already deleted.");

/** The saved product, or the 400, 404 or 409 of a refused save. */
function savedOrThrow(result: ProductSave): ProductSaved {
  if (result.ok) return result.product;
  if (result.reason === "not_found") throw unknownProduct();
  if (result.reason === "conflict") {
    const which = Object.keys(result.fields).join(" and ").replace("sku", "SKU");
    throw new HttpError(409, "conflict", `Another product has this ${which}.`, result.fields);
  }
  throw badRequest("Some fields need attention.", result.fields);
}

export function adminProductsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/products", validQuery(adminProductsList.schema), (c) => {
      const body: AdminProductList = listAdminProducts(deps.db, c.req.valid("query"));
      return c.json(body);
    })
    .get("/products/new", (c) => c.json(getNewProductEditor(deps.db)))
    .get("/products/:id", validParams(productParamSchema), (c) => {
      const data = getProductEditor(deps.db, c.req.valid("param").id);
      if (!data) throw unknownProduct();
      return c.json(data);
    })
    .post("/products", validJson(productFormSchema), (c) => {
      return c.json(savedOrThrow(saveProduct(deps.db, null, c.req.valid("json"), c.get("admin"))), 201);
    })
    .put("/products/:id", validParams(productParamSchema), validJson(productFormSchema), (c) => {
      // A restock from nothing queues back-in-stock e-mails in the same transaction; send them now.
      const saved = savedOrThrow(
        saveProduct(deps.db, c.req.valid("param").id, c.req.valid("json"), c.get("admin"), { origin: siteOrigin(deps), secrets: deps.secrets }),
      );
      deps.outbox.kick();
      return c.json(saved);
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
