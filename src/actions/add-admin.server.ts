/**
 * An owner adds an admin (POST /api/admin/admins, after the password again): the password hashed, the
 * account written with its audit entry (kind "admins", never the password) in one transaction
 * (`addAdminAccount`), and the log line.
 */
import { addAdminAccount, type CurrentAdmin, listAdminAccounts } from "../db/admins.server";
import { hashPassword } from "../server/auth/crypto.server";
import { HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import { type AdminAccountView, type AdminCreateInput, adminAccountMessages } from "../shared/admin-admins";
import type { ActionDeps } from "./action";

/** Adds the admin `input` for `admin`; answers them as the list shows them, or throws 409 `username_taken`. */
export async function addAdminByAdmin(deps: ActionDeps, admin: CurrentAdmin, input: AdminCreateInput): Promise<AdminAccountView> {
  const { username, password, role } = input;
  const added = addAdminAccount(deps.db, admin, username, await hashPassword(password), role);
  if (!added) throw new HttpError(409, "username_taken", adminAccountMessages.usernameTaken, { username: adminAccountMessages.usernameTaken });
  log.info("admin added", { username, role, by: admin.username });
  const view = listAdminAccounts(deps.db, admin.id).find((a) => a.id === added.id);
  if (!view) throw notFound(adminAccountMessages.unknown);
  return view;
}
