/**
 * The product page's reviews (decision 044): the summary of approved reviews with its distribution,
 * a page of them (newest or most helpful first, 10 a page, in the URL), the business's replies, a
 * "Was this helpful?" form, the customer's own review with its state, and the review form. Every
 * control is a plain link or form, so it all works with JavaScript off.
 */
import { StarIcons, StarRating } from "../components/product";
import { FormNotice, SubmitButton, type FormErrors } from "../components/PlainForm";
import { FormField, errorProps } from "../components/FormField";
import type { SiteData } from "../components/site";
import type { ApprovedReviewsPage, ProductReviewsView } from "../reads/reviews.server";
import { formatInstantDate } from "../domain/format";
import {
  maxReviewComment,
  maxReviewTitle,
  type OwnReview,
  type PublicReview,
  type ReviewNameChoice,
  type ReviewSort,
  reviewDisplayName,
  reviewNameChoices,
} from "../shared/reviews";

/** The review form as it was sent, with a message per field, when it was refused. */
export type ReviewFormState = { values: { rating: string; title: string; comment: string; nameShown: string }; errors: FormErrors; formError?: string };

export const reviewNotices = {
  sent: { tone: "success", text: "Thank you! Your review was sent. It appears on this page once we have checked it." },
  updated: { tone: "success", text: "Your review was updated. It appears on this page again once we have checked it." },
  deleted: { tone: "success", text: "Your review was deleted." },
  voted: { tone: "success", text: "Thank you for your feedback." },
  "already-voted": { tone: "info", text: "You already found this review helpful; each customer counts once." },
  "own-review": { tone: "info", text: "You cannot vote on your own review." },
  "vote-limit": { tone: "error", text: "You have voted on many reviews in the last hour. Please try again later." },
  unverified: { tone: "error", text: "Please confirm your e-mail address before voting on reviews." },
  "not-found": { tone: "error", text: "That review is no longer shown." },
} as const;
export type ReviewNoticeCode = keyof typeof reviewNotices;

/** The notice of a ?review= code, or undefined for anything else. */
export function reviewNotice(code: string | undefined): ReviewNoticeCode | undefined {
  return code && Object.hasOwn(reviewNotices, code) ? (code as ReviewNoticeCode) : undefined;
}

/** `own`: the signed-in customer's review, whatever its state; `voted`: reviews of this page they found helpful. */
export type ProductReviewsData = ProductReviewsView & {
  form?: ReviewFormState;
  notice?: ReviewNoticeCode;
};

/** The address of a page of a product's reviews; page 1 newest first is the product page itself. */
export function reviewsHref(productPath: string, page: number, sort: ReviewSort): string {
  const params = new URLSearchParams();
  if (page > 1) params.set("reviews", String(page));
  if (sort !== "newest") params.set("sort", sort);
  const search = params.toString();
  return `${productPath}${search ? `?${search}` : ""}#reviews`;
}

const stateLabels: Record<OwnReview["state"], { text: string; badge: string }> = {
  pending: { text: "Waiting for approval", badge: "badge-warning" },
  approved: { text: "Published", badge: "badge-success" },
  rejected: { text: "Not published", badge: "badge-error" },
};

export function ProductReviews({ site, path, data }: { site: SiteData; path: string; data: ProductReviewsData }) {
  const { list, own } = data;
  const notice = data.notice ? reviewNotices[data.notice] : undefined;
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-20 space-y-6">
      <h2 id="reviews-title" className="text-2xl font-bold">
        Customer Reviews
      </h2>
      {notice && (
        <FormNotice tone={notice.tone} announce>
          {notice.text}
        </FormNotice>
      )}
      <RatingSummaryBlock list={list} hasOwn={own !== null} />
      {list.summary.count > 0 && <ReviewList site={site} path={path} data={data} />}
      {own && <OwnReviewCard site={site} path={path} own={own} form={data.form} />}
      {!own && <WriteReview site={site} path={path} form={data.form} />}
    </section>
  );
}

