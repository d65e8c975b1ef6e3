/**
 * The business pays a referrer every pending reward at once (POST /api/admin/referrals/{userId}/paid):
 * each is marked paid, with one audit entry (kind referrals, `referral.pay_all`), in one transaction
 * (`payAllRewards`). Paid and void rewards are left as they are. No e-mail.
 */
import { payAllRewards } from "../db/admin-referrals.server";
import type { AuditActor } from "../db/audit.server";
import { HttpError } from "../server/errors";
import type { AdminPayAllResult } from "../shared/admin-referrals";
import type { ActionDeps } from "./action";
import { unknownReferrer } from "./admin-referral.server";

/** Pays every pending reward of referrer `userId` for `admin`; answers how many and how much, or throws 404, or 409 `nothing_pending`. */
export function payAllReferralRewardsByAdmin(deps: ActionDeps, admin: AuditActor, userId: string, now = new Date()): AdminPayAllResult {
  const change = payAllRewards(deps.db, userId, admin, now);
  if (change.ok) return change.result;
  if (change.reason === "not_found") throw unknownReferrer();
  throw new HttpError(409, "nothing_pending", "This customer has no pending rewards to pay.");
}
