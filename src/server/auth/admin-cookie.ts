/**
 * The admin's sign-in cookie (decision 039 amends 014): one token shared by the tabs of one browser,
 * kept where no script can read it. Two cookies carry the same token, each scoped to its own path:
 * - `/api/admin`: SameSite=Strict, the one the API accepts; a state-changing request also needs
 *   our Origin (origin-check.ts), as for the customer's session (decision 004).
 * - `/admin`: SameSite=Lax, read only by the page shells to know who is signed in (the menu, the
 *   "owners only" page, the sign-in page skipping ahead). A shell changes nothing, so a link from an
 *   e-mail may carry it; nothing under `/admin` acts on a GET.
 * Both HttpOnly, Secure (with the `__Secure-` prefix) on https, and without an expiry: they end
 * with the browser, and the token itself ends after 8 idle hours or 12 hours at most.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieSecurity } from "./cookies";

const scopes = [
  { path: "/api/admin", sameSite: "Strict" },
  { path: "/admin", sameSite: "Lax" },
] as const;

export function adminCookieName({ https }: CookieSecurity) {
  return https ? "__Secure-pi_admin" : "pi_admin";
}

/** The admin token the request's cookie carries (the browser sends only the one scoped to its path). */
export function readAdminCookie(c: Context, sec: CookieSecurity): string | undefined {
  const value = getCookie(c, adminCookieName(sec));
  return value && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : undefined;
}

/** Hands the browser its new admin token, for the API and the page shells. */
export function writeAdminCookie(c: Context, sec: CookieSecurity, token: string) {
  for (const { path, sameSite } of scopes) setCookie(c, adminCookieName(sec), token, { path, httpOnly: true, sameSite, secure: sec.https });
}

/** Ends the browser's admin cookies (sign-out, or a token the server no longer knows). */
export function clearAdminCookie(c: Context, sec: CookieSecurity) {
  for (const { path, sameSite } of scopes) deleteCookie(c, adminCookieName(sec), { path, httpOnly: true, sameSite, secure: sec.https });
}
