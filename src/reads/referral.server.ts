/** What the referral panel shows of the customer's earnings: the total of rewards not void, and every reward, newest first. */
import { referralEarnings } from "../db/referrals.server";
import type { ReadDeps } from "./read";

/** The customer's own referral earnings (GET /api/referral/earnings). */
export function ownReferralEarnings(deps: ReadDeps, userId: string): ReturnType<typeof referralEarnings> {
  return referralEarnings(deps.db, userId);
}
