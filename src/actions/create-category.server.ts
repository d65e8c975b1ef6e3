/**
 * The owner adds a category (POST /api/admin/categories) at the end of the display order, with its
 * audit entry in one transaction (`createCategory`), the shop's pages fresh at their next request.
 */
import { createCategory } from "../db/admin-categories.server";
import type { AuditActor } from "../db/audit.server";
import type { AdminCategoryRow, CategoryCreate } from "../shared/admin-categories";
import type { ActionDeps } from "./action";
import { writtenCategoryOrThrow } from "./admin-category.server";

/** Adds the category `input` for `admin`; answers it, or throws 400 (a taken name or slug). */
export function createCategoryByAdmin(deps: ActionDeps, admin: AuditActor, input: CategoryCreate): AdminCategoryRow {
  return writtenCategoryOrThrow(createCategory(deps.db, input, admin));
}
