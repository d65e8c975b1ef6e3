/**
 * The product page's review forms, with JavaScript off (decision 044). Each redirects back (303) to
 * the product page with ?review=<notice>; a refused review form re-renders the page with the
 * values kept and messages under the fields. Each calls the action its JSON twin calls, spending
 * the same budget (src/actions/).
 *
 *   POST /shop/product/:slug/review                     write, or change, the customer's review
 *   POST /shop/product/:slug/review/delete              delete it
 *   POST /shop/product/:slug/reviews/:id/helpful        "Was this helpful?" (page, sort: where to go back)
 */
import { Hono, type Context } from "hono";
import { deleteReview } from "../actions/delete-review.server";
import { editReview } from "../actions/edit-review.server";
import { voteReviewHelpful } from "../actions/vote-review-helpful.server";
import { writeReview } from "../actions/write-review.server";
import { categorySlugPattern } from "../domain/catalogue";
import { ownReview, productReviews } from "../reads/reviews.server";
import { shownProduct, type ProductWithCategory } from "../reads/shop.server";
import { idParamSchema, readReviewPageQuery, reviewInputSchema } from "../shared/reviews";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors, HttpError } from "../server/errors";
import { readForm } from "../server/form";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { productNotFoundPage, productPage, productPath } from "./product";
import { reviewsHref, type ReviewFormState, type ReviewNoticeCode } from "./product-reviews";

/** The product of the path, or null. */
function productOf(deps: AppDeps, c: Context<CustomerEnv>): ProductWithCategory | null {
  return shownProduct(deps, c.req.param("slug") ?? "");
}

const notFoundPage = (deps: AppDeps, c: Context<CustomerEnv>) => servePage(deps, c, (site) => productNotFoundPage(site, c.req.path));

const backTo = (path: string, notice: ReviewNoticeCode, anchor = "reviews") => `${path}?review=${notice}#${anchor}`;

/** POST /shop/product/:slug/review (rating, title, comment, nameShown): the customer's review, new or changed. */
export async function submitReviewForm(deps: AppDeps, c: Context<CustomerEnv>) {
  const product = productOf(deps, c);
  if (!product) return notFoundPage(deps, c);
  const form = await readForm(c, 4000);
  const user = c.get("user");
  const values = { rating: form.rating ?? "", title: form.title ?? "", comment: form.comment ?? "", nameShown: form.nameShown ?? "" };
  const again = (state: Omit<ReviewFormState, "values">) =>
    servePage(deps, c, (site) => productPage(site, product, { ...productReviews(deps, product.id, user.id, {}), form: { values, ...state } }));
  // The form always sends a name choice; without one (an old page), the review keeps its own.
  const parsed = reviewInputSchema.safeParse({ ...values, nameShown: values.nameShown || undefined });
  if (!parsed.success) return again({ errors: fieldErrors(parsed.error) });
  const own = ownReview(deps, user.id, product.id);
  try {
    if (own) editReview(deps, user, own.id, parsed.data);
    else writeReview(deps, user, product.id, parsed.data);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) return notFoundPage(deps, c);
    return again({ errors: {}, formError: error.message });
  }
  // To the top of the reviews, where the notice is, with the customer's review under it.
  return c.redirect(backTo(productPath(product.slug), own ? "updated" : "sent"), 303);
}

/** POST /shop/product/:slug/review/delete */
export function submitReviewDelete(deps: AppDeps, c: Context<CustomerEnv>) {
  const slug = c.req.param("slug") ?? "";
  if (!categorySlugPattern.test(slug)) return notFoundPage(deps, c);
  const product = shownProduct(deps, slug);
  const user = c.get("user");
  const own = product ? ownReview(deps, user.id, product.id) : null;
  if (!product || !own) return c.redirect(product ? backTo(productPath(slug), "not-found") : "/shop", 303);
  try {
    deleteReview(deps, user, own.id);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return c.redirect(backTo(productPath(slug), error.status === 429 ? "vote-limit" : "not-found"), 303);
  }
  return c.redirect(backTo(productPath(slug), "deleted"), 303);
}

/** The notice a refused vote comes back with, by the refusal's code. */
const voteNotices: Partial<Record<string, ReviewNoticeCode>> = { rate_limited: "vote-limit", own_review: "own-review", email_unverified: "unverified" };

/** POST /shop/product/:slug/reviews/:id/helpful (page, sort) */
export async function submitHelpfulVote(deps: AppDeps, c: Context<CustomerEnv>) {
  const product = productOf(deps, c);
  if (!product) return notFoundPage(deps, c);
  const form = await readForm(c, 100);
  const { page, sort } = readReviewPageQuery({ reviews: form.page, sort: form.sort });
  const id = idParamSchema.safeParse({ id: c.req.param("id") });
  const back = (notice: ReviewNoticeCode, anchor: string) => {
    const href = reviewsHref(productPath(product.slug), page, sort).replace("#reviews", "");
    return c.redirect(`${href}${href.includes("?") ? "&" : "?"}review=${notice}#${anchor}`, 303);
  };
  if (!id.success || !/^\d+$/.test(c.req.param("id") ?? "")) return back("not-found", "reviews");
  const user = c.get("user");
  try {
    const vote = voteReviewHelpful(deps, user, id.data.id);
    return back(vote.counted ? "voted" : "already-voted", `review-${id.data.id}`);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const notice = voteNotices[error.code] ?? "not-found";
    return back(notice, notice === "not-found" ? "reviews" : `review-${id.data.id}`);
  }
}

export function reviewRoutes(deps: AppDeps) {
  // Signed out, a form sends the visitor to sign in and back to the product's reviews.
  const customer = requireCustomer(deps, { returnTo: (c) => `${productPath(c.req.param("slug") ?? "")}#reviews` });
  return new Hono<AppEnv>()
    .post("/shop/product/:slug/review", customer, (c) => submitReviewForm(deps, c))
    .post("/shop/product/:slug/review/delete", customer, (c) => submitReviewDelete(deps, c))
    .post("/shop/product/:slug/reviews/:id/helpful", customer, (c) => submitHelpfulVote(deps, c));
}
