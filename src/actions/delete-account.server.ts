/**
 * A customer deletes their own account (POST /account/delete), after their current password (a
 * guess counted like a sign-in, decision 026). What goes and what the business keeps is
 * `deleteAccount`'s (db/users.server.ts); the handler clears the cookie.
 */
import type { User } from "../db/schema";
import { deleteAccount } from "../db/users.server";
import { requireCurrentPassword } from "../server/auth/current-password.server";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";

/** Deletes `user`'s account; throws 400 or 429 under `currentPassword`. */
export async function deleteOwnAccount(deps: ActionDeps, ip: string, user: User, currentPassword: string): Promise<void> {
  await requireCurrentPassword(deps, ip, user, currentPassword, "Your current password is not correct");
  deleteAccount(deps.db, user.id);
  log.info("account deleted", { userId: user.id });
}
