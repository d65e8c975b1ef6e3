/**
 * The stored side of recovery codes (decision 039): hashes only, each used once. These run inside
 * the caller's immediate transaction (sign-in, turning two-factor sign-in on or off).
 */
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "./client.server";
import { adminRecoveryCodes } from "./schema";

/**
 * Marks the unused code with `codeHash` used; true when there was one. One guarded statement, so
 * of any number of sign-ins racing with the same code exactly one gets it.
 */
export function consumeRecoveryCode(db: Db, adminId: number, codeHash: string, now: number): boolean {
  const used = db
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(adminRecoveryCodes.adminId, adminId), eq(adminRecoveryCodes.codeHash, codeHash), isNull(adminRecoveryCodes.usedAt)))
    .returning({ id: adminRecoveryCodes.id })
    .all();
  return used.length === 1;
}

/** Replaces every code of the admin (used or not) with the new ones. */
export function replaceRecoveryCodes(db: Db, adminId: number, hashes: readonly string[], now: number): void {
  deleteRecoveryCodes(db, adminId);
  if (hashes.length === 0) return;
  db.insert(adminRecoveryCodes)
    .values(hashes.map((codeHash) => ({ adminId, codeHash, createdAt: new Date(now) })))
    .run();
}

/** Forgets every code of the admin (two-factor sign-in turned off). */
export function deleteRecoveryCodes(db: Db, adminId: number): void {
  db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId)).run();
}

/** How many of the admin's codes are still unused. */
export function recoveryCodesLeft(db: Db, adminId: number): number {
  return (
    db
      .select({ n: count() })
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)))
      .get()?.n ?? 0
  );
}
