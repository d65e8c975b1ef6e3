/**
 * What the owner's referral-reward actions share: the 404s of an unknown referrer or reward, and
 * turning a reward change refused by the rewards' rules into the 409 that names why.
 */
import type { RewardChange } from "../db/admin-referrals.server";
import { HttpError, notFound } from "../server/errors";

/** A reward as a change answers it: its money, status and times (the referrer's page adds who was referred and the booking). */
export type ChangedReward = Extract<RewardChange, { ok: true }>["reward"];

/** The 404 of a user id that names no customer. */
export const unknownReferrer = () => notFound("There is no such customer.");

/** The 404 of an id that names no referral reward. */
const unknownReward = () => notFound("There is no such referral reward.");

/** The reward as changed, or the 404 of an unknown one, or the 409 naming its status when it is no longer pending. */
export function changedReward(change: RewardChange): ChangedReward {
  if (change.ok) return change.reward;
  if (change.reason === "not_found") throw unknownReward();
  throw new HttpError(409, "not_allowed", change.message);
}
