/**
 * E-mail and password sign-in, limited per address and per account. The attempt is counted
 * before the password is checked: counting after the (slow, awaited) argon2 check let a burst of
 * parallel guesses all pass the limit before any of them was recorded.
 */
import type { User } from "../../db/schema";
import { findUserByEmail } from "../../db/users.server";
import type { AppDeps } from "../deps";
import { log } from "../log.server";
import { dummyPasswordHash, verifyPassword } from "./crypto.server";
import { emailKey } from "./sign-in.server";

export type PasswordSignIn =
  | { outcome: "limited"; retryAfter: number }
  | { outcome: "invalid" }
  | { outcome: "suspended"; user: User }
  | { outcome: "ok"; user: User };

/**
 * Counts one guess of `account`'s password from `ip` on both sign-in limits, before the slow,
 * awaited hash: the reservation is the count. The account counts even when the address is refused,
 * and its lock is never evicted (decision 023). Seconds to wait, or 0. Every password check of a
 * customer (sign-in, the current password on /account) takes its guess here.
 */
export function reserveSignInGuess(deps: Pick<AppDeps, "limits">, ip: string, account: string): number {
  const { signInByAddress, signInByAccount } = deps.limits;
  // Both hits are taken, synchronously, whatever the first answers.
  const byAddress = signInByAddress.hit(ip);
  return Math.max(byAddress, signInByAccount.hit(account));
}

/** A right password gives its guess back, so people signing in from one office never lock it. */
export function giveBackSignInGuess(deps: Pick<AppDeps, "limits">, ip: string, account: string) {
  deps.limits.signInByAccount.clear(account);
  deps.limits.signInByAddress.release(ip);
}

/** Checks an e-mail and password from `ip`; the caller starts the session on "ok". */
export async function checkPasswordSignIn(deps: Pick<AppDeps, "db" | "limits">, ip: string, email: string, password: string): Promise<PasswordSignIn> {
  const account = emailKey(email);
  const retryAfter = reserveSignInGuess(deps, ip, account);
  if (retryAfter > 0) {
    log.warn("sign-in rate limited", { ip, account });
    return { outcome: "limited", retryAfter };
  }
  const user = findUserByEmail(deps.db, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    log.info("sign-in failed", { ip, account });
    return { outcome: "invalid" };
  }
  giveBackSignInGuess(deps, ip, account);
  if (user.suspendedAt) {
    log.info("sign-in refused: suspended", { userId: user.id });
    return { outcome: "suspended", user };
  }
  return { outcome: "ok", user };
}
