/** Remembers a referral code from any link (`?ref=CODE`) for 30 days, through sign-up. */
import type { MiddlewareHandler } from "hono";
import { normaliseReferralCode } from "../../domain/referral";
import { writeShortCookie } from "../auth/cookies";
import type { AppDeps, AppEnv } from "../deps";
import { isHttps } from "../origin";

export const referralCookie = "pi_ref";
const thirtyDays = 30 * 24 * 60 * 60;

export function referralLink(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const sec = { https: isHttps(deps) };
  return async (c, next) => {
    if (c.req.method === "GET" && c.req.url.includes("ref=")) {
      const code = normaliseReferralCode(c.req.query("ref"));
      if (code) writeShortCookie(c, sec, referralCookie, code, thirtyDays);
    }
    await next();
  };
}
