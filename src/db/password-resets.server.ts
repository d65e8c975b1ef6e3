/** One-time password reset tokens: only their hash is stored; they expire after an hour. */
import { and, eq, gt, isNull } from "drizzle-orm";
import { hashToken, randomToken } from "../server/auth/crypto.server";
import { immediate, type Db } from "./client.server";
import { passwordResets } from "./schema";

export const resetTtlMs = 60 * 60 * 1000;

/** Creates a reset token for a user; returns the token for the link. */
export function createPasswordReset(db: Db, userId: string, now = Date.now()): string {
  const token = randomToken(32);
  db.insert(passwordResets).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(now + resetTtlMs) }).run();
  return token;
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
    db.update(passwordResets).set({ usedAt: new Date(now) }).where(eq(passwordResets.tokenHash, hashToken(token))).run();
    return userId;
  });
}
