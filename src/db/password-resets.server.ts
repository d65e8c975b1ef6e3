/** One-time password reset tokens: only their hash is stored; they expire after an hour. */
import { and, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import { enqueueCustomerMail, mailDueAt, type MailMessage } from "../mail/outbox.server";
import { hashToken, randomToken } from "../server/auth/crypto.server";
import { deleteUserSessions } from "../server/auth/sessions.server";
import { immediate, type Db } from "./client.server";
import { passwordResets, type User } from "./schema";
import { findUserById, setPasswordHash } from "./users.server";

export const resetTtlMs = 60 * 60 * 1000;

/** Creates a reset token for a user; returns the token for the link. */
export function createPasswordReset(db: Db, userId: string, now = Date.now()): string {
  const token = randomToken(32);
  db.insert(passwordResets)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(now + resetTtlMs) })
    .run();
  return token;
}

/**
 * Creates a reset token and queues `mail(token)` to the user in one transaction. When their
 * address already had its hourly share of mail, the message waits until the hour allows it
 * (decision 071), and its link then works for the usual hour from when it is sent.
 */
export function createPasswordResetMail(db: Db, userId: string, mail: (token: string) => MailMessage, now = new Date()): string | null {
  return immediate(db, () => {
    const token = createPasswordReset(db, userId, now.getTime());
    const id = enqueueCustomerMail(db, mail(token), now, "hold");
    const sendAt = id === null ? null : mailDueAt(db, id);
    if (sendAt && sendAt.getTime() > now.getTime()) {
      db.update(passwordResets)
        .set({ expiresAt: new Date(sendAt.getTime() + resetTtlMs) })
        .where(eq(passwordResets.tokenHash, hashToken(token)))
        .run();
    }
    return token;
  });
}

/** The user a still-valid token belongs to, without using it up. */
export function peekPasswordReset(db: Db, token: string, now = Date.now()): string | null {
  const row = db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date(now))))
    .get();
  return row?.userId ?? null;
}

/** Uses a token up (once): returns its user, or null when unknown, used or expired. */
export function consumePasswordReset(db: Db, token: string, now = Date.now()): string | null {
  return immediate(db, () => {
    const userId = peekPasswordReset(db, token, now);
    if (!userId) return null;
    db.update(passwordResets)
      .set({ usedAt: new Date(now) })
      .where(eq(passwordResets.tokenHash, hashToken(token)))
      .run();
    return userId;
  });
}

/**
 * Sets a new password from a reset link, all at once: the token is used up (with every other
 * outstanding one of the user, through setPasswordHash) and every session ends. Null when the
 * token is unknown, used or expired, or the account is suspended.
 */
export function completePasswordReset(db: Db, token: string, passwordHash: string, now = Date.now()): User | null {
  return immediate(db, () => {
    const userId = consumePasswordReset(db, token, now);
    const user = userId ? findUserById(db, userId) : undefined;
    if (!user || user.suspendedAt) return null;
    setPasswordHash(db, user.id, passwordHash);
    deleteUserSessions(db, user.id);
    return user;
  });
}

/** Removes used and expired tokens (at start-up and hourly). */
export function purgeStalePasswordResets(db: Db, now = Date.now()) {
  db.delete(passwordResets)
    .where(or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, new Date(now))))
    .run();
}
