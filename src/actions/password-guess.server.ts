/**
 * A password typed again inside the portal (changing one's own password, turning two-factor off) is a
 * sign-in guess: it spends the username's sign-in budget before the check and gives it back on success.
 */
import { tooManyRequests } from "../server/errors";
import type { ActionDeps } from "./action";

/** Counts one guess at `username`'s password; past the sign-in limit, throws 429 with Retry-After. */
export function spendPasswordGuess(deps: Pick<ActionDeps, "limits">, username: string): void {
  const wait = deps.limits.adminSignInByUsername.hit(username);
  if (wait > 0) throw tooManyRequests(`Too many failed attempts. Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`, wait);
}

/** Gives back `username`'s guesses once the password was right. */
export function passwordGuessRight(deps: Pick<ActionDeps, "limits">, username: string): void {
  deps.limits.adminSignInByUsername.release(username);
}
