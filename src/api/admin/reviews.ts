/**
 * Review moderation (behind requireAdmin; staff may use it):
 *
 *   GET    /api/admin/reviews?status=all|pending|approved|rejected&rating=&product=&search=&page=
 *   GET    /api/admin/reviews/summary        how many wait
 *   GET    /api/admin/reviews/{id}
 *   POST   /api/admin/reviews/{id}/approve
 *   POST   /api/admin/reviews/{id}/reject    { reason }  the customer is e-mailed the reason, within their
 *                                                       hourly limit; `customerMailed` says whether they were
 *   POST   /api/admin/reviews/{id}/reply     { reply }   an empty reply removes it
 *   POST   /api/admin/reviews/{id}/edit      { title, comment, reason }  the words changed before publishing
 *                                                       (decision 076); the customer is e-mailed the reason
 *                                                       within their hourly limit; 409 for a rejected review
 *   DELETE /api/admin/reviews/{id}
 *
 * Every change is audited (kind reviews) in the transaction that makes it; approving, rejecting,
 * replying, editing and deleting are actions (`approveReviewByAdmin`, `rejectReviewByAdmin`,
 * `replyToReviewByAdmin`, `editReviewByAdmin`, `deleteReviewByAdmin`). 400 for a bad query or body, 404 for an unknown
 * review (or an id that cannot be one).
 */
import { Hono } from "hono";
import { approveReviewByAdmin } from "../../actions/approve-review.server";
import { deleteReviewByAdmin } from "../../actions/delete-review-by-admin.server";
import { editReviewByAdmin } from "../../actions/edit-review-by-admin.server";
import { rejectReviewByAdmin, unknownReview } from "../../actions/reject-review.server";
import { replyToReviewByAdmin } from "../../actions/reply-to-review.server";
import { adminReview, adminReviewsPage, adminReviewsSummary } from "../../reads/admin-reviews.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validQuery } from "../../server/validate";
import { adminReviewsList, editReviewSchema, rejectReviewSchema, replyReviewSchema } from "../../shared/admin-reviews";

/** The review id of the path, or a 404: anything but a whole number names no review. */
function reviewId(raw: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw unknownReview();
  return Number(raw);
}

export function adminReviewsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/reviews", validQuery(adminReviewsList.schema), (c) => c.json(adminReviewsPage(deps, c.req.valid("query"))))
    .get("/reviews/summary", (c) => c.json(adminReviewsSummary(deps)))
    .get("/reviews/:id", (c) => {
      const review = adminReview(deps, reviewId(c.req.param("id")));
      if (!review) throw unknownReview();
      return c.json(review);
    })
    .post("/reviews/:id/approve", (c) => c.json(approveReviewByAdmin(deps, c.get("admin"), reviewId(c.req.param("id")))))
    .post("/reviews/:id/reject", validJson(rejectReviewSchema), (c) =>
      c.json(rejectReviewByAdmin(deps, c.get("admin"), reviewId(c.req.param("id")), c.req.valid("json").reason)),
    )
    .post("/reviews/:id/reply", validJson(replyReviewSchema), (c) =>
      c.json(replyToReviewByAdmin(deps, c.get("admin"), reviewId(c.req.param("id")), c.req.valid("json").reply)),
    )
    .post("/reviews/:id/edit", validJson(editReviewSchema), (c) =>
      c.json(editReviewByAdmin(deps, c.get("admin"), reviewId(c.req.param("id")), c.req.valid("json"))),
    )
    .delete("/reviews/:id", (c) => {
      deleteReviewByAdmin(deps, c.get("admin"), reviewId(c.req.param("id")));
      return c.body(null, 204);
    });
}