function RatingSummaryBlock({ list, hasOwn }: { list: ApprovedReviewsPage; hasOwn: boolean }) {
  const { summary } = list;
  if (summary.count === 0)
    return <p data-testid="no-reviews">{hasOwn ? "No reviews are published yet." : "No reviews yet. Be the first to review this product."}</p>;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-8" data-testid="rating-summary">
      <div className="flex flex-col items-start gap-1">
        <p className="text-4xl font-bold" aria-hidden="true">
          {summary.average.toFixed(1)}
        </p>
        <StarRating rating={summary} />
      </div>
      <table className="w-full max-w-sm text-sm">
        <caption className="sr-only">Reviews per rating</caption>
        <tbody>
          {[5, 4, 3, 2, 1].map((stars) => {
            const n = summary.distribution[stars - 1] ?? 0;
            return (
              <tr key={stars}>
                <th scope="row" className="whitespace-nowrap pr-2 text-left font-normal">{`${stars} star${stars === 1 ? "" : "s"}`}</th>
                <td className="w-full">
                  <progress className="progress progress-warning w-full" value={n} max={summary.count} aria-label={`${stars} stars`} />
                </td>
                <td className="pl-2 text-right tabular-nums">{n}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ReviewList({ site, path, data }: { site: SiteData; path: string; data: ProductReviewsData }) {
  const { list } = data;
  const voted = new Set(data.voted);
  return (
    <div className="space-y-4">
      <nav aria-label="Order of reviews" className="flex flex-wrap items-center gap-2 text-sm">
        <span>Sort by:</span>
        {(["newest", "helpful"] as const).map((sort) => (
          <a
            key={sort}
            href={reviewsHref(path, 1, sort)}
            className={`btn btn-sm ${list.sort === sort ? "btn-active" : "btn-ghost"}`}
            aria-current={list.sort === sort ? "true" : undefined}
          >
            {sort === "newest" ? "Newest" : "Most helpful"}
          </a>
        ))}
      </nav>
      <ol className="space-y-4" aria-label="Reviews">
        {list.reviews.map((r) => (
          <li key={r.id}>
            <ReviewCard site={site} path={path} review={r} list={list} votedAlready={voted.has(r.id)} mine={data.own?.id === r.id} />
          </li>
        ))}
      </ol>
      {list.pageCount > 1 && (
        <nav aria-label="Pages of reviews" className="flex flex-wrap items-center justify-between gap-2">
          {list.page > 1 ? (
            <a className="btn btn-sm" href={reviewsHref(path, list.page - 1, list.sort)} rel="prev">
              Previous reviews
            </a>
          ) : (
            <span />
          )}
          <span className="text-sm">{`Page ${list.page} of ${list.pageCount}`}</span>
          {list.page < list.pageCount ? (
            <a className="btn btn-sm" href={reviewsHref(path, list.page + 1, list.sort)} rel="next">
              More reviews
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}

function ReviewCard(props: { site: SiteData; path: string; review: PublicReview; list: ApprovedReviewsPage; votedAlready: boolean; mine: boolean }) {
  const { site, review: r } = props;
  const zone = site.settings.timezone;
  return (
    <article id={`review-${r.id}`} aria-labelledby={`review-${r.id}-title`} className="card scroll-mt-20 border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <p className="flex items-center gap-2">
          <span className="sr-only">{`Rated ${r.rating} out of 5`}</span>
          <StarIcons average={r.rating} />
        </p>
        <h3 id={`review-${r.id}-title`} className="font-semibold break-words">
          {r.title}
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-base-content/80">
          <span>{r.author}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={r.createdAt}>{formatInstantDate(r.createdAt, zone)}</time>
          {r.isVerifiedPurchase && <span className="badge badge-success badge-sm">Verified purchase</span>}
          {r.editedByBusiness && (
            <span className="badge badge-outline badge-sm h-auto" data-testid="review-edited">
              Edited by the business
            </span>
          )}
        </p>
        <p className="whitespace-pre-line break-words">{r.comment}</p>
        {r.reply && (
          <div className="mt-2 rounded-box border-l-4 border-primary bg-base-200 p-3">
            <p className="text-sm font-semibold">{`Reply from ${site.settings.businessName}`}</p>
            <p className="whitespace-pre-line break-words text-sm">{r.reply}</p>
          </div>
        )}
        <HelpfulForm {...props} />
      </div>
    </article>
  );
}

/** "Was this helpful?": a plain form post, counted once per customer; the author sees the count only. */
function HelpfulForm({
  site,
  path,
  review: r,
  list,
  votedAlready,
  mine,
}: {
  site: SiteData;
  path: string;
  review: PublicReview;
  list: ApprovedReviewsPage;
  votedAlready: boolean;
  mine: boolean;
}) {
  const count = r.helpfulVotes === 0 ? null : `${r.helpfulVotes} ${r.helpfulVotes === 1 ? "person" : "people"} found this helpful`;
  const countLine = count && <span className="text-sm text-base-content/80">{count}</span>;
  if (mine || votedAlready) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {votedAlready && <span className="font-semibold">You found this helpful.</span>}
        {countLine}
      </p>
    );
  }
  const here = reviewsHref(path, list.page, list.sort).replace("#reviews", `#review-${r.id}`);
  if (!site.user) {
    return (
      <form method="get" action="/api/login" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="returnTo" value={here} />
        <span className="text-sm">Was this helpful?</span>
        <button type="submit" className="btn btn-xs">
          Yes<span className="sr-only">{`, "${r.title}" was helpful (sign in first)`}</span>
        </button>
        {countLine}
      </form>
    );
  }
  return (
    <form method="post" action={`${path}/reviews/${r.id}/helpful`} data-pending className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="page" value={list.page} />
      <input type="hidden" name="sort" value={list.sort} />
      <span className="text-sm">Was this helpful?</span>
      <button type="submit" className="btn btn-xs" data-pending-label="Sending...">
        Yes<span className="sr-only">{`, "${r.title}" was helpful`}</span>
      </button>
      {countLine}
    </form>
  );
}

function OwnReviewCard({ site, path, own, form }: { site: SiteData; path: string; own: OwnReview; form?: ReviewFormState }) {
  const state = stateLabels[own.state];
  return (
    <section id="your-review" aria-labelledby="your-review-title" className="card scroll-mt-20 border border-base-300 bg-base-200">
      <div className="card-body gap-2 p-4">
        <h3 id="your-review-title" className="card-title text-lg">
          Your review
        </h3>
        <p className="flex flex-wrap items-center gap-2">
          <span className={`badge ${state.badge}`} data-testid="own-review-state">
            {state.text}
          </span>
          {own.isVerifiedPurchase && <span className="badge badge-success badge-outline">Verified purchase</span>}
        </p>
        {own.state === "pending" && <p className="text-sm">Only you can see it until we have checked it.</p>}
        <p className="text-sm" data-testid="own-review-name">
          {`${own.state === "approved" ? "Shown" : "It will show"} with your name as: ${shownAs(site, own.nameShown)}`}
        </p>
        {own.state === "rejected" && (
          <p className="text-sm" data-testid="own-review-reason">
            {own.rejectionReason ? `We did not publish it: ${own.rejectionReason}` : "We did not publish it."} You can edit it and send it again.
          </p>
        )}
        {own.editReason && (
          <p className="text-sm" data-testid="own-review-edited">
            {`We changed a few words of it, and it is marked "Edited by the business": ${own.editReason} You can word it yourself with "Edit your review".`}
          </p>
        )}
        <p className="flex items-center gap-2">
          <span className="sr-only">{`Rated ${own.rating} out of 5`}</span>
          <StarIcons average={own.rating} />
        </p>
        <p className="font-semibold break-words">{own.title}</p>
        <p className="whitespace-pre-line break-words">{own.comment}</p>
        <details className="mt-2" open={form !== undefined}>
          <summary className="cursor-pointer font-semibold text-primary">Edit your review</summary>
          <ReviewForm
            site={site}
            path={path}
            form={form}
            values={{ rating: String(own.rating), title: own.title, comment: own.comment, nameShown: own.nameShown }}
            submit="Save changes"
          />
        </details>
        <form method="post" action={`${path}/review/delete`} data-pending className="mt-2">
          <button type="submit" className="btn btn-sm btn-outline btn-error" data-pending-label="Deleting...">
            Delete your review
          </button>
        </form>
      </div>
    </section>
  );
}

function WriteReview({ site, path, form }: { site: SiteData; path: string; form?: ReviewFormState }) {
  if (!site.user) {
    return (
      <p id="write-review" className="scroll-mt-20">
        <a className="btn btn-outline" href={`/api/login?returnTo=${encodeURIComponent(`${path}#write-review`)}`}>
          Sign in to write a review
        </a>
      </p>
    );
  }
  if (!site.user.emailVerified) {
    return (
      <p id="write-review" className="alert alert-info scroll-mt-20">
        Please confirm your e-mail address to write a review: open the link we sent to {site.user.email}.
      </p>
    );
  }
  return (
    <section id="write-review" aria-labelledby="write-review-title" className="card scroll-mt-20 border border-base-300 bg-base-100">
      <div className="card-body p-4">
        <h3 id="write-review-title" className="card-title text-lg">
          Write a review
        </h3>
        <p className="text-sm text-base-content/80">
          Reviews appear here once we have checked them. A review of a product you received is marked as a verified purchase.
        </p>
        <ReviewForm site={site} path={path} form={form} values={{ rating: "", title: "", comment: "", nameShown: "initials" }} submit="Submit review" />
      </div>
    </section>
  );
}

function ReviewForm(props: { site: SiteData; path: string; form?: ReviewFormState; values: ReviewFormState["values"]; submit: string }) {
  const values = props.form?.values ?? props.values;
  const errors = props.form?.errors ?? {};
  const id = "review";
  return (
    <form method="post" action={`${props.path}/review`} data-pending noValidate className="space-y-2">
      {props.form?.formError && <FormNotice tone="error">{props.form.formError}</FormNotice>}
      <fieldset className="fieldset" {...(errors.rating ? { "aria-describedby": `${id}-rating-error` } : {})}>
        <legend className="fieldset-legend">Your rating</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {[5, 4, 3, 2, 1].map((stars) => (
            <label key={stars} className="flex cursor-pointer items-center gap-2">
              <input type="radio" name="rating" value={stars} className="radio radio-sm" defaultChecked={values.rating === String(stars)} required />
              <span>{`${stars} star${stars === 1 ? "" : "s"}`}</span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={`${id}-rating-error`} className="text-sm text-error" role="alert">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <FormField id={`${id}-title`} label="Title" error={errors.title}>
        <input
          id={`${id}-title`}
          name="title"
          className="input w-full"
          defaultValue={values.title}
          maxLength={maxReviewTitle}
          required
          autoComplete="off"
          {...errorProps(`${id}-title`, errors.title)}
        />
      </FormField>
      <FormField id={`${id}-comment`} label="Your review" error={errors.comment} hint={`Up to ${maxReviewComment} characters.`}>
        <textarea
          id={`${id}-comment`}
          name="comment"
          className="textarea w-full"
          rows={5}
          defaultValue={values.comment}
          maxLength={maxReviewComment}
          required
          {...errorProps(`${id}-comment`, errors.comment)}
        />
      </FormField>
      <NameChoice site={props.site} value={values.nameShown} error={errors.nameShown} />
      <div className="flex justify-end">
        <SubmitButton label={props.submit} pendingLabel="Sending..." className="btn btn-primary" />
      </div>
    </form>
  );
}

/** The name the signed-in customer's review shows with `choice`, from the names on their account. */
function shownAs(site: SiteData, choice: ReviewNameChoice): string {
  return reviewDisplayName(choice, site.user?.firstName ?? null, site.user?.lastName ?? null);
}

const nameChoiceLabels: Record<ReviewNameChoice, string> = {
  first_name: "Your first name",
  initials: "Your initials",
  verified_customer: "No name",
};

/**
 * How the customer's name shows with their review (decision 069): each choice says exactly what
 * others will read, from the names on their account. Initials unless they choose otherwise.
 */
function NameChoice({ site, value, error }: { site: SiteData; value: string; error?: string }) {
  const id = "review-name";
  const chosen = (reviewNameChoices as readonly string[]).includes(value) ? value : "initials";
  return (
    <fieldset className="fieldset" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}>
      <legend className="fieldset-legend">How your name shows</legend>
      <p id={`${id}-hint`} className="text-sm text-base-content/80">
        Shown with your review to everyone who visits this page, and to search engines. Your e-mail address and full name are never shown.
      </p>
      <div className="flex flex-col gap-1">
        {reviewNameChoices.map((choice) => (
          <label key={choice} className="flex cursor-pointer items-center gap-2">
            <input type="radio" name="nameShown" value={choice} className="radio radio-sm" defaultChecked={chosen === choice} />
            <span>
              {`${nameChoiceLabels[choice]}: `}
              <strong data-testid={`review-name-${choice}`}>{shownAs(site, choice)}</strong>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
