/**
 * Admin sign-in, limited per username and per address (5 failures in 15 minutes). As for
 * customers, the attempt is counted before the password is checked, so a burst of parallel
 * guesses cannot pass the limit; an unknown username costs the same argon2 check as a wrong
 * password, so neither the answer nor its timing tells them apart. An admin with two-factor
 * sign-in also needs the code of their authenticator app or one of their recovery codes; a wrong or
 * reused code counts like a wrong password, but is answered as a wrong code: the code is asked only
 * after the password was right, so saying so tells nothing to someone without the password
 * (decision 039). The audit log is told of each sign-in and of each lock as it starts (the
 * attempt that reached the limit, found while the hits are taken, so a burst is written once however
 * many guesses arrive together).
 */
import { type Admin, findAdminByUsername, totpEnabled, totpKeyUnreadable, verifySecondFactor } from "../../db/admins.server";
import type { SignInProof } from "../../db/audit.server";
import type { AppDeps } from "../deps";
import { log } from "../log.server";
import { dummyPasswordHash, verifyPassword } from "./crypto.server";

/** A lock this failed attempt started: by the typed username or by the address, for the audit log. */
export type SignInLock = { adminId: number | null; username: string; ip: string; by: "username" | "address"; failures: number; minutes: number };

export type AdminSignIn =
  | { outcome: "limited"; retryAfter: number }
  | { outcome: "invalid"; lock: SignInLock | null }
  | { outcome: "code_required" }
  | { outcome: "wrong_code"; lock: SignInLock | null }
  /** The app's code cannot be checked: the two-factor key was sealed under another secret.key. */
  | { outcome: "key_missing" }
  | { outcome: "ok"; admin: Admin; proof: SignInProof };

/** Six digits are the app's code; anything else is tried as a recovery code (as verifySecondFactor does). */
const appCode = /^\d{6}$/;

export async function checkAdminSignIn(deps: AppDeps, ip: string, username: string, password: string, code?: string): Promise<AdminSignIn> {
  const { adminSignInByAddress, adminSignInByUsername } = deps.limits;
  const key = username.toLowerCase();
  // Both hits are taken synchronously, before any await: the reservation is the count. The
  // username counts even when the address is refused, and its lock is never evicted (decision 023).
  const byAddress = adminSignInByAddress.take(ip);
  const byUsername = adminSignInByUsername.take(key);
  const retryAfter = Math.max(byAddress.wait, byUsername.wait);
  if (retryAfter > 0) {
    log.warn("admin sign-in rate limited", { ip, username: key });
    return { outcome: "limited", retryAfter };
  }
  // This attempt reached a limit (let through, but the next is refused): if it fails, a lock starts.
  // Read from its own hits, not looked up again: another worker's guess may have come in between,
  // and then both would tell the audit log of one lock.
  const locking: SignInLock["by"] | null =
    byUsername.count === adminSignInByUsername.max ? "username" : byAddress.count === adminSignInByAddress.max ? "address" : null;
  const admin = findAdminByUsername(deps.db, key);
  const lock = (): SignInLock | null => {
    if (!locking) return null;
    const limiter = locking === "username" ? adminSignInByUsername : adminSignInByAddress;
    return { adminId: admin?.id ?? null, username: key, ip, by: locking, failures: limiter.max, minutes: Math.round(limiter.windowMs / 60_000) };
  };
  const ok = await verifyPassword(password, admin?.passwordHash ?? (await dummyPasswordHash()));
  if (!admin || !ok) {
    log.warn("admin sign-in failed", { ip, username: key });
    return { outcome: "invalid", lock: lock() };
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
      if (appCode.test(code) && totpKeyUnreadable(deps.secrets, admin)) {
        // Not a guess: no app code can match until two-factor is set up again, and saying so is
        // the way out (a recovery code, or `pi-site admin disable-totp`). The password was right.
        adminSignInByUsername.release(key);
        adminSignInByAddress.release(ip);
        return { outcome: "key_missing" };
      }
      log.warn("admin sign-in failed: wrong or reused code", { ip, username: key });
      return { outcome: "wrong_code", lock: lock() };
    }
  }
  adminSignInByUsername.clear(key);
  adminSignInByAddress.release(ip);
  log.info("admin signed in", { adminId: admin.id });
  const proof: SignInProof = !totpEnabled(admin) ? "password" : appCode.test(code ?? "") ? "app_code" : "recovery_code";
  return { outcome: "ok", admin, proof };
}
