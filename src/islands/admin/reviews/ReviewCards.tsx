/**
 * The page of reviews, one card each at every width (a review is read whole, so no table): product,
 * stars, status and verified-purchase badges, the customer, when it was written and moderated, its
 * title and comment (always text, never markup), the reason it was rejected, the business's edit
 * of its words (with the customer's own words folded away) and reply, and its actions. A card is focusable, so the focus has somewhere to go when its buttons
 * change after an action.
 */
import type { MouseEvent } from "react";
import { StatusBadge } from "../../../components/StatusBadge";
import { formatInstant } from "../../../domain/format";
import { reviewActionsAllowed, reviewEditable } from "../../../domain/reviews";
import type { AdminReview } from "../../../shared/admin-reviews";

/** The rating as five stars, read as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  const whole = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span role="img" aria-label={`${whole} out of 5 stars`} className="whitespace-nowrap">
      <span aria-hidden="true" className="text-amber-700">
        {"★".repeat(whole)}
      </span>
      <span aria-hidden="true" className="text-base-content/40">
        {"☆".repeat(5 - whole)}
      </span>
    </span>
  );
}

export type ReviewAction = "approve" | "reject" | "edit" | "reply" | "delete";
export type OnReviewAction = (action: ReviewAction, review: AdminReview, trigger: HTMLButtonElement) => void;

/** The card's element id, so an action can put the focus back on it. */
export const reviewCardId = (id: number) => `review-${id}`;

function ReviewCard({ review: r, timeZone, busy, onAction }: { review: AdminReview; timeZone: string; busy: ReviewAction | null; onAction: OnReviewAction }) {
  const act = (action: ReviewAction) => (e: MouseEvent<HTMLButtonElement>) => onAction(action, r, e.currentTarget);
  const headingId = `${reviewCardId(r.id)}-title`;
  // The transition table decides, as it does on the server: nothing is offered that would change nothing.
  const offered = reviewActionsAllowed(r.status);
  return (
    <article
      id={reviewCardId(r.id)}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="card rounded-none bg-base-100 outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset"
      data-testid="review-card"
    >
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <h2 id={headingId} className="text-base font-semibold break-words">
              <a className="link link-hover" href={`/shop/product/${encodeURIComponent(r.product.slug)}`}>
                {r.product.name}
              </a>
            </h2>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <Stars rating={r.rating} />
              <span className="text-base-content/80">
                by {r.customer.name} <span className="break-all">({r.customer.email})</span>
              </span>
              <span className="text-base-content/80" data-testid="review-shown-as">{`shown as "${r.customer.shownAs}"`}</span>
            </p>
          </div>
          <span className="flex flex-wrap gap-1">
            <StatusBadge kind="review" status={r.status} testId="review-status" />
            {r.isVerifiedPurchase && <span className="badge badge-info badge-outline h-auto min-h-5">Verified purchase</span>}
            {r.editedByBusinessAt && <span className="badge badge-outline h-auto min-h-5">Edited by the business</span>}
          </span>
        </div>

        <div className="space-y-1">
          {r.title && <p className="font-semibold break-words">{r.title}</p>}
          {r.comment ? (
            <p className="text-sm break-words whitespace-pre-line">{r.comment}</p>
          ) : (
            <p className="text-sm text-base-content/80">No comment, only a rating.</p>
          )}
        </div>

        {r.editedByBusinessAt && (
          <div className="rounded-box bg-base-200 p-3 text-sm break-words" data-testid="review-edit">
            <p>
              <span className="font-semibold">{`Edited ${formatInstant(r.editedByBusinessAt, timeZone)}, the customer was told: `}</span>
              {r.editReason}
            </p>
            {r.original && (
              <details className="mt-2">
                <summary className="cursor-pointer">The customer's own words (never shown on the site)</summary>
                {r.original.title && <p className="mt-1 font-semibold">{r.original.title}</p>}
                {r.original.comment && <p className="whitespace-pre-line">{r.original.comment}</p>}
              </details>
            )}
          </div>
        )}
        {r.status === "rejected" && r.rejectionReason && (
          <p className="rounded-box bg-base-200 p-3 text-sm break-words">
            <span className="font-semibold">Rejected, the customer was told: </span>
            {r.rejectionReason}
          </p>
        )}
        {r.reply && (
          <div className="rounded-box border-l-4 border-primary bg-base-200 p-3 text-sm">
            <p className="font-semibold">Your reply</p>
            <p className="break-words whitespace-pre-line">{r.reply}</p>
          </div>
        )}

        <p className="text-xs text-base-content/80">
          Written <time dateTime={r.createdAt}>{formatInstant(r.createdAt, timeZone)}</time>
          {r.updatedAt !== r.createdAt && (
            <>
              {" "}
              · last changed <time dateTime={r.updatedAt}>{formatInstant(r.updatedAt, timeZone)}</time>
            </>
          )}
          {r.helpfulVotes > 0 && ` · ${r.helpfulVotes} found it helpful`}
        </p>

        <div className="flex flex-wrap gap-2">
          {offered.includes("approve") && (
            <button type="button" className="btn btn-sm btn-success" disabled={busy !== null} onClick={act("approve")}>
              {busy === "approve" ? "Approving..." : "Approve"}
            </button>
          )}
          {offered.includes("reject") && (
            <button type="button" className="btn btn-sm btn-outline" aria-haspopup="dialog" disabled={busy !== null} onClick={act("reject")}>
              {busy === "reject" ? "Rejecting..." : "Reject..."}
            </button>
          )}
          {reviewEditable(r.status) && (
            <button type="button" className="btn btn-sm btn-outline" aria-haspopup="dialog" disabled={busy !== null} onClick={act("edit")}>
              {busy === "edit" ? "Saving..." : "Edit words..."}
            </button>
          )}
          <button type="button" className="btn btn-sm btn-outline" aria-haspopup="dialog" disabled={busy !== null} onClick={act("reply")}>
            {busy === "reply" ? "Saving..." : r.reply ? "Edit reply..." : "Reply..."}
          </button>
          <button type="button" className="btn btn-sm btn-ghost text-error" aria-haspopup="dialog" disabled={busy !== null} onClick={act("delete")}>
            {busy === "delete" ? "Deleting..." : "Delete..."}
          </button>
        </div>
      </div>
    </article>
  );
}

export function ReviewCards({
  rows,
  timeZone,
  busy,
  onAction,
}: {
  rows: AdminReview[];
  timeZone: string;
  /** The review an action is under way on, and which. */
  busy: { id: number; action: ReviewAction } | null;
  onAction: OnReviewAction;
}) {
  return (
    <ul className="divide-y divide-base-300" aria-label="Reviews">
      {rows.map((r) => (
        <li key={r.id}>
          <ReviewCard review={r} timeZone={timeZone} busy={busy?.id === r.id ? busy.action : null} onAction={onAction} />
        </li>
      ))}
    </ul>
  );
}
