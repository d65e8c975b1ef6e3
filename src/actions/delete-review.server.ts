/** A customer deletes their own review (DELETE /api/reviews/{id}, or the product page's plain form), with its votes. */
import type { CurrentUser } from "../components/site";
import { deleteOwnReview } from "../db/reviews.server";
import { notFound } from "../server/errors";
import { type ActionDeps, spendLimit } from "./action";
import { reviewLimit, reviewMessages } from "./review-refusals.server";

/** Deletes `customer`'s review `reviewId`, or throws 404 (not theirs, or gone) or 429. */
export function deleteReview(deps: ActionDeps, customer: CurrentUser, reviewId: number): void {
  spendLimit(deps, reviewLimit, customer.id);
  if (!deleteOwnReview(deps.db, customer.id, reviewId)) throw notFound(reviewMessages.reviewNotFound);
}
