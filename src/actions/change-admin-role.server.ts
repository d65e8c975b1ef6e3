/**
 * An owner makes another admin an owner or staff (PATCH /api/admin/admins/{id}, after the password
 * again), audited in the same transaction (`setAdminRole`), which never leaves the business without
 * an owner.
 */
import { type CurrentAdmin, listAdminAccounts, setAdminRole } from "../db/admins.server";
import type { AdminRole } from "../domain/admin-roles";
import { notFound } from "../server/errors";
import { log } from "../server/log.server";
import { type AdminAccountView, adminAccountMessages } from "../shared/admin-admins";
import type { ActionDeps } from "./action";
import { adminAccountRefused } from "./admin-account.server";

/** Gives admin `adminId` the role `role` for `admin`; answers them as the list shows them, or throws 404 or 409 `last_owner`. */
export function changeAdminRoleByAdmin(deps: ActionDeps, admin: CurrentAdmin, adminId: number, role: AdminRole): AdminAccountView {
  const result = setAdminRole(deps.db, admin, adminId, role);
  if (!result.ok) throw adminAccountRefused(result.reason);
  if (result.changed) log.info("admin role changed", { adminId: String(adminId), role, by: admin.username });
  const view = listAdminAccounts(deps.db, admin.id).find((a) => a.id === adminId);
  if (!view) throw notFound(adminAccountMessages.unknown);
  return view;
}
