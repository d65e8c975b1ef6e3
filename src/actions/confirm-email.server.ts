/**
 * A customer opens the link that proves their e-mail address (GET /verify-email?token=): the account
 * is marked confirmed and every link of it used up. In the browser that signed up, within the hour,
 * the link also signs them in (decision 064): the handler starts the session when told to. No limit:
 * a token is 256 random bits, and a guess writes nothing.
 */
import { verifyEmailToken } from "../db/email-verifications.server";
import type { User } from "../db/schema";
import { type SignUpBrowser, signUpBrowserMatches } from "../server/auth/sign-up-browser.server";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";

/** The confirmed account, and where to sign it in and go on to when the link was opened in the browser that signed up. */
export type ConfirmedEmail = { user: User; signIn: { returnTo: string } | null };

/**
 * Confirms the address the link `token` was sent to; answers the account and whether this browser
 * (its sign-up `mark`, if any) signs in with it, or null when the link is no good.
 */
export function confirmEmail(deps: Pick<ActionDeps, "db">, token: string, mark: SignUpBrowser | null = null, now = new Date()): ConfirmedEmail | null {
  const user = token.length >= 20 && token.length <= 200 ? verifyEmailToken(deps.db, token) : null;
  if (!user) return null;
  const signIn = signUpBrowserMatches(mark, user.email, now.getTime()) && user.suspendedAt === null ? { returnTo: mark.returnTo } : null;
  log.info("e-mail verified", { userId: user.id, signedIn: signIn !== null });
  return { user, signIn };
}
