/**
 * The owner's categories (behind requireAdmin):
 *
 *   GET    /api/admin/categories           every category, active or not, in display order, with product counts
 *   POST   /api/admin/categories           { name, slug?, description? } adds one at the end of the order
 *   PATCH  /api/admin/categories/:id       { name?, slug?, description?, isActive? } changes one
 *   POST   /api/admin/categories/reorder   { ids } every category's id once, in the new order
 *   DELETE /api/admin/categories/:id       deletes one that has no products
 *
 * 400 with field messages (nothing written) for a bad body, a taken name or slug, or an incomplete
 * order; 404 for an unknown category; 409 for deleting one that still has products.
 */
import { Hono } from "hono";
import { z } from "zod";
import {
  createCategory,
  deleteAdminCategory,
  listAdminCategories,
  reorderCategories,
  updateAdminCategory,
  type CategoryWrite,
} from "../../db/admin-categories.server";
import type { AppDeps } from "../../server/deps";
import { badRequest, HttpError, notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validParams } from "../../server/validate";
import { categoryCreateSchema, categoryHasProductsMessage, categoryReorderSchema, categoryUpdateSchema } from "../../shared/admin-categories";

const unknownCategory = () => notFound("This category does not exist or was already deleted.");

/** Any id that is not a positive whole number names no category: 404, like an unknown one. */
const categoryParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1)
        .max(2 ** 31 - 1),
    )
    .catch(0),
});

function answer(result: CategoryWrite) {
  if (result.ok) return result.category;
  if (result.reason === "not_found") throw unknownCategory();
  throw badRequest("Some fields need attention.", result.fields);
}

export function adminCategoriesApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/categories", (c) => c.json(listAdminCategories(deps.db)))
    .post("/categories", validJson(categoryCreateSchema), (c) => c.json(answer(createCategory(deps.db, c.req.valid("json"), c.get("admin"))), 201))
    .post("/categories/reorder", validJson(categoryReorderSchema), (c) => {
      const result = reorderCategories(deps.db, c.req.valid("json").ids, c.get("admin"));
      if (!result.ok) throw badRequest("Some fields need attention.", result.fields);
      return c.json(result.categories);
    })
    .patch("/categories/:id", validParams(categoryParamSchema), validJson(categoryUpdateSchema), (c) => {
      const id = c.req.valid("param").id;
      if (id === 0) throw unknownCategory();
      return c.json(answer(updateAdminCategory(deps.db, id, c.req.valid("json"), c.get("admin"))));
    })
    .delete("/categories/:id", validParams(categoryParamSchema), (c) => {
      const id = c.req.valid("param").id;
      if (id === 0) throw unknownCategory();
      const result = deleteAdminCategory(deps.db, id, c.get("admin"));
      if (result.ok) return c.json({ ok: true });
      if (result.reason === "not_found") throw unknownCategory();
      throw new HttpError(409, "has_products", categoryHasProductsMessage(result.count));
    });
}
