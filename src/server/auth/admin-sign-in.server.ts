/**
 * Admin sign-in, limited per username and per address (5 failures in 15 minutes). As for
 * customers, the attempt is counted before the password is checked, so a burst of parallel
 * guesses cannot pass the limit; an unknown username costs the same argon2 check as a wrong
 * password, so neither the answer nor its timing tells them apart.
 */
import { type Admin, findAdminByUsername } from "../../db/admins.server";
import type { AppDeps } from "../deps";
import { log } from "../log.server";
import { dummyPasswordHash, verifyPassword } from "./crypto.server";

export type AdminSignIn = { outcome: "limited"; retryAfter: number } | { outcome: "invalid" } | { outcome: "ok"; admin: Admin };

export async function checkAdminSignIn(deps: AppDeps, ip: string, username: string, password: string): Promise<AdminSignIn> {
  const { adminSignInByAddress, adminSignInByUsername } = deps.limits;
  const key = username.toLowerCase();
  // Both hits are taken synchronously, before any await: the reservation is the count.
  const retryAfter = Math.max(adminSignInByAddress.hit(ip), adminSignInByUsername.hit(key));
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
  adminSignInByUsername.clear(key);
  adminSignInByAddress.release(ip);
  log.info("admin signed in", { adminId: admin.id });
  return { outcome: "ok", admin };
}
