/**
 * Product reviews (docs/decisions/044-customer-reviews.md):
 *
 *   GET    /api/products/:id/reviews?sort=newest|helpful&page=N   approved reviews with their summary
 *   POST   /api/products/:id/reviews   { rating, title, comment, nameShown? }  201, waiting for approval
 *   PUT    /api/reviews/:id            { rating, title, comment, nameShown? }  the customer's own review, back to waiting
 *   (nameShown: first_name | initials | verified_customer, how the author's name shows; decision 069)
 *   DELETE /api/reviews/:id                                         the customer's own review
 *   POST   /api/reviews/:id/helpful                                 "Was this helpful?", counted once
 *
 * 400 bad fields; 401 signed out; 403 e-mail not confirmed; 404 a product the shop does not show (also on GET),
 * or a review that is not the customer's own (or not published, for a vote); 409 a second review of
 * a product, a vote on one's own review; 429 too many reviews or votes in an hour. Each write is one
 * action (src/actions/), the same one the product page's plain forms call.
 */
import { Hono, type Context } from "hono";
import { deleteReview } from "../actions/delete-review.server";
import { editReview } from "../actions/edit-review.server";
import { reviewMessages } from "../actions/review-refusals.server";
import { voteReviewHelpful } from "../actions/vote-review-helpful.server";
import { writeReview } from "../actions/write-review.server";
import { publishedReviews } from "../reads/reviews.server";
import { idParamSchema, reviewInputSchema, reviewListQuerySchema } from "../shared/reviews";
import type { AppDeps, AppEnv } from "../server/deps";
import { notFound } from "../server/errors";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { validJson, validQuery } from "../server/validate";

/** The :id of the path, or 404 (a malformed id names nothing). */
function idParam(c: Context<AppEnv>, message: string): number {
  const parsed = idParamSchema.safeParse({ id: c.req.param("id") });
  if (!parsed.success || !/^\d+$/.test(c.req.param("id") ?? "")) throw notFound(message);
  return parsed.data.id;
}

export function reviewsApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/products/:id/reviews", validQuery(reviewListQuerySchema), (c) => {
      const productId = idParam(c, reviewMessages.productNotFound);
      const published = publishedReviews(deps, productId, c.req.valid("query"));
      if (!published) throw notFound(reviewMessages.productNotFound);
      return c.json(published);
    })
    .post("/products/:id/reviews", requireUser, validJson(reviewInputSchema), (c) =>
      c.json(writeReview(deps, signedInUser(c), idParam(c, reviewMessages.productNotFound), c.req.valid("json")), 201),
    )
    .put("/reviews/:id", requireUser, validJson(reviewInputSchema), (c) =>
      c.json(editReview(deps, signedInUser(c), idParam(c, reviewMessages.reviewNotFound), c.req.valid("json"))),
    )
    .delete("/reviews/:id", requireUser, (c) => {
      deleteReview(deps, signedInUser(c), idParam(c, reviewMessages.reviewNotFound));
      return c.body(null, 204);
    })
    .post("/reviews/:id/helpful", requireUser, (c) => c.json(voteReviewHelpful(deps, signedInUser(c), idParam(c, reviewMessages.reviewNotFound))));
}
