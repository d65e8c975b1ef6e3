/**
 * A customer writes their review of a product (POST /api/products/{id}/reviews, or the product
 * page's plain form when they have none yet): it waits for approval (decision 044).
 */
import type { CurrentUser } from "../components/site";
import { createReview } from "../db/reviews.server";
import type { OwnReview, ReviewInput } from "../shared/reviews";
import { log } from "../server/log.server";
import { type ActionDeps, spendLimit } from "./action";
import { reviewLimit, reviewRefusal } from "./review-refusals.server";

/** Writes `customer`'s review of `productId`; answers it, or throws 403, 404, 409 or 429. */
export function writeReview(deps: ActionDeps, customer: CurrentUser, productId: number, input: ReviewInput, now = new Date()): OwnReview {
  spendLimit(deps, reviewLimit, customer.id);
  const result = createReview(deps.db, customer.id, productId, input, now);
  if (!result.ok) throw reviewRefusal(result);
  log.info("review written", { reviewId: result.review.id, productId });
  return result.review;
}
