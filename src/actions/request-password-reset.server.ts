/**
 * A visitor asks for a link to choose a new password (POST /forgot-password). The answer is the
 * same whether or not the address has an account, and whether or not the link goes at once: beyond
 * the address's hourly mail limit it waits until the hour allows it (decision 071).
 */
import { createPasswordResetMail } from "../db/password-resets.server";
import { findUserByEmail } from "../db/users.server";
import { mailContext } from "../mail/context.server";
import { passwordResetMail } from "../mail/templates/accounts";
import { log } from "../server/log.server";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";

/** Five requests per connection in 15 minutes (the `passwordReset` limiter). */
export const passwordResetLimit: ActionLimit = {
  limiter: (limits) => limits.passwordReset,
  key: (ip) => ip,
  message: "Too many requests. Please wait a few minutes and try again.",
};

/** E-mails a reset link to the account of `email`, if there is one and it is not suspended; throws 429 past the limit. */
export function requestPasswordReset(deps: ActionDeps, ip: string, email: string, now = new Date()): void {
  spendLimit(deps, passwordResetLimit, ip);
  const user = findUserByEmail(deps.db, email);
  if (!user || user.suspendedAt) return;
  const ctx = mailContext(deps);
  const token = createPasswordResetMail(
    deps.db,
    user.id,
    (t) => passwordResetMail(user.email, `${ctx.origin}/reset-password?token=${t}`, ctx.businessName),
    now,
  );
  if (token !== null) deps.outbox.kick();
  log.info("password reset requested", { userId: user.id, sent: token !== null });
}
