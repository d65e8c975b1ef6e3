/**
 * The account e-mails the account actions share: the link that proves an address (at sign-up, on
 * an e-mail change, on request) and the notice to an address someone tried to sign up with again.
 * Both are caused by a visitor, so both stay within the address's hourly mail limit; beyond it a
 * new link is not sent and the notice waits for the hour (decision 071), and the visitor's answer
 * does not say so (decision 025).
 */
import { createEmailVerificationMail } from "../db/email-verifications.server";
import { mailContext } from "../mail/context.server";
import { enqueueCustomerMail } from "../mail/outbox.server";
import { emailVerificationMail, signUpAttemptMail } from "../mail/templates/accounts";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";

/**
 * Queues a verification link to `user`'s current address, in the caller's transaction when there
 * is one; false when the address is over its hourly limit (then nothing is kept or sent).
 */
export function queueEmailVerification(deps: Pick<ActionDeps, "db" | "env">, user: { id: string; email: string }, now = new Date()): boolean {
  const ctx = mailContext(deps);
  const token = createEmailVerificationMail(
    deps.db,
    user.id,
    user.email,
    (t) => emailVerificationMail(user.email, `${ctx.origin}/verify-email?token=${t}`, ctx.businessName),
    now,
  );
  log.info("e-mail verification sent", { userId: user.id, sent: token !== null });
  return token !== null;
}

/** Tells the holder of `email` that someone tried to sign up with it (within its hourly limit). */
export function tellAccountHolderOfSignUp(deps: Pick<ActionDeps, "db" | "env">, holder: { id: string; email: string }, now = new Date()): boolean {
  const ctx = mailContext(deps);
  // Beyond the address's hour it waits (decision 071): the holder still learns of it, once.
  const sent = enqueueCustomerMail(deps.db, signUpAttemptMail(holder.email, ctx.origin, ctx.businessName), now, "hold") !== null;
  log.info("sign-up with an existing address", { userId: holder.id, sent });
  return sent;
}
