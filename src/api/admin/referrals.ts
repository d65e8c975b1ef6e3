/**
 * The owner's referral rewards (behind requireAdmin):
 *
 *   GET  /api/admin/referrals?status=&search=&page=   one page of referrers, most pending money first
 *   GET  /api/admin/referrals/{userId}                 the referrer and every reward, newest first
 *   POST /api/admin/referrals/{userId}/paid            every pending reward of the referrer paid; answers how many and how much
 *   POST /api/admin/referrals/rewards/{id}/paid        one pending reward paid
 *   POST /api/admin/referrals/rewards/{id}/void        { reason }  one pending reward voided (out of the earnings)
 *
 * 400 for a bad query or body (nothing changes), 404 for an unknown referrer or reward, 409 naming
 * the reward's status when it is no longer pending, or when a referrer has nothing pending.
 */
import { Hono } from "hono";
import { adminReferrerDetail, listAdminReferrers, payAllRewards, payReward, type RewardChange, voidReward } from "../../db/admin-referrals.server";
import type { AppDeps } from "../../server/deps";
import { HttpError, notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validQuery } from "../../server/validate";
import { adminReferralsList, adminVoidRewardSchema } from "../../shared/admin-referrals";

const unknownReferrer = () => notFound("There is no such customer.");
const unknownReward = () => notFound("There is no such referral reward.");

function changed(change: RewardChange) {
  if (change.ok) return change.reward;
  if (change.reason === "not_found") throw unknownReward();
  throw new HttpError(409, "not_allowed", change.message);
}

export function adminReferralsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/referrals", validQuery(adminReferralsList.schema), (c) => c.json(listAdminReferrers(deps.db, c.req.valid("query"))))
    .get("/referrals/:userId", (c) => {
      const detail = adminReferrerDetail(deps.db, c.req.param("userId"));
      if (!detail) throw unknownReferrer();
      return c.json(detail);
    })
    .post("/referrals/rewards/:id/paid", (c) => c.json(changed(payReward(deps.db, c.req.param("id"), c.get("admin")))))
    .post("/referrals/rewards/:id/void", validJson(adminVoidRewardSchema), (c) =>
      c.json(changed(voidReward(deps.db, c.req.param("id"), c.req.valid("json").reason, c.get("admin")))),
    )
    .post("/referrals/:userId/paid", (c) => {
      const change = payAllRewards(deps.db, c.req.param("userId"), c.get("admin"));
      if (change.ok) return c.json(change.result);
      if (change.reason === "not_found") throw unknownReferrer();
      throw new HttpError(409, "nothing_pending", "This customer has no pending rewards to pay.");
    });
}
