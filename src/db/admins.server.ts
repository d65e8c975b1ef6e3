/**
 * Admins and their bearer tokens. A token is 256 random bits handed to the browser once; the
 * database keeps only its SHA-256, so a copy of the database signs nobody in. A token lives while
 * it is used: it expires after 8 idle hours, and logout (or a password reset) deletes it.
 */
import { and, count, eq, gt, lt } from "drizzle-orm";
import { hashToken, randomToken } from "../server/auth/crypto.server";
import { type Db, immediate } from "./client.server";
import { adminTokens, admins } from "./schema";

export type Admin = typeof admins.$inferSelect;
/** What the portal may know about the signed-in admin. */
export type CurrentAdmin = { id: number; username: string };

export const adminIdleMs = 8 * 60 * 60 * 1000;
/** A token's expiry slides forward at most once a minute, so reads do not each write. */
const slideAfterMs = 60 * 1000;

export function countAdmins(db: Db): number {
  return db.select({ n: count() }).from(admins).get()?.n ?? 0;
}

export function findAdminByUsername(db: Db, username: string): Admin | undefined {
  return db.select().from(admins).where(eq(admins.username, username)).get();
}

/** Creates an admin; null when the username is taken. */
export function createAdmin(db: Db, username: string, passwordHash: string): Admin | null {
  return immediate(db, () => {
    if (findAdminByUsername(db, username)) return null;
    return db.insert(admins).values({ username, passwordHash }).returning().get() ?? null;
  });
}

/** Sets an admin's password and ends every token they hold; false when there is no such admin. */
export function setAdminPassword(db: Db, username: string, passwordHash: string): boolean {
  return immediate(db, () => {
    const admin = findAdminByUsername(db, username);
    if (!admin) return false;
    db.update(admins).set({ passwordHash, updatedAt: new Date() }).where(eq(admins.id, admin.id)).run();
    db.delete(adminTokens).where(eq(adminTokens.adminId, admin.id)).run();
    return true;
  });
}

/** A new token for `adminId` (a new one at every sign-in); the caller hands it to the browser. */
export function createAdminToken(db: Db, adminId: number, now = Date.now()): string {
  const token = randomToken(32);
  db.insert(adminTokens)
    .values({ tokenHash: hashToken(token), adminId, lastUsedAt: new Date(now), expiresAt: new Date(now + adminIdleMs) })
    .run();
  return token;
}

/** The admin a bearer token belongs to, sliding its idle expiry; null when unknown, expired or revoked. */
export function validateAdminToken(db: Db, token: string, now = Date.now()): { admin: CurrentAdmin; tokenHash: string } | null {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const row = db
    .select({ id: admins.id, username: admins.username, lastUsedAt: adminTokens.lastUsedAt })
    .from(adminTokens)
    .innerJoin(admins, eq(admins.id, adminTokens.adminId))
    .where(and(eq(adminTokens.tokenHash, tokenHash), gt(adminTokens.expiresAt, new Date(now))))
    .get();
  if (!row) return null;
  if (now - row.lastUsedAt.getTime() > slideAfterMs) {
    db.update(adminTokens)
      .set({ lastUsedAt: new Date(now), expiresAt: new Date(now + adminIdleMs) })
      .where(eq(adminTokens.tokenHash, tokenHash))
      .run();
  }
  return { admin: { id: row.id, username: row.username }, tokenHash };
}

/** Revokes one token (logout). */
export function revokeAdminToken(db: Db, tokenHash: string) {
  db.delete(adminTokens).where(eq(adminTokens.tokenHash, tokenHash)).run();
}

/** Deletes expired tokens (housekeeping). */
export function purgeExpiredAdminTokens(db: Db, now = Date.now()) {
  db.delete(adminTokens)
    .where(lt(adminTokens.expiresAt, new Date(now)))
    .run();
}
