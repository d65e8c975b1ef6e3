/**
 * An admin changes their own password (POST /api/admin/account/password): the current one is a
 * sign-in guess (the username's sign-in budget, spent before the check), then the new hash is written
 * and every other sign-in of theirs ended, audited (kind "account") in one transaction
 * (`changeOwnAdminPassword`). The sign-in that asked stays.
 */
import { type CurrentAdmin, changeOwnAdminPassword, findAdminById } from "../db/admins.server";
import { hashPassword, verifyPassword } from "../server/auth/crypto.server";
import { badRequest, notFound } from "../server/errors";
import { log } from "../server/log.server";
import { type AdminPasswordChangeInput, adminAccountMessages, type SessionsEnded } from "../shared/admin-admins";
import type { ActionDeps } from "./action";
import { passwordGuessRight, spendPasswordGuess } from "./password-guess.server";

/**
 * Changes `admin`'s password from `input.currentPassword` to `input.newPassword`, keeping the sign-in
 * whose token hash is `keepTokenHash`; answers how many other sign-ins ended, or throws 400, 404 or 429.
 */
export async function changeOwnAdminPasswordByAdmin(
  deps: ActionDeps,
  admin: CurrentAdmin,
  keepTokenHash: string,
  input: AdminPasswordChangeInput,
): Promise<SessionsEnded> {
  const stored = findAdminById(deps.db, admin.id);
  if (!stored) throw notFound(adminAccountMessages.unknown);
  spendPasswordGuess(deps, stored.username);
  if (!(await verifyPassword(input.currentPassword, stored.passwordHash))) {
    throw badRequest("Some fields need attention.", { currentPassword: adminAccountMessages.wrongCurrent });
  }
  passwordGuessRight(deps, stored.username);
  const changed = changeOwnAdminPassword(deps.db, admin, await hashPassword(input.newPassword), keepTokenHash);
  if (!changed) throw notFound(adminAccountMessages.unknown);
  log.info("admin changed own password", { adminId: stored.id, otherSignInsEnded: changed.ended });
  return changed;
}
