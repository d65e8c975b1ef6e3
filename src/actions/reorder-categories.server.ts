/**
 * The owner puts the categories in a new display order (POST /api/admin/categories/reorder): every
 * category's id once, written with its audit entry in one transaction (`reorderCategories`).
 */
import { reorderCategories } from "../db/admin-categories.server";
import type { AuditActor } from "../db/audit.server";
import { badRequest } from "../server/errors";
import type { AdminCategoryRow } from "../shared/admin-categories";
import type { ActionDeps } from "./action";

/** Orders the categories as `ids` for `admin`; answers them in that order, or throws 400 for an incomplete order. */
export function reorderCategoriesByAdmin(deps: ActionDeps, admin: AuditActor, ids: number[]): AdminCategoryRow[] {
  const result = reorderCategories(deps.db, ids, admin);
  if (!result.ok) throw badRequest("Some fields need attention.", result.fields);
  return result.categories;
}
