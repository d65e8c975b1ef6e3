/**
 * A signed-in customer asks for the confirmation link again (POST /verify-email/resend, from the
 * dashboard, the booking page and the shop's notices): limited per account, so nobody can flood an
 * inbox through us. The budget is spent only when there is an address to prove: asking again once
 * it is confirmed costs nothing.
 */
import { findUserById } from "../db/users.server";
import { HttpError, tooManyRequests } from "../server/errors";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";
import { queueEmailVerification } from "./account-mail.server";

const tooMany = "We have sent several links already. Please check your inbox (and spam folder), or try again in an hour.";

/** Three links an hour per account (the `emailVerification` limiter). */
export const emailVerificationLimit: ActionLimit = { limiter: (limits) => limits.emailVerification, key: (userId) => userId, message: tooMany };

/**
 * Sends `userId` a new link; answers "sent", or "already-verified" when there is nothing to prove.
 * Throws 401 for an account that is gone, and 429 past the limit or when the address had its hourly
 * share of mail (then it says so rather than claim a message was sent).
 */
export function resendEmailVerification(deps: ActionDeps, userId: string): "sent" | "already-verified" {
  const user = findUserById(deps.db, userId);
  if (!user) throw new HttpError(401, "unauthorized", "Unauthorized");
  if (user.emailVerifiedAt) return "already-verified";
  spendLimit(deps, emailVerificationLimit, userId);
  if (!queueEmailVerification(deps, user)) throw tooManyRequests(tooMany, 60 * 60);
  deps.outbox.kick();
  return "sent";
}
