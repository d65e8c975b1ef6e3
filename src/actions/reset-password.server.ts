/**
 * A customer chooses a new password from an e-mailed link (POST /reset-password). Attempts are
 * limited per connection and per link (the `passwordResetSubmit` limiter, both counted); the token
 * is looked up (cheap) before the new password is hashed (argon2, deliberately slow), so junk
 * tokens cannot make the server hash on demand. The handler signs the customer in afresh.
 */
import { completePasswordReset, peekPasswordReset } from "../db/password-resets.server";
import type { User } from "../db/schema";
import { hashPassword, hashToken } from "../server/auth/crypto.server";
import { HttpError, tooManyRequests } from "../server/errors";
import { log } from "../server/log.server";
import type { ActionDeps, ActionLimit } from "./action";

const tooMany = "Too many attempts to reset a password. Please wait a few minutes and try again.";

/** Ten attempts per connection in 15 minutes. */
export const resetByAddressLimit: ActionLimit = { limiter: (limits) => limits.passwordResetSubmit, key: (ip) => `address:${ip}`, message: tooMany };

/** Ten attempts per link in 15 minutes, whichever connections they come from. */
export const resetByLinkLimit: ActionLimit = { limiter: (limits) => limits.passwordResetSubmit, key: (token) => `token:${hashToken(token)}`, message: tooMany };

/** What the customer is told of a link that is unknown, used, expired or of a suspended account. */
export const invalidResetLinkMessage = "This reset link is not valid any more. Please ask for a new one.";

/**
 * Sets `password` for the link's account and ends every session of it; answers the account, or
 * throws 400 (the link is no good) or 429 with Retry-After.
 */
export async function resetPassword(deps: ActionDeps, ip: string, token: string, password: string): Promise<User> {
  // Both budgets are counted whatever the first answers.
  const byAddress = resetByAddressLimit.limiter(deps.limits).hit(resetByAddressLimit.key(ip));
  const retryAfter = Math.max(byAddress, resetByLinkLimit.limiter(deps.limits).hit(resetByLinkLimit.key(token)));
  if (retryAfter > 0) {
    log.warn("password reset rate limited", { ip });
    throw tooManyRequests(tooMany, retryAfter);
  }
  if (!peekPasswordReset(deps.db, token)) throw new HttpError(400, "invalid_link", invalidResetLinkMessage);
  const passwordHash = await hashPassword(password);
  // Checked again inside the transaction: the link may have been used while we were hashing.
  const user = completePasswordReset(deps.db, token, passwordHash);
  if (!user) throw new HttpError(400, "invalid_link", invalidResetLinkMessage);
  log.info("password reset", { userId: user.id });
  return user;
}
