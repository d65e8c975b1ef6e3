/** The session cookie: HttpOnly, SameSite=Lax, and Secure with the __Host- prefix on https. */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

export type CookieSecurity = { https: boolean };

export function sessionCookieName({ https }: CookieSecurity) {
  return https ? "__Host-pi_session" : "pi_session";
}

export function readSessionCookie(c: Context, sec: CookieSecurity): string | undefined {
  return getCookie(c, sessionCookieName(sec));
}

export function writeSessionCookie(c: Context, sec: CookieSecurity, token: string, expire: Date) {
  setCookie(c, sessionCookieName(sec), token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: sec.https,
    expires: expire,
    maxAge: Math.max(0, Math.floor((expire.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(c: Context, sec: CookieSecurity) {
  deleteCookie(c, sessionCookieName(sec), { path: "/", secure: sec.https, httpOnly: true, sameSite: "Lax" });
}

/** A short-lived HttpOnly cookie (OAuth state, referral code). */
export function writeShortCookie(c: Context, sec: CookieSecurity, name: string, value: string, maxAgeSeconds: number) {
  setCookie(c, name, value, { path: "/", httpOnly: true, sameSite: "Lax", secure: sec.https, maxAge: maxAgeSeconds });
}
