/** Reads the session cookie and puts the signed-in user (or null) on the context. */
import type { MiddlewareHandler } from "hono";
import type { CurrentUser } from "../../components/site";
import type { User } from "../../db/schema";
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from "../auth/cookies";
import { validateSession } from "../auth/sessions.server";
import type { AppDeps, AppEnv } from "../deps";
import { isHttps } from "../origin";
import { isAdminPath } from "./require-admin";

/** What pages and islands may know about the signed-in user. */
export function toCurrentUser(u: User, firstSignIn = false): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isNewCustomer: u.isNewCustomer,
    referralCode: u.referralCode,
    emailVerified: u.emailVerifiedAt !== null,
    firstSignIn,
  };
}

export function sessionMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const sec = { https: isHttps(deps) };
  return async (c, next) => {
    c.set("user", null);
    c.set("sessionId", null);
    // Assets need no user; the admin portal and its API never read (or renew) a customer session.
    const token = c.req.path.startsWith("/assets/") || isAdminPath(c.req.path) ? undefined : readSessionCookie(c, sec);
    if (token) {
      const session = validateSession(deps.db, token);
      if (session) {
        c.set("user", toCurrentUser(session.user, session.firstSignIn));
        c.set("sessionId", session.sid);
        if (session.renewed) writeSessionCookie(c, sec, token, session.expire);
      } else {
        clearSessionCookie(c, sec);
      }
    }
    await next();
  };
}
