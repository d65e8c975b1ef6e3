/**
 * The business marks one pending referral reward paid (POST /api/admin/referrals/rewards/{id}/paid):
 * it has paid the referrer out. The change and its audit entry (kind referrals, `referral.paid`) are
 * one transaction (`payReward`). No e-mail.
 */
import { payReward } from "../db/admin-referrals.server";
import type { AuditActor } from "../db/audit.server";
import type { ActionDeps } from "./action";
import { type ChangedReward, changedReward } from "./admin-referral.server";

/** Marks reward `rewardId` paid for `admin`; answers it, or throws 404, or 409 when it is no longer pending. */
export function payReferralRewardByAdmin(deps: ActionDeps, admin: AuditActor, rewardId: string, now = new Date()): ChangedReward {
  return changedReward(payReward(deps.db, rewardId, admin, now));
}
