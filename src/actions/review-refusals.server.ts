/**
 * What the review actions share: their budgets (the JSON routes and the product page's plain forms
 * spend the same ones) and how each refusal is answered (decision 044).
 */
import type { HelpfulVote, ReviewWrite } from "../db/reviews.server";
import { HttpError, notFound } from "../server/errors";
import type { ActionLimit } from "./action";

export const reviewMessages = {
  emailUnverified: "Please confirm your e-mail address before writing a review. We sent you a link when you signed up.",
  voteEmailUnverified: "Please confirm your e-mail address before voting on reviews.",
  productNotFound: "Product not found.",
  reviewNotFound: "Review not found.",
  productUnavailable: "This product is no longer sold, so its review cannot be changed. You can still delete it.",
  duplicate: "You have already reviewed this product. You can edit your review instead.",
  ownReview: "You cannot vote on your own review.",
  reviewsRateLimited: "You have written or changed many reviews in the last hour. Please try again later.",
  votesRateLimited: "You have voted on many reviews in the last hour. Please try again later.",
} as const;

/** Reviews written, edited and deleted per customer in an hour (the `reviews` limiter), one budget for all three. */
export const reviewLimit: ActionLimit = {
  limiter: (limits) => limits.reviews,
  key: (userId) => userId,
  message: reviewMessages.reviewsRateLimited,
};

/** "Was this helpful?" votes per customer in an hour (the `reviewVotes` limiter). */
export const reviewVoteLimit: ActionLimit = {
  limiter: (limits) => limits.reviewVotes,
  key: (userId) => userId,
  message: reviewMessages.votesRateLimited,
};

/** The HTTP error for a refused review write. */
export function reviewRefusal(result: Exclude<ReviewWrite, { ok: true }>): HttpError {
  switch (result.reason) {
    case "email_unverified":
      return new HttpError(403, "email_unverified", reviewMessages.emailUnverified);
    case "product_not_found":
      return notFound(reviewMessages.productNotFound);
    case "not_found":
      return notFound(reviewMessages.reviewNotFound);
    case "product_unavailable":
      return new HttpError(409, "product_unavailable", reviewMessages.productUnavailable);
    case "duplicate":
      return new HttpError(409, "already_reviewed", reviewMessages.duplicate);
  }
}

/** The HTTP error for a refused helpful vote. */
export function voteRefusal(result: Exclude<HelpfulVote, { ok: true }>): HttpError {
  switch (result.reason) {
    case "not_found":
      return notFound(reviewMessages.reviewNotFound);
    case "own_review":
      return new HttpError(409, "own_review", reviewMessages.ownReview);
    case "email_unverified":
      return new HttpError(403, "email_unverified", reviewMessages.voteEmailUnverified);
  }
}
