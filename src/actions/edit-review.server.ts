/**
 * A customer changes their own review (PUT /api/reviews/{id}, or the product page's plain form when
 * they already have one): it goes back to waiting for approval (decision 044).
 */
import type { CurrentUser } from "../components/site";
import { editOwnReview } from "../db/reviews.server";
import type { OwnReview, ReviewInput } from "../shared/reviews";
import { type ActionDeps, spendLimit } from "./action";
import { reviewLimit, reviewRefusal } from "./review-refusals.server";

/** Changes `customer`'s review `reviewId`; answers it, or throws 403, 404 (not theirs), 409 or 429. */
export function editReview(deps: ActionDeps, customer: CurrentUser, reviewId: number, input: ReviewInput, now = new Date()): OwnReview {
  spendLimit(deps, reviewLimit, customer.id);
  const result = editOwnReview(deps.db, customer.id, reviewId, input, now);
  if (!result.ok) throw reviewRefusal(result);
  return result.review;
}
