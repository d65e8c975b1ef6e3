/**
 * One-time links that prove a customer owns their e-mail address. Only the token's hash is stored,
 * with the address it was sent to: a link sent before an e-mail change cannot verify the new one.
 */
import { and, eq, gt, lt } from "drizzle-orm";
import { enqueueCustomerMail, type MailMessage } from "../mail/outbox.server";
import { hashToken, randomToken } from "../server/auth/crypto.server";
import { immediate, type Db } from "./client.server";
import { emailVerifications, users, type User } from "./schema";

export const verificationTtlMs = 48 * 60 * 60 * 1000;

/** Creates a link token for the user's current address; returns the token. */
export function createEmailVerification(db: Db, userId: string, email: string, now = Date.now()): string {
  const token = randomToken(32);
  db.insert(emailVerifications)
    .values({ tokenHash: hashToken(token), userId, email: email.toLowerCase(), expiresAt: new Date(now + verificationTtlMs) })
    .run();
  return token;
}

/**
 * Creates a link token for the user's current address and queues `mail(token)` to it in one
 * transaction. When the address already had its hourly share of mail, nothing is kept or sent and
 * the result is null.
 */
export function createEmailVerificationMail(db: Db, userId: string, email: string, mail: (token: string) => MailMessage, now = new Date()): string | null {
  return immediate(db, () => {
    const token = createEmailVerification(db, userId, email, now.getTime());
    if (enqueueCustomerMail(db, mail(token), now, "skip") !== null) return token;
    db.delete(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashToken(token)))
      .run();
    return null;
  });
}

/**
 * Marks the token's user verified and uses up all their links. Null when the token is unknown or
 * expired, or the account's address is no longer the one the link was sent to.
 */
export function verifyEmailToken(db: Db, token: string, now = Date.now()): User | null {
  return immediate(db, () => {
    const link = db
      .select()
      .from(emailVerifications)
      .where(and(eq(emailVerifications.tokenHash, hashToken(token)), gt(emailVerifications.expiresAt, new Date(now))))
      .get();
    if (!link) return null;
    const user = db.select().from(users).where(eq(users.id, link.userId)).get();
    if (!user || user.email !== link.email) return null;
    db.delete(emailVerifications).where(eq(emailVerifications.userId, user.id)).run();
    if (user.emailVerifiedAt) return user;
    return (
      db
        .update(users)
        .set({ emailVerifiedAt: new Date(now) })
        .where(eq(users.id, user.id))
        .returning()
        .get() ?? null
    );
  });
}

/** Removes expired links (at start-up and hourly). */
export function purgeStaleEmailVerifications(db: Db, now = Date.now()) {
  db.delete(emailVerifications)
    .where(lt(emailVerifications.expiresAt, new Date(now)))
    .run();
}
