/**
 * Choosing a new password from an e-mailed link. The token is looked up (cheap) before the new
 * password is hashed (argon2, deliberately slow), so junk tokens cannot make the server hash on
 * demand; attempts are limited per address and per token.
 */
import { completePasswordReset, peekPasswordReset } from "../../db/password-resets.server";
import type { User } from "../../db/schema";
import type { AppDeps } from "../deps";
import { log } from "../log.server";
import { hashPassword, hashToken } from "./crypto.server";

export type PasswordReset = { outcome: "limited"; retryAfter: number } | { outcome: "invalid" } | { outcome: "ok"; user: User };

/** Sets `password` for the token's user and ends their sessions; the caller signs them in afresh. */
export async function resetPasswordWithToken(deps: AppDeps, ip: string, token: string, password: string): Promise<PasswordReset> {
  const limiter = deps.limits.passwordResetSubmit;
  const retryAfter = Math.max(limiter.hit(`address:${ip}`), limiter.hit(`token:${hashToken(token)}`));
  if (retryAfter > 0) {
    log.warn("password reset rate limited", { ip });
    return { outcome: "limited", retryAfter };
  }
  if (!peekPasswordReset(deps.db, token)) return { outcome: "invalid" };
  const passwordHash = await hashPassword(password);
  // Checked again inside the transaction: the link may have been used while we were hashing.
  const user = completePasswordReset(deps.db, token, passwordHash);
  if (!user) return { outcome: "invalid" };
  log.info("password reset", { userId: user.id });
  return { outcome: "ok", user };
}
