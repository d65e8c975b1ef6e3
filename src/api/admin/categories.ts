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
import { createCategoryByAdmin } from "../../actions/create-category.server";
import { deleteCategoryByAdmin } from "../../actions/delete-category.server";
import { editCategoryByAdmin } from "../../actions/edit-category.server";
import { reorderCategoriesByAdmin } from "../../actions/reorder-categories.server";
import { adminCategories } from "../../reads/admin-categories.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validParams } from "../../server/validate";
import { categoryCreateSchema, categoryReorderSchema, categoryUpdateSchema } from "../../shared/admin-categories";

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

export function adminCategoriesApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/categories", (c) => c.json(adminCategories(deps)))
    .post("/categories", validJson(categoryCreateSchema), (c) => c.json(createCategoryByAdmin(deps, c.get("admin"), c.req.valid("json")), 201))
    .post("/categories/reorder", validJson(categoryReorderSchema), (c) => c.json(reorderCategoriesByAdmin(deps, c.get("admin"), c.req.valid("json").ids)))
    .patch("/categories/:id", validParams(categoryParamSchema), validJson(categoryUpdateSchema), (c) =>
      c.json(editCategoryByAdmin(deps, c.get("admin"), c.req.valid("param").id, c.req.valid("json"))),
    )
    .delete("/categories/:id", validParams(categoryParamSchema), (c) => {
      deleteCategoryByAdmin(deps, c.get("admin"), c.req.valid("param").id);
      return c.json({ ok: true });
    });
}
