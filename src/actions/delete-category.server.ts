/**
 * The owner deletes a category (DELETE /api/admin/categories/{id}) that holds no products, with its
 * audit entry in one transaction (`deleteAdminCategory`); one that still holds products is refused.
 */
import { deleteAdminCategory } from "../db/admin-categories.server";
import type { AuditActor } from "../db/audit.server";
import { HttpError } from "../server/errors";
import { categoryHasProductsMessage } from "../shared/admin-categories";
import type { ActionDeps } from "./action";
import { unknownCategory } from "./admin-category.server";

/** Deletes category `categoryId` (0 for an id that names none) for `admin`, or throws 404 or 409 `has_products`. */
export function deleteCategoryByAdmin(deps: ActionDeps, admin: AuditActor, categoryId: number): void {
  if (categoryId === 0) throw unknownCategory();
  const result = deleteAdminCategory(deps.db, categoryId, admin);
  if (result.ok) return;
  if (result.reason === "not_found") throw unknownCategory();
  throw new HttpError(409, "has_products", categoryHasProductsMessage(result.count));
}
