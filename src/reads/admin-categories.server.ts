/** What the owner sees of the categories: every one, active or not, in display order, with its product count. */
import { listAdminCategories } from "../db/admin-categories.server";
import type { AdminCategoryRow } from "../shared/admin-categories";
import type { ReadDeps } from "./read";

/** Every category in display order, with how many products each holds. */
export function adminCategories(deps: ReadDeps): AdminCategoryRow[] {
  return listAdminCategories(deps.db);
}
