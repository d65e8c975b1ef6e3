/**
 * Cross-site request forgery guard: a state-changing request must come from our own pages. A
 * request carrying the session cookie needs an Origin header equal to the site's origin; any
 * request whose Origin names another site is refused (this also covers sign-in forms).
 */
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors";
import { readSessionCookie } from "../auth/cookies";
import type { AppDeps, AppEnv } from "../deps";
import { isHttps, siteOrigin } from "../origin";

const safe = new Set(["GET", "HEAD", "OPTIONS"]);

export function originCheck(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const sec = { https: isHttps(deps) };
  return async (c, next) => {
    if (!safe.has(c.req.method)) {
      const origin = c.req.header("origin");
      const cookieAuth = readSessionCookie(c, sec) !== undefined;
      if ((origin && origin !== siteOrigin(deps, c)) || (!origin && cookieAuth)) {
        throw new HttpError(403, "forbidden_origin", "This request did not come from this site and was refused.");
      }
    }
    await next();
  };
}
