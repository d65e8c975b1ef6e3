/**
 * GET /api/referral/code and /api/referral/earnings: the signed-in user's own, nobody else's. The
 * code is made on first request (an action); the earnings are a read.
 */
import { Hono } from "hono";
import { ensureReferralCode } from "../actions/ensure-referral-code.server";
import { ownReferralEarnings } from "../reads/referral.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { requireUser, signedInUser } from "../server/middleware/require-user";

export function referralApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/code", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ referralCode: ensureReferralCode(deps, signedInUser(c).id) });
    })
    .get("/earnings", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(ownReferralEarnings(deps, signedInUser(c).id));
    });
}
