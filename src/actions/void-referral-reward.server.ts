/**
 * The business voids one pending referral reward with a reason (POST
 * /api/admin/referrals/rewards/{id}/void): it leaves the referrer's earnings. The change, the
 * earnings and the audit entry (kind referrals, `referral.void`) are one transaction (`voidReward`).
 * No e-mail.
 */
import { voidReward } from "../db/admin-referrals.server";
import type { AuditActor } from "../db/audit.server";
import type { ActionDeps } from "./action";
import { type ChangedReward, changedReward } from "./admin-referral.server";

/** Voids reward `rewardId` for `admin` with `reason`; answers it, or throws 404, or 409 when it is no longer pending. */
export function voidReferralRewardByAdmin(deps: ActionDeps, admin: AuditActor, rewardId: string, reason: string, now = new Date()): ChangedReward {
  return changedReward(voidReward(deps.db, rewardId, reason, admin, now));
}
