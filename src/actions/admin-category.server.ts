/** What the category actions share: the answer to a category that is not there, and a write turned into its answer. */
import type { CategoryWrite } from "../db/admin-categories.server";
import { badRequest, notFound } from "../server/errors";
import type { AdminCategoryRow } from "../shared/admin-categories";

/** The 404 of a category id that names no category. */
export const unknownCategory = () => notFound("This category does not exist or was already deleted.");

/** The written category, or the 404 or 400 (field messages) of a refused write. */
export function writtenCategoryOrThrow(result: CategoryWrite): AdminCategoryRow {
  if (result.ok) return result.category;
  if (result.reason === "not_found") throw unknownCategory();
  throw badRequest("Some fields need attention.", result.fields);
}
