/**
 * Admin sign-in, limited per username and per address (5 failures in 15 minutes). As for
 * customers, the attempt is counted before the password is checked, so a burst of parallel
 * guesses cannot pass the limit; an unknown username costs the same argon2 check as a wrong
 * password, so neither the answer nor its timing tells them apart. An admin with two-factor
 * sign-in also needs the code of their authenticator app or one of their recovery codes; a wrong or
 * reused code counts like a wrong password, but is answered as a wrong code: the code is asked only
 * after the password was right, so saying so tells nothing to someone without the password
 * (decision 039).
 */
import { type Admin, findAdminByUsername, totpEnabled, verifySecondFactor } from "../../db/admins.server";
import type { AppDeps } from "../deps";
import { log } from "../log.server";
import { dummyPasswordHash, verifyPassword } from "./crypto.server";

export type AdminSignIn =
  | { outcome: "limited"; retryAfter: number }
  | { outcome: "invalid" }
  | { outcome: "code_required" }
  | { outcome: "wrong_code" }
  | { outcome: "ok"; admin: Admin };

export async function checkAdminSignIn(deps: AppDeps, ip: string, username: string, password: string, code?: string): Promise<AdminSignIn> {
  const { adminSignInByAddress, adminSignInByUsername } = deps.limits;
  const key = username.toLowerCase();
  // Both hits are taken synchronously, before any await: the reservation is the count. The
  // username counts even when the address is refused, and its lock is never evicted (decision 023).
  const byAddress = adminSignInByAddress.hit(ip);
  const retryAfter = Math.max(byAddress, adminSignInByUsername.hit(key));
  if (retryAfter > 0) {
    log.warn("admin sign-in rate limited", { ip, username: key });
    return { outcome: "limited", retryAfter };
  }
  const admin = findAdminByUsername(deps.db, key);
  const ok = await verifyPassword(password, admin?.passwordHash ?? (await dummyPasswordHash()));
  if (!admin || !ok) {
    log.warn("admin sign-in failed", { ip, username: key });
    return { outcome: "invalid" };
  }
  if (totpEnabled(admin)) {
    if (code === undefined) {
      // The right password asking for the code is no failed guess: it gives back its own hits,
      // but never clears the username's count, which also holds the wrong codes.
      adminSignInByUsername.release(key);
      adminSignInByAddress.release(ip);
      return { outcome: "code_required" };
    }
    if (!verifySecondFactor(deps.db, deps.secrets, admin.id, code)) {
      log.warn("admin sign-in failed: wrong or reused code", { ip, username: key });
      return { outcome: "wrong_code" };
    }
  }
  adminSignInByUsername.clear(key);
  adminSignInByAddress.release(ip);
  log.info("admin signed in", { adminId: admin.id });
  return { outcome: "ok", admin };
}
