/**
 * The business deletes a customer's review (DELETE /api/admin/reviews/{id}), its helpful votes with
 * it; the audit entry (kind reviews, `review.delete`) keeps what it said, in one transaction
 * (`deleteReview`). A customer deleting their own review is `actions/delete-review.server.ts`. No e-mail.
 */
import { deleteReview } from "../db/admin-reviews.server";
import type { AuditActor } from "../db/audit.server";
import type { ActionDeps } from "./action";
import { unknownReview } from "./reject-review.server";

/** Deletes review `reviewId` for `admin`, or throws 404. */
export function deleteReviewByAdmin(deps: ActionDeps, admin: AuditActor, reviewId: number, now = new Date()): void {
  if (!deleteReview(deps.db, reviewId, admin, now)) throw unknownReview();
}
