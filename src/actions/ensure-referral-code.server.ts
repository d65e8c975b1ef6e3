/**
 * A customer asks for their referral code (GET /api/referral/code): the code is made on first
 * request, unique, and kept from then on. No limit: once made, asking again changes nothing.
 */
import { ensureReferralCode as referralCodeOf } from "../db/referrals.server";
import type { ActionDeps } from "./action";

/** `userId`'s referral code, made now when they have none yet. */
export function ensureReferralCode(deps: Pick<ActionDeps, "db">, userId: string): string {
  return referralCodeOf(deps.db, userId);
}
