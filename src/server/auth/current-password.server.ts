/**
 * The current password asked again before a customer changes their password or e-mail or deletes
 * their account. Whoever holds the session cookie must not get a free password oracle, so each
 * check is a guess counted like a sign-in: against the same per-account and per-address limits,
 * taken before the slow, awaited hash (decision 026).
 */
import type { User } from "../../db/schema";
import type { AppDeps } from "../deps";
import { HttpError } from "../errors";
import { log } from "../log.server";
import { verifyPassword } from "./crypto.server";
import { giveBackSignInGuess, reserveSignInGuess } from "./password-sign-in.server";
import { emailKey } from "./sign-in.server";

export type CurrentPasswordCheck = { outcome: "ok" } | { outcome: "wrong" } | { outcome: "limited"; retryAfter: number };

/** Checks `given` against `user`'s password for a request from `ip`; an account without a password (Google only) has nothing to check. */
export async function checkCurrentPassword(
  deps: Pick<AppDeps, "db" | "limits">,
  ip: string,
  user: User,
  given: string | undefined,
): Promise<CurrentPasswordCheck> {
  if (!user.passwordHash) return { outcome: "ok" };
  const account = emailKey(user.email);
  const retryAfter = reserveSignInGuess(deps, ip, account);
  if (retryAfter > 0) {
    log.warn("current password check rate limited", { ip, userId: user.id });
    return { outcome: "limited", retryAfter };
  }
  if (!(await verifyPassword(given ?? "", user.passwordHash))) {
    log.info("current password check failed", { ip, userId: user.id });
    return { outcome: "wrong" };
  }
  giveBackSignInGuess(deps, ip, account);
  return { outcome: "ok" };
}

/**
 * The same check for an action: returns when the password is right, else throws 400 with `wrong`
 * under the `currentPassword` field, or 429 with Retry-After and the wait under it.
 */
export async function requireCurrentPassword(deps: Pick<AppDeps, "db" | "limits">, ip: string, user: User, given: string | undefined, wrong: string) {
  const check = await checkCurrentPassword(deps, ip, user, given);
  if (check.outcome === "ok") return;
  if (check.outcome === "wrong") throw new HttpError(400, "wrong_password", wrong, { currentPassword: wrong });
  const text = `Too many wrong passwords. Please wait ${Math.ceil(check.retryAfter / 60)} minute(s) and try again.`;
  throw new HttpError(429, "rate_limited", text, { currentPassword: text }, { "Retry-After": String(check.retryAfter) });
}
