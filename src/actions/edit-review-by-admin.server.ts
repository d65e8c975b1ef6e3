/**
 * The business changes the words of a customer's review before publishing it (POST
 * /api/admin/reviews/{id}/edit, decision 076): a phone number or a name taken out. The review keeps
 * its status, is marked "Edited by the business" where it shows, keeps the customer's own words for
 * the audit, and the author is e-mailed the reason, all in one transaction (`editReview`). As with a
 * rejection, the e-mail is within the author's hourly limit (decision 058): beyond it the edit stands
 * and the answer's `customerMailed` says so. A rejected review is refused (409): its author edits it.
 */
import { editReview } from "../db/admin-reviews.server";
import type { AuditActor } from "../db/audit.server";
import { mailContext } from "../mail/context.server";
import { enqueueOptionalMail } from "../mail/outbox.server";
import { reviewEditedMail } from "../mail/templates/review-mail";
import { HttpError } from "../server/errors";
import type { EditedReview, EditReviewInput } from "../shared/admin-reviews";
import type { ActionDeps } from "./action";
import { unknownReview } from "./reject-review.server";

/** Edits review `reviewId` for `admin`; answers it and whether its author was e-mailed, or throws 404 or 409. */
export function editReviewByAdmin(deps: ActionDeps, admin: AuditActor, reviewId: number, input: EditReviewInput, now = new Date()): EditedReview {
  const result = editReview(
    deps.db,
    reviewId,
    input,
    (author) => {
      const ctx = mailContext(deps);
      const message = reviewEditedMail({ ...author, businessName: ctx.businessName, origin: ctx.origin });
      return enqueueOptionalMail(deps.db, message, now) !== null;
    },
    admin,
    now,
  );
  if (!result.ok) {
    if (result.reason === "not_found") throw unknownReview();
    throw new HttpError(409, "review_rejected", "A rejected review is hidden and its author was told why: approve it first, or let them edit it.");
  }
  if (result.review.customerMailed) deps.outbox.kick();
  return result.review;
}
