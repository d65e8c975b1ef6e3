/**
 * A customer signs in with e-mail and password (POST /login). Its limits are the two sign-in
 * limiters, per address and per account, counted before the password is checked and given back by
 * a right password, with locks nothing evicts (`reserveSignInGuess`, decision 023). The action
 * decides; the handler starts the session, since the cookie is HTTP.
 */
import type { User } from "../db/schema";
import { checkPasswordSignIn } from "../server/auth/password-sign-in.server";
import { HttpError, tooManyRequests } from "../server/errors";
import type { ActionDeps } from "./action";

/** What a refused sign-in is told. */
export const signInMessages = {
  invalid: "Invalid e-mail or password.",
  suspended: "This account is suspended. Please contact us.",
  limited: (seconds: number) => `Too many failed sign-ins. Please wait ${Math.ceil(seconds / 60)} minute(s) and try again.`,
};

/** Checks `email` and `password` from `ip`; answers the account to sign in, or throws 401, 403 or 429 (with Retry-After). */
export async function signIn(deps: ActionDeps, ip: string, email: string, password: string): Promise<User> {
  const result = await checkPasswordSignIn(deps, ip, email, password);
  switch (result.outcome) {
    case "limited":
      throw tooManyRequests(signInMessages.limited(result.retryAfter), result.retryAfter);
    case "invalid":
      throw new HttpError(401, "invalid_credentials", signInMessages.invalid);
    case "suspended":
      throw new HttpError(403, "suspended", signInMessages.suspended);
    case "ok":
      return result.user;
  }
}
