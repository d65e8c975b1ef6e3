/**
 * What is shown of a product's reviews (decisions 044, 045): the approved ones a page at a time
 * with their summary, and for a signed-in visitor their own review, whatever its state, and the
 * reviews they found helpful. Only a product the shop shows lists reviews.
 */
import { findOwnReview, listApprovedReviews, productIsShown, productReviewsFor, type ApprovedReviewsPage, type ProductReviewsView } from "../db/reviews.server";
import { readReviewPageQuery, type OwnReview, type RatingSummary, type ReviewSort } from "../shared/reviews";
import type { ReadDeps } from "./read";

export type { ApprovedReviewsPage, ProductReviewsView };

/** GET /api/products/{id}/reviews: the summary with a page of approved reviews, or null when the shop does not show the product. */
export function publishedReviews(
  deps: ReadDeps,
  productId: number,
  query: { sort: ReviewSort; page: number },
): (RatingSummary & Omit<ApprovedReviewsPage, "summary">) | null {
  if (!productIsShown(deps.db, productId)) return null;
  const { summary, reviews, page, pageCount, sort } = listApprovedReviews(deps.db, productId, query);
  return { ...summary, reviews, page, pageCount, sort };
}

/** What the product page shows of its reviews for the visitor `userId` (null signed out) and ?reviews=&sort=, read leniently. */
export function productReviews(deps: ReadDeps, productId: number, userId: string | null, query: { reviews?: string; sort?: string }): ProductReviewsView {
  return productReviewsFor(deps.db, productId, userId, readReviewPageQuery(query));
}

/** The customer's own review of the product, in whatever state, or null. */
export function ownReview(deps: ReadDeps, userId: string, productId: number): OwnReview | null {
  return findOwnReview(deps.db, userId, productId);
}
