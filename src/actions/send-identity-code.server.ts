/**
 * A client on an old sign-in asks for a code by e-mail to show it is still them before a download
 * (decision 081): for an account without a password (Google), or by choice. Six digits, hashed on
 * the session, good for 10 minutes and 5 guesses, sent to the confirmed address only; three codes
 * an hour per account, and the address's hourly share of mail, so nobody can flood an inbox.
 */
import { randomInt } from "node:crypto";
import { findUserById } from "../db/users.server";
import { mailContext } from "../mail/context.server";
import { RecipientMailLimitError } from "../mail/outbox.server";
import { identityCodeMail } from "../mail/templates/identity-code";
import { storeIdentityCodeMail } from "../server/auth/recent-sign-in.server";
import { HttpError, tooManyRequests } from "../server/errors";
import { log } from "../server/log.server";
import { identityCheckMessages } from "../shared/case-room";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";

/** Three codes an hour per account (the `emailVerification` limiter's budget, under its own key). */
export const identityCodeLimit: ActionLimit = {
  limiter: (limits) => limits.emailVerification,
  key: (userId) => `identity-code:${userId}`,
  message: identityCheckMessages.tooManyCodes,
};

/** E-mails `userId` a new code for session `sessionId`; throws 400 without a confirmed address, 429 past the limits. */
export function sendIdentityCode(deps: ActionDeps, userId: string, sessionId: string, now = new Date()): void {
  const user = findUserById(deps.db, userId);
  if (!user) throw new HttpError(401, "unauthorized", "Unauthorized");
  if (!user.emailVerifiedAt) throw new HttpError(400, "email_unconfirmed", identityCheckMessages.noConfirmedEmail);
  spendLimit(deps, identityCodeLimit, userId);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  try {
    storeIdentityCodeMail(deps.db, sessionId, code, identityCodeMail(user.email, code, mailContext(deps).businessName), now);
  } catch (error) {
    if (error instanceof RecipientMailLimitError) throw tooManyRequests(identityCheckMessages.tooManyCodes, 60 * 60);
    throw error;
  }
  deps.outbox.kick();
  log.info("identity code sent", { userId });
}
