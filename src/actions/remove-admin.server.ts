/**
 * An owner removes another admin (DELETE /api/admin/admins/{id}, after the password again), audited
 * in the same transaction (`removeAdminAccount`), which keeps at least one admin and one owner.
 */
import { type CurrentAdmin, removeAdminAccount } from "../db/admins.server";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";
import { adminAccountRefused } from "./admin-account.server";

/** Removes admin `adminId` for `admin`, or throws 404 or 409 (oneself, the last admin, the last owner). */
export function removeAdminByAdmin(deps: ActionDeps, admin: CurrentAdmin, adminId: number): void {
  const result = removeAdminAccount(deps.db, admin, adminId);
  if (!result.ok) throw adminAccountRefused(result.reason);
  log.info("admin removed", { username: result.username, by: admin.username });
}
