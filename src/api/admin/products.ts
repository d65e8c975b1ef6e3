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
import { createProductByAdmin } from "../../actions/create-product.server";
import { deleteProductByAdmin } from "../../actions/delete-product.server";
import { editProductByAdmin } from "../../actions/edit-product.server";
import { unknownProduct } from "../../actions/admin-product.server";
import { setProductPricingByAdmin } from "../../actions/set-product-pricing.server";
import { adminProductsPage, newProductEditor, productEditor } from "../../reads/admin-products.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validParams, validQuery } from "../../server/validate";
import { productFormSchema } from "../../shared/admin-product-editor";
import { type AdminProductList, adminProductsList } from "../../shared/admin-products";
import { productIdField } from "../../shared/cart";
import { productPricingSchema } from "../../shared/catalogue-edits";

const productParamSchema = z.object({ id: productIdField });

export function adminProductsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/products", validQuery(adminProductsList.schema), (c) => {
      const body: AdminProductList = adminProductsPage(deps, c.req.valid("query"));
      return c.json(body);
    })
    .get("/products/new", (c) => c.json(newProductEditor(deps)))
    .get("/products/:id", validParams(productParamSchema), (c) => {
      const data = productEditor(deps, c.req.valid("param").id);
      if (!data) throw unknownProduct();
      return c.json(data);
    })
    .post("/products", validJson(productFormSchema), (c) => c.json(createProductByAdmin(deps, c.get("admin"), c.req.valid("json")), 201))
    .put("/products/:id", validParams(productParamSchema), validJson(productFormSchema), (c) =>
      c.json(editProductByAdmin(deps, c.get("admin"), c.req.valid("param").id, c.req.valid("json"))),
    )
    .patch("/products/:id/pricing", validParams(productParamSchema), validJson(productPricingSchema), (c) =>
      c.json(setProductPricingByAdmin(deps, c.get("admin"), c.req.valid("param").id, c.req.valid("json"))),
    )
    .delete("/products/:id", validParams(productParamSchema), (c) => {
      deleteProductByAdmin(deps, c.get("admin"), c.req.valid("param").id);
      return c.json({ ok: true });
    });
}
