/** What the reset-password page needs to know of its link: whether it still works. */
import { peekPasswordReset } from "../db/password-resets.server";
import type { ReadDeps } from "./read";

/** Whether `token` is a reset link still unused and unexpired; asking does not use it up. */
export function passwordResetLinkWorks(deps: ReadDeps, token: string): boolean {
  return peekPasswordReset(deps.db, token) !== null;
}
