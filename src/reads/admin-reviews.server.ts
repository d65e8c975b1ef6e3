/** What the owner sees of customers' reviews: a page to moderate, how many wait, and one review. */
import { adminReview as reviewById, listAdminReviews, reviewsSummary } from "../db/admin-reviews.server";
import type { AdminReview, AdminReviewList, AdminReviewsQuery, AdminReviewsSummary } from "../shared/admin-reviews";
import type { ReadDeps } from "./read";

/** One page of reviews matching `query`, with the total and the reviewed products to filter by. */
export function adminReviewsPage(deps: ReadDeps, query: AdminReviewsQuery): AdminReviewList {
  return listAdminReviews(deps.db, query);
}

/** What the dashboard shows: how many reviews wait to be moderated. */
export function adminReviewsSummary(deps: ReadDeps): AdminReviewsSummary {
  return reviewsSummary(deps.db);
}

/** Review `reviewId` as the moderation list shows it; undefined when there is none. */
export function adminReview(deps: ReadDeps, reviewId: number): AdminReview | undefined {
  return reviewById(deps.db, reviewId);
}
