/**
 * The owner's referral rewards (behind requireAdmin):
 *
 *   GET  /api/admin/referrals?status=&search=&page=   one page of referrers, most pending money first
 *   GET  /api/admin/referrals/{userId}                 the referrer and every reward, newest first
 *   POST /api/admin/referrals/{userId}/paid            every pending reward of the referrer paid; answers how many and how much
 *   POST /api/admin/referrals/rewards/{id}/paid        one pending reward paid
 *   POST /api/admin/referrals/rewards/{id}/void        { reason }  one pending reward voided (out of the earnings)
 *
 * Every change is an action (`payReferralRewardByAdmin`, `voidReferralRewardByAdmin`,
 * `payAllReferralRewardsByAdmin`), audited (kind referrals) in the transaction that makes it.
 * 400 for a bad query or body (nothing changes), 404 for an unknown referrer or reward, 409 naming
 * the reward's status when it is no longer pending, or when a referrer has nothing pending.
 */
import { Hono } from "hono";
import { unknownReferrer } from "../../actions/admin-referral.server";
import { payAllReferralRewardsByAdmin } from "../../actions/pay-all-referral-rewards.server";
import { payReferralRewardByAdmin } from "../../actions/pay-referral-reward.server";
import { voidReferralRewardByAdmin } from "../../actions/void-referral-reward.server";
import { adminReferrer, adminReferrersPage } from "../../reads/admin-referrals.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validQuery } from "../../server/validate";
import { adminReferralsList, adminVoidRewardSchema } from "../../shared/admin-referrals";

export function adminReferralsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/referrals", validQuery(adminReferralsList.schema), (c) => c.json(adminReferrersPage(deps, c.req.valid("query"))))
    .get("/referrals/:userId", (c) => {
      const detail = adminReferrer(deps, c.req.param("userId"));
      if (!detail) throw unknownReferrer();
      return c.json(detail);
    })
    .post("/referrals/rewards/:id/paid", (c) => c.json(payReferralRewardByAdmin(deps, c.get("admin"), c.req.param("id"))))
    .post("/referrals/rewards/:id/void", validJson(adminVoidRewardSchema), (c) =>
      c.json(voidReferralRewardByAdmin(deps, c.get("admin"), c.req.param("id"), c.req.valid("json").reason)),
    )
    .post("/referrals/:userId/paid", (c) => c.json(payAllReferralRewardsByAdmin(deps, c.get("admin"), c.req.param("userId"))));
}
