/**
 * Customer sessions. The cookie holds a random 256-bit token; the database keeps only its SHA-256
 * (`sessions.sid`). Sessions last 30 days and slide forward at most once an hour.
 */
import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { prepared } from "../../db/prepared.server";
import { sessions, users, type User } from "../../db/schema";
import { hashToken, randomToken } from "./crypto.server";

export const sessionTtlMs = 30 * 24 * 60 * 60 * 1000;
const slideAfterMs = 60 * 60 * 1000;

/**
 * Creates a session for `userId`; returns the token for the cookie. A new token every sign-in. The
 * user's first ever sign-in is recorded, and its session marked `firstSignIn`.
 */
export function createSession(db: Db, userId: string, now = Date.now()): { token: string; sid: string; expire: Date } {
  const token = randomToken(32);
  const sid = hashToken(token);
  const expire = new Date(now + sessionTtlMs);
  db.$client
    .transaction(() => {
      const first =
        db
          .update(users)
          .set({ firstSignedInAt: new Date(now) })
          .where(and(eq(users.id, userId), isNull(users.firstSignedInAt)))
          .returning({ id: users.id })
          .all().length === 1;
      db.insert(sessions)
        .values({ sid, sess: { userId, createdAt: now, ...(first ? { firstSignIn: true } : {}) }, expire })
        .run();
    })
    .immediate();
  return { token, sid, expire };
}

/** `firstSignIn`: this session began the user's very first sign-in. */
export type ValidSession = { user: User; sid: string; expire: Date; renewed: boolean; firstSignIn: boolean };

/** The session for a cookie token, sliding its expiry when due; null when unknown, expired or suspended. */
export function validateSession(db: Db, token: string, now = Date.now()): ValidSession | null {
  if (!token || token.length > 100) return null;
  const sid = hashToken(token);
  const row = prepared(db, "session-by-sid", (d) =>
    d
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sql.placeholder("sid")))
      .prepare(),
  ).get({ sid });
  if (!row) return null;
  if (row.expire.getTime() <= now) {
    db.delete(sessions).where(eq(sessions.sid, sid)).run();
    return null;
  }
  const user = prepared(db, "user-by-id", (d) =>
    d
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id: row.sess.userId });
  if (!user || user.suspendedAt) {
    db.delete(sessions).where(eq(sessions.sid, sid)).run();
    return null;
  }
  let expire = row.expire;
  let renewed = false;
  if (expire.getTime() - now < sessionTtlMs - slideAfterMs) {
    expire = new Date(now + sessionTtlMs);
    db.update(sessions).set({ expire }).where(eq(sessions.sid, sid)).run();
    renewed = true;
  }
  return { user, sid, expire, renewed, firstSignIn: row.sess.firstSignIn === true };
}

/** Ends one session. */
export function deleteSession(db: Db, sid: string) {
  db.delete(sessions).where(eq(sessions.sid, sid)).run();
}

/** Ends every session of a user, except `keepSid` when given. */
export function deleteUserSessions(db: Db, userId: string, keepSid?: string) {
  const ofUser = sql`json_extract(${sessions.sess}, '$.userId') = ${userId}`;
  db.delete(sessions)
    .where(keepSid ? and(ofUser, ne(sessions.sid, keepSid)) : ofUser)
    .run();
}

/** Removes expired sessions (run now and then). */
export function purgeExpiredSessions(db: Db, now = Date.now()) {
  db.delete(sessions)
    .where(lt(sessions.expire, new Date(now)))
    .run();
}
