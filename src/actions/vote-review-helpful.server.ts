/**
 * A customer finds someone's review helpful (POST /api/reviews/{id}/helpful, or the product page's
 * plain "Was this helpful?" form): counted once per review, never on their own.
 */
import type { CurrentUser } from "../components/site";
import { voteHelpful } from "../db/reviews.server";
import { type ActionDeps, spendLimit } from "./action";
import { reviewVoteLimit, voteRefusal } from "./review-refusals.server";

/** Counts `customer`'s vote for review `reviewId`; answers its count and whether this vote counted, or throws 403, 404, 409 or 429. */
export function voteReviewHelpful(deps: ActionDeps, customer: CurrentUser, reviewId: number, now = new Date()): { helpfulVotes: number; counted: boolean } {
  spendLimit(deps, reviewVoteLimit, customer.id);
  const vote = voteHelpful(deps.db, customer.id, reviewId, now);
  if (!vote.ok) throw voteRefusal(vote);
  return { helpfulVotes: vote.helpfulVotes, counted: vote.counted };
}
