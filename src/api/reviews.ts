/**
 * Product reviews (docs/decisions/044-customer-reviews.md):
 *
 *   GET    /api/products/:id/reviews?sort=newest|helpful&page=N   approved reviews with their summary
 *   POST   /api/products/:id/reviews   { rating, title, comment }  201, waiting for approval
 *   PUT    /api/reviews/:id            { rating, title, comment }  the customer's own review, back to waiting
 *   DELETE /api/reviews/:id                                         the customer's own review
 *   POST   /api/reviews/:id/helpful                                 "Was this helpful?", counted once
 *
 * 400 bad fields; 401 signed out; 403 e-mail not confirmed; 404 a product the shop does not show (also on GET),
 * or a review that is not the customer's own (or not published, for a vote); 409 a second review of
 * a product, a vote on one's own review; 429 too many reviews or votes in an hour.
 */
import { Hono, type Context } from "hono";
import { createReview, deleteOwnReview, editOwnReview, listApprovedReviews, productIsShown, voteHelpful } from "../db/reviews.server";
import { idParamSchema, reviewInputSchema, reviewListQuerySchema } from "../shared/reviews";
import type { AppDeps, AppEnv } from "../server/deps";
import { notFound } from "../server/errors";
import { rateLimit } from "../server/middleware/rate-limit";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { reviewMessages, reviewRefusal, voteRefusal } from "../server/reviews.server";
import { validJson, validQuery } from "../server/validate";

/** The :id of the path, or 404 (a malformed id names nothing). */
function idParam(c: Context<AppEnv>, message: string): number {
  const parsed = idParamSchema.safeParse({ id: c.req.param("id") });
  if (!parsed.success || !/^\d+$/.test(c.req.param("id") ?? "")) throw notFound(message);
  return parsed.data.id;
}

export function reviewsApi(deps: AppDeps) {
  const byCustomer = (c: Context<AppEnv>) => signedInUser(c).id;
  const reviewLimit = rateLimit(deps.limits.reviews, reviewMessages.reviewsRateLimited, byCustomer);
  const voteLimit = rateLimit(deps.limits.reviewVotes, reviewMessages.votesRateLimited, byCustomer);
  return new Hono<AppEnv>()
    .get("/products/:id/reviews", validQuery(reviewListQuerySchema), (c) => {
      const productId = idParam(c, reviewMessages.productNotFound);
      if (!productIsShown(deps.db, productId)) throw notFound(reviewMessages.productNotFound);
      const { summary, reviews, page, pageCount, sort } = listApprovedReviews(deps.db, productId, c.req.valid("query"));
      return c.json({ ...summary, reviews, page, pageCount, sort });
    })
    .post("/products/:id/reviews", requireUser, validJson(reviewInputSchema), reviewLimit, (c) => {
      const result = createReview(deps.db, signedInUser(c).id, idParam(c, reviewMessages.productNotFound), c.req.valid("json"));
      if (!result.ok) throw reviewRefusal(result);
      return c.json(result.review, 201);
    })
    .put("/reviews/:id", requireUser, validJson(reviewInputSchema), reviewLimit, (c) => {
      const result = editOwnReview(deps.db, signedInUser(c).id, idParam(c, reviewMessages.reviewNotFound), c.req.valid("json"));
      if (!result.ok) throw reviewRefusal(result);
      return c.json(result.review);
    })
    .delete("/reviews/:id", requireUser, reviewLimit, (c) => {
      if (!deleteOwnReview(deps.db, signedInUser(c).id, idParam(c, reviewMessages.reviewNotFound))) throw notFound(reviewMessages.reviewNotFound);
      return c.body(null, 204);
    })
    .post("/reviews/:id/helpful", requireUser, voteLimit, (c) => {
      const result = voteHelpful(deps.db, signedInUser(c).id, idParam(c, reviewMessages.reviewNotFound));
      if (!result.ok) throw voteRefusal(result);
      return c.json({ helpfulVotes: result.helpfulVotes, counted: result.counted });
    });
}
