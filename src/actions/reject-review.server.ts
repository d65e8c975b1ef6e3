/**
 * The business rejects a customer's review with a reason (POST /api/admin/reviews/{id}/reject), as
 * the reviews' transition table allows (`domain/reviews.ts`): the change, the audit entry and the
 * author's e-mail with the reason, in one transaction. Moderation can go round for ever, so the
 * e-mail is within the author's hourly limit (decision 058): beyond it the rejection stands, the
 * e-mail is skipped and the answer's `customerMailed` says so.
 */
import type { AuditActor } from "../db/audit.server";
import { rejectReview } from "../db/admin-reviews.server";
import { mailContext } from "../mail/context.server";
import { enqueueOptionalMail } from "../mail/outbox.server";
import { reviewRejectedMail } from "../mail/templates/review-mail";
import { notFound } from "../server/errors";
import type { RejectedReview } from "../shared/admin-reviews";
import type { ActionDeps } from "./action";

/** The 404 of a review id that names no review. */
export const unknownReview = () => notFound("There is no such review. It may have been deleted.");

/** Rejects review `reviewId` for `admin` with `reason`; answers it and whether its author was e-mailed, or throws 404. */
export function rejectReviewByAdmin(deps: ActionDeps, admin: AuditActor, reviewId: number, reason: string, now = new Date()): RejectedReview {
  const review = rejectReview(
    deps.db,
    reviewId,
    reason,
    (author) => {
      const ctx = mailContext(deps);
      const message = reviewRejectedMail({ ...author, businessName: ctx.businessName, origin: ctx.origin });
      return enqueueOptionalMail(deps.db, message, now) !== null;
    },
    admin,
    now,
  );
  if (!review) throw unknownReview();
  if (review.customerMailed) deps.outbox.kick();
  return review;
}
