/**
 * A customer changes their name or e-mail address (POST /account/profile). A new address needs the
 * current password (a guess counted like a sign-in, decision 026), ends the account's other
 * sessions and starts unconfirmed, with the link that confirms it queued in the same transaction.
 */
import type { User } from "../db/schema";
import { updateProfile } from "../db/users.server";
import { requireCurrentPassword } from "../server/auth/current-password.server";
import { deleteUserSessions } from "../server/auth/sessions.server";
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";
import { queueEmailVerification } from "./account-mail.server";

/** The profile form's checked fields. */
export type ProfileChange = { firstName: string; lastName: string; email: string; currentPassword: string };

/**
 * Saves `change` for `user` (signed in with session `keepSessionId`, which stays signed in);
 * throws 400 or 429 under `currentPassword`, or 409 under `email` when another account has it.
 */
export async function changeProfile(deps: ActionDeps, ip: string, user: User, keepSessionId: string | undefined, change: ProfileChange): Promise<void> {
  const emailChanged = change.email !== user.email;
  if (emailChanged) await requireCurrentPassword(deps, ip, user, change.currentPassword, "Your current password is needed to change your e-mail");
  const saved = updateProfile(deps.db, user.id, change, (changed) => {
    deleteUserSessions(deps.db, user.id, keepSessionId);
    queueEmailVerification(deps, changed);
  });
  if (!saved) throw new HttpError(409, "email_taken", "Another account uses this e-mail", { email: "Another account uses this e-mail" });
  if (emailChanged) {
    deps.outbox.kick();
    log.info("e-mail changed", { userId: user.id });
  }
}
