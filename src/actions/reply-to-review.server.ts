/**
 * The business replies to a customer's review, or removes its reply with an empty one (POST
 * /api/admin/reviews/{id}/reply): the reply is shown under the review. The change and its audit
 * entry (kind reviews, `review.reply` or `review.reply.remove`) are one transaction
 * (`replyToReview`); giving the reply it already has records nothing. No e-mail.
 */
import { replyToReview } from "../db/admin-reviews.server";
import type { AuditActor } from "../db/audit.server";
import type { AdminReview } from "../shared/admin-reviews";
import type { ActionDeps } from "./action";
import { unknownReview } from "./reject-review.server";

/** Sets the reply to review `reviewId` for `admin` (an empty `reply` removes it); answers the review, or throws 404. */
export function replyToReviewByAdmin(deps: ActionDeps, admin: AuditActor, reviewId: number, reply: string, now = new Date()): AdminReview {
  const review = replyToReview(deps.db, reviewId, reply, admin, now);
  if (!review) throw unknownReview();
  return review;
}
