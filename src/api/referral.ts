/** GET /api/referral/code and /api/referral/earnings: the signed-in user's own, nobody else's. */
import { Hono } from "hono";
import { ensureReferralCode, referralEarnings } from "../db/referrals.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { requireUser, signedInUser } from "../server/middleware/require-user";

export function referralApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/code", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ referralCode: ensureReferralCode(deps.db, signedInUser(c).id) });
    })
    .get("/earnings", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(referralEarnings(deps.db, signedInUser(c).id));
    });
}
