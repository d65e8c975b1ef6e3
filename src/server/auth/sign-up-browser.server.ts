/**
 * The browser a customer signed up in, so the confirmation link they open there signs them in
 * (decision 064). POST /signup leaves an HttpOnly cookie holding, sealed with the data directory's
 * secret box, the address typed, where the visitor was going and until when it holds (an hour). It
 * is written the same way for a new address and one that already has an account, so the answer
 * still tells nobody which it was. The confirmation link signs in only where this cookie names the
 * link's own address, within the hour, once: the link is used up and the cookie cleared. Opened in
 * another browser, or later, the link only confirms and the customer signs in with their password.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { writeShortCookie } from "./cookies";
import type { CookieSecurity } from "./cookies";
import { safeReturnTo } from "../safe-redirect";
import type { SecretBox } from "../secret-box.server";

export const signUpBrowserCookie = "pi_signup";

/** What the sealed text starts with, so nothing sealed for another purpose opens as a mark. */
const purpose = "sign-up-browser:";

/** How long after signing up the link still signs in, in the browser that signed up. */
export const signUpBrowserMinutes = 60;

/** What the cookie holds: the address typed (lower case), where the visitor was going, and until when (ms). */
export type SignUpBrowser = { email: string; returnTo: string; until: number };

/** Marks this browser as the one that signed up with `email`, going to `returnTo`. */
export function markSignUpBrowser(c: Context, sec: CookieSecurity, secrets: SecretBox, email: string, returnTo: string, now = Date.now()): void {
  const mark: SignUpBrowser = { email: email.trim().toLowerCase(), returnTo: safeReturnTo(returnTo), until: now + signUpBrowserMinutes * 60_000 };
  writeShortCookie(c, sec, signUpBrowserCookie, secrets.seal(`${purpose}${JSON.stringify(mark)}`), signUpBrowserMinutes * 60);
}

/** The mark this browser holds, or null when it holds none, or one we did not seal. */
export function readSignUpBrowser(c: Context, secrets: SecretBox): SignUpBrowser | null {
  const sealed = getCookie(c, signUpBrowserCookie);
  // An address of at most 254 characters and a path kept short by safeReturnTo seal to well under this.
  if (!sealed || sealed.length > 4000) return null;
  try {
    const opened = secrets.open(sealed);
    if (!opened?.startsWith(purpose)) return null;
    const mark = JSON.parse(opened.slice(purpose.length)) as Partial<SignUpBrowser>;
    if (typeof mark.email !== "string" || typeof mark.returnTo !== "string" || typeof mark.until !== "number") return null;
    return { email: mark.email, returnTo: safeReturnTo(mark.returnTo), until: mark.until };
  } catch {
    return null;
  }
}

/** Clears the mark: it signs in once. */
export function clearSignUpBrowser(c: Context, sec: CookieSecurity): void {
  deleteCookie(c, signUpBrowserCookie, { path: "/", secure: sec.https, httpOnly: true, sameSite: "Lax" });
}

/** Whether `mark` lets the link confirming `email` sign in at `now`. */
export function signUpBrowserMatches(mark: SignUpBrowser | null, email: string, now = Date.now()): mark is SignUpBrowser {
  return mark !== null && now < mark.until && mark.email === email.trim().toLowerCase();
}
