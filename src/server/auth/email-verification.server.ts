/** Sending the link that proves a customer's e-mail address (at sign-up, on change, on request). */
import { createEmailVerification } from "../../db/email-verifications.server";
import { getSettings } from "../../db/settings.server";
import { findUserById } from "../../db/users.server";
import { enqueueMail } from "../../mail/outbox.server";
import { emailVerificationMail } from "../../mail/templates/accounts";
import type { AppDeps } from "../deps";
import { log } from "../log.server";
import { siteOrigin } from "../origin";

/** Queues a verification link to the user's current address. */
export function sendEmailVerification(deps: AppDeps, user: { id: string; email: string }) {
  const token = createEmailVerification(deps.db, user.id, user.email);
  const link = `${siteOrigin(deps)}/verify-email?token=${token}`;
  enqueueMail(deps.db, emailVerificationMail(user.email, link, getSettings(deps.db).businessName));
  deps.outbox.kick();
  log.info("e-mail verification sent", { userId: user.id });
}

export type ResendOutcome = { outcome: "sent" | "already-verified" | "unknown" } | { outcome: "limited"; retryAfter: number };

/** "Send the link again": limited per account, so nobody can flood an inbox through us. */
export function resendEmailVerification(deps: AppDeps, userId: string): ResendOutcome {
  const user = findUserById(deps.db, userId);
  if (!user) return { outcome: "unknown" };
  if (user.emailVerifiedAt) return { outcome: "already-verified" };
  const retryAfter = deps.limits.emailVerification.hit(userId);
  if (retryAfter > 0) return { outcome: "limited", retryAfter };
  sendEmailVerification(deps, user);
  return { outcome: "sent" };
}
