/**
 * Cross-site request forgery guard: a state-changing request must come from our own pages. A
 * request carrying the session cookie or the admin cookie needs an Origin header naming this site;
 * any request whose Origin names another site is refused (this also covers sign-in forms).
 */
import type { Context, MiddlewareHandler } from "hono";
import { HttpError } from "../errors";
import { readAdminCookie } from "../auth/admin-cookie";
import { readSessionCookie } from "../auth/cookies";
import type { AppDeps, AppEnv } from "../deps";
import { isHttps, siteOrigin } from "../origin";

const safe = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when `origin` is this site: PUBLIC_URL's origin, or without PUBLIC_URL the address the
 * browser used (a browser cannot send a forged Host, so a cross-site page cannot match it). The
 * answer is never used to build a link.
 */
export function isOwnOrigin(deps: AppDeps, c: Context, origin: string): boolean {
  if (origin === siteOrigin(deps)) return true;
  return !deps.env.PUBLIC_URL && origin === new URL(c.req.url).origin;
}

export function originCheck(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const sec = { https: isHttps(deps) };
  return async (c, next) => {
    if (!safe.has(c.req.method)) {
      const origin = c.req.header("origin");
      const cookieAuth = readSessionCookie(c, sec) !== undefined || readAdminCookie(c, sec) !== undefined;
      if ((origin && !isOwnOrigin(deps, c, origin)) || (!origin && cookieAuth)) {
        throw new HttpError(403, "forbidden_origin", "This request did not come from this site and was refused.");
      }
    }
    await next();
  };
}
