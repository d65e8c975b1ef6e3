/**
 * The owner changes a category (PATCH /api/admin/categories/{id}): name, slug, description, shown or
 * hidden, with its audit entry in one transaction (`updateAdminCategory`), the shop's pages fresh at
 * their next request.
 */
import { updateAdminCategory } from "../db/admin-categories.server";
import type { AuditActor } from "../db/audit.server";
import type { AdminCategoryRow, CategoryUpdate } from "../shared/admin-categories";
import type { ActionDeps } from "./action";
import { unknownCategory, writtenCategoryOrThrow } from "./admin-category.server";

/** Applies `edit` to category `categoryId` (0 for an id that names none) for `admin`; answers it, or throws 400 or 404. */
export function editCategoryByAdmin(deps: ActionDeps, admin: AuditActor, categoryId: number, edit: CategoryUpdate): AdminCategoryRow {
  if (categoryId === 0) throw unknownCategory();
  return writtenCategoryOrThrow(updateAdminCategory(deps.db, categoryId, edit, admin));
}
