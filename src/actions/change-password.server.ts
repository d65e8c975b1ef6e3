/**
 * A customer changes their password (POST /account/password): the current one first (a guess
 * counted like a sign-in, decision 026); the account's other sessions end and any reset link is void.
 */
import type { User } from "../db/schema";
import { setPasswordHash } from "../db/users.server";
import { hashPassword } from "../server/auth/crypto.server";
import { requireCurrentPassword } from "../server/auth/current-password.server";
import { deleteUserSessions } from "../server/auth/sessions.server";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";

/** Sets `newPassword` for `user`, keeping session `keepSessionId`; throws 400 or 429 under `currentPassword`. */
export async function changePassword(
  deps: ActionDeps,
  ip: string,
  user: User,
  keepSessionId: string | undefined,
  change: { currentPassword: string; newPassword: string },
): Promise<void> {
  await requireCurrentPassword(deps, ip, user, change.currentPassword, "Your current password is not correct");
  setPasswordHash(deps.db, user.id, await hashPassword(change.newPassword));
  deleteUserSessions(deps.db, user.id, keepSessionId);
  log.info("password changed", { userId: user.id });
}
