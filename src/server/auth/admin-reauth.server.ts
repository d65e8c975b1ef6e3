/**
 * The re-check of a signed-in admin before a sensitive change (decision 027): the password, and the
 * code of their authenticator app when two-factor sign-in is on. Guesses here are sign-in guesses:
 * counted on the username's sign-in limit before the password is checked, and a wrong or reused
 * code counts like a wrong password. A code is accepted once, as at sign-in.
 */
import { findAdminById, markAdminTokenReauthenticated, totpEnabled, verifySecondFactor } from "../../db/admins.server";
import type { AppDeps } from "../deps";
import { log } from "../log.server";
import { verifyPassword } from "./crypto.server";

export type AdminReauth =
  | { outcome: "limited"; retryAfter: number }
  | { outcome: "wrong_password" }
  | { outcome: "code_required" }
  | { outcome: "wrong_code" }
  | { outcome: "ok" };

/** Checks `password` (and `code`) of the admin holding `tokenHash`; on success the token counts as re-authenticated now. */
export async function checkAdminReauth(deps: AppDeps, adminId: number, tokenHash: string, password: string, code?: string): Promise<AdminReauth> {
  const admin = findAdminById(deps.db, adminId);
  if (!admin) return { outcome: "wrong_password" };
  const limiter = deps.limits.adminSignInByUsername;
  // Taken before any await: the reservation is the count.
  const retryAfter = limiter.hit(admin.username);
  if (retryAfter > 0) {
    log.warn("admin re-authentication rate limited", { adminId });
    return { outcome: "limited", retryAfter };
  }
  if (!(await verifyPassword(password, admin.passwordHash))) {
    log.warn("admin re-authentication failed", { adminId });
    return { outcome: "wrong_password" };
  }
  if (totpEnabled(admin)) {
    if (code === undefined) {
      // The right password without its code is no failed guess: it gives back its own hit.
      limiter.release(admin.username);
      return { outcome: "code_required" };
    }
    if (!verifySecondFactor(deps.db, deps.secrets, admin.id, code)) {
      log.warn("admin re-authentication failed: wrong or reused code", { adminId });
      return { outcome: "wrong_code" };
    }
  }
  limiter.release(admin.username);
  markAdminTokenReauthenticated(deps.db, tokenHash);
  log.info("admin re-authenticated", { adminId });
  return { outcome: "ok" };
}
