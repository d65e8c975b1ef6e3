/**
 * The business approves a customer's review (POST /api/admin/reviews/{id}/approve), as the reviews'
 * transition table allows (`domain/reviews.ts`): it is published, any rejection cleared, audited in
 * one transaction (`approveReview`). Approving an approved review records nothing. No e-mail.
 */
import type { AuditActor } from "../db/audit.server";
import { approveReview } from "../db/admin-reviews.server";
import type { AdminReview } from "../shared/admin-reviews";
import type { ActionDeps } from "./action";
import { unknownReview } from "./reject-review.server";

/** Approves review `reviewId` for `admin`; answers it, or throws 404. */
export function approveReviewByAdmin(deps: ActionDeps, admin: AuditActor, reviewId: number, now = new Date()): AdminReview {
  const review = approveReview(deps.db, reviewId, admin, now);
  if (!review) throw unknownReview();
  return review;
}
