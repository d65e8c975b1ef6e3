/** Sending the link that proves a customer's e-mail address (at sign-up, on change, on request). */
import { createEmailVerification } from "../../db/email-verifications.server";
import { getSettings } from "../../db/settings.server";
import { findUserByEmail, findUserById } from "../../db/users.server";
import { enqueueCustomerMail, type MailMessage } from "../../mail/outbox.server";
import { emailVerificationMail, signUpAttemptMail } from "../../mail/templates/accounts";
import type { AppDeps } from "../deps";
import { log } from "../log.server";
import { siteOrigin } from "../origin";

/**
 * Queues a verification link to the user's current address. Like all mail a visitor's request
 * causes, it counts against the address's hourly limit; beyond it nothing is sent (false).
 */
export function sendEmailVerification(deps: AppDeps, user: { id: string; email: string }): boolean {
  const token = createEmailVerification(deps.db, user.id, user.email);
  const link = `${siteOrigin(deps)}/verify-email?token=${token}`;
  const sent = queueWithinLimit(deps, emailVerificationMail(user.email, link, getSettings(deps.db).businessName));
  log.info("e-mail verification sent", { userId: user.id, sent });
  return sent;
}

/** Queues a message to a customer's address unless it has had its hourly share (then false), and wakes the outbox. */
function queueWithinLimit(deps: AppDeps, message: MailMessage): boolean {
  const sent = enqueueCustomerMail(deps.db, message, new Date(), "skip") !== null;
  if (sent) deps.outbox.kick();
  return sent;
}

/**
 * Someone signed up with `email`, which already has an account: its owner is told instead (within
 * the address's hourly mail limit), and the visitor sees the same answer as for a new address.
 */
export function tellAccountHolderOfSignUp(deps: AppDeps, email: string) {
  const holder = findUserByEmail(deps.db, email);
  if (!holder) return;
  const sent = queueWithinLimit(deps, signUpAttemptMail(holder.email, siteOrigin(deps), getSettings(deps.db).businessName));
  log.info("sign-up with an existing address", { userId: holder.id, sent });
}

export type ResendOutcome = { outcome: "sent" | "already-verified" | "unknown" } | { outcome: "limited"; retryAfter: number };

/** "Send the link again": limited per account, so nobody can flood an inbox through us. */
export function resendEmailVerification(deps: AppDeps, userId: string): ResendOutcome {
  const user = findUserById(deps.db, userId);
  if (!user) return { outcome: "unknown" };
  if (user.emailVerifiedAt) return { outcome: "already-verified" };
  const retryAfter = deps.limits.emailVerification.hit(userId);
  if (retryAfter > 0) return { outcome: "limited", retryAfter };
  // Over the address's hourly mail limit: say so rather than claim a message was sent.
  if (!sendEmailVerification(deps, user)) return { outcome: "limited", retryAfter: 60 * 60 };
  return { outcome: "sent" };
}
