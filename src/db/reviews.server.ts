/**
 * Product reviews, customer side (decision 044): writing, editing and deleting one's own review,
 * the approved reviews a product page lists, and "Was this helpful?". A review is one per customer
 * and product; it starts waiting for approval and goes back to waiting whenever its author edits
 * it. Only approved reviews are ever counted or shown to others. Writes that change what a public
 * page shows (an approved review edited or deleted, a helpful vote) signal "public data changed".
 * The back office's functions live in admin-reviews.server.ts.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { noRatings, reviewState, summariseRatings } from "../domain/reviews";
import {
  type OwnReview,
  type PublicReview,
  type RatingSummary,
  type ReviewInput,
  type ReviewSort,
  reviewDisplayName,
  reviewsPageSize,
} from "../shared/reviews";
import { immediate, type Db } from "./client.server";
import { productIsVisible } from "./product-visibility.server";
import { publicDataChanged } from "./public-data.server";
import { categories, orderItems, orders, products, reviews, reviewVotes, users } from "./schema";

type Review = typeof reviews.$inferSelect;

/** Approved and not rejected: what others may see and what counts. */
const isPublished = and(eq(reviews.isApproved, true), isNull(reviews.rejectedAt));

/**
 * The rating summary of each product in `productIds` (every product when omitted) that has approved
 * reviews; products without any are absent. One grouped query: the shop and JSON-LD read it.
 */
export function approvedRatingSummaries(db: Db, productIds?: readonly number[]): Map<number, RatingSummary> {
  if (productIds && productIds.length === 0) return new Map();
  const rows = db
    .select({ productId: reviews.productId, rating: reviews.rating, n: sql<number>`count(*)` })
    .from(reviews)
    .where(productIds ? and(isPublished, inArray(reviews.productId, [...productIds])) : isPublished)
    .groupBy(reviews.productId, reviews.rating)
    .all();
  const perProduct = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const stars = perProduct.get(r.productId) ?? new Map<number, number>();
    stars.set(r.rating, r.n);
    perProduct.set(r.productId, stars);
  }
  return new Map([...perProduct].map(([id, stars]) => [id, summariseRatings(stars)]));
}

/** One product's summary of approved reviews (`noRatings` when it has none). */
export function productRatingSummary(db: Db, productId: number): RatingSummary {
  return approvedRatingSummaries(db, [productId]).get(productId) ?? noRatings;
}

/** A page of a product's approved reviews with its summary. */
export type ApprovedReviewsPage = { summary: RatingSummary; reviews: PublicReview[]; page: number; pageCount: number; sort: ReviewSort };

const toIso = (d: Date | null) => (d ? d.toISOString() : null);

/** Page `page` (from 1) of the product's approved reviews, newest first or most helpful first. */
export function listApprovedReviews(db: Db, productId: number, opts: { sort: ReviewSort; page: number }): ApprovedReviewsPage {
  const summary = productRatingSummary(db, productId);
  const pageCount = Math.max(1, Math.ceil(summary.count / reviewsPageSize));
  const page = Math.min(Math.max(1, Math.floor(opts.page)), pageCount);
  const order = opts.sort === "helpful" ? [desc(reviews.helpfulVotes), desc(reviews.createdAt), desc(reviews.id)] : [desc(reviews.createdAt), desc(reviews.id)];
  const rows =
    summary.count === 0
      ? []
      : db
          .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
          .from(reviews)
          .innerJoin(users, eq(reviews.userId, users.id))
          .where(and(eq(reviews.productId, productId), isPublished))
          .orderBy(...order)
          .limit(reviewsPageSize)
          .offset((page - 1) * reviewsPageSize)
          .all();
  return {
    summary,
    page,
    pageCount,
    sort: opts.sort,
    reviews: rows.map(({ review: r, firstName, lastName }) => ({
      id: r.id,
      rating: r.rating,
      title: r.title ?? "",
      comment: r.comment ?? "",
      author: reviewDisplayName(r.nameShown, firstName, lastName),
      isVerifiedPurchase: r.isVerifiedPurchase,
      helpfulVotes: r.helpfulVotes,
      createdAt: r.createdAt.toISOString(),
      reply: r.reply,
      repliedAt: toIso(r.repliedAt),
      editedByBusiness: r.editedByBusinessAt !== null,
    })),
  };
}

/** What a product page shows of reviews: a page of approved ones and, signed in, the visitor's own review and votes. */
export type ProductReviewsView = { list: ApprovedReviewsPage; own: OwnReview | null; voted: number[] };

/** The product page's reviews for the visitor `userId` (null signed out). */
export function productReviewsFor(db: Db, productId: number, userId: string | null, opts: { sort: ReviewSort; page: number }): ProductReviewsView {
  const list = listApprovedReviews(db, productId, opts);
  if (!userId) return { list, own: null, voted: [] };
  const voted = helpfulVotesBy(
    db,
    userId,
    list.reviews.map((r) => r.id),
  );
  return { list, own: findOwnReview(db, userId, productId), voted: [...voted] };
}

function toOwnReview(r: Review): OwnReview {
  return {
    id: r.id,
    productId: r.productId,
    rating: r.rating,
    title: r.title ?? "",
    comment: r.comment ?? "",
    isApproved: r.isApproved,
    isVerifiedPurchase: r.isVerifiedPurchase,
    nameShown: r.nameShown,
    state: reviewState(r),
    rejectionReason: r.rejectedAt ? r.rejectionReason : null,
    editReason: r.editedByBusinessAt ? r.editReason : null,
    helpfulVotes: r.helpfulVotes,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The customer's own review of the product, in whatever state, or null. */
export function findOwnReview(db: Db, userId: string, productId: number): OwnReview | null {
  const row = db
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
    .get();
  return row ? toOwnReview(row) : null;
}

/** Which of `reviewIds` the customer already found helpful. */
export function helpfulVotesBy(db: Db, userId: string, reviewIds: readonly number[]): Set<number> {
  if (reviewIds.length === 0) return new Set();
  const rows = db
    .select({ reviewId: reviewVotes.reviewId })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.userId, userId), inArray(reviewVotes.reviewId, [...reviewIds])))
    .all();
  return new Set(rows.map((r) => r.reviewId));
}

/** The delivered order of the customer that contains the product (the latest), or null. */
function deliveredOrderWith(db: Db, userId: string, productId: number): number | null {
  const row = db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, "delivered"), eq(orderItems.productId, productId)))
    .orderBy(desc(orders.id))
    .limit(1)
    .get();
  return row?.id ?? null;
}

/** Whether the order a review was verified with still vouches for the purchase: there, and not refunded. */
function orderStillVerifies(db: Db, orderId: number | null): boolean {
  if (orderId === null) return false;
  const row = db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).get();
  return row !== undefined && row.status !== "refunded";
}

/**
 * A refunded order no longer verifies a purchase (decision 084): each review verified with it keeps
 * its badge only through another delivered order of the product by the same customer (then recorded
 * with that order), else loses it. Call inside the refund's transaction; answers whether a published
 * review changed, for the caller to tell the public pages after it commits.
 */
export function unverifyReviewsOfRefundedOrder(db: Db, orderId: number): boolean {
  const verified = db
    .select()
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), eq(reviews.isVerifiedPurchase, true)))
    .all();
  let published = false;
  for (const review of verified) {
    const other = deliveredOrderWith(db, review.userId, review.productId);
    db.update(reviews)
      .set(other !== null ? { orderId: other } : { isVerifiedPurchase: false })
      .where(eq(reviews.id, review.id))
      .run();
    if (other === null && reviewState(review) === "approved") published = true;
  }
  return published;
}

function emailVerified(db: Db, userId: string): boolean {
  const row = db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).get();
  return Boolean(row?.verifiedAt);
}

/** True when the shop shows the product (active, in an active category or none): only those take or list reviews. */
export function productIsShown(db: Db, productId: number): boolean {
  const row = db
    .select({ id: products.id })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(products.id, productId), productIsVisible))
    .get();
  return row !== undefined;
}

export type ReviewWrite =
  | { ok: true; review: OwnReview }
  | { ok: false; reason: "email_unverified" | "product_not_found" | "not_found" | "product_unavailable" }
  | { ok: false; reason: "duplicate"; review: OwnReview };

/**
 * Writes the customer's review of a product the shop shows: verified purchase when they have a
 * delivered order of it (recorded with that order). Refused for an unconfirmed e-mail address, a
 * product the shop does not show, or a second review of the same product.
 */
export function createReview(db: Db, userId: string, productId: number, input: ReviewInput, now = new Date()): ReviewWrite {
  return immediate(db, (): ReviewWrite => {
    if (!emailVerified(db, userId)) return { ok: false, reason: "email_unverified" };
    if (!productIsShown(db, productId)) return { ok: false, reason: "product_not_found" };
    const existing = findOwnReview(db, userId, productId);
    if (existing) return { ok: false, reason: "duplicate", review: existing };
    const orderId = deliveredOrderWith(db, userId, productId);
    const row = db
      .insert(reviews)
      .values({
        productId,
        userId,
        orderId,
        isVerifiedPurchase: orderId !== null,
        rating: input.rating,
        title: input.title,
        comment: input.comment,
        nameShown: input.nameShown ?? "initials",
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    return { ok: true, review: toOwnReview(row) };
  });
}

/**
 * Changes the customer's own review; anyone else's is "not_found". It goes back to waiting for
 * approval (approval and rejection cleared) and its verified purchase is checked again.
 */
export function editOwnReview(db: Db, userId: string, reviewId: number, input: ReviewInput, now = new Date()): ReviewWrite {
  let wasPublished = false;
  const result = immediate(db, (): ReviewWrite => {
    const current = db
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
      .get();
    if (!current) return { ok: false, reason: "not_found" };
    if (!emailVerified(db, userId)) return { ok: false, reason: "email_unverified" };
    if (!productIsShown(db, current.productId)) return { ok: false, reason: "product_unavailable" };
    wasPublished = reviewState(current) === "approved";
    const delivered = deliveredOrderWith(db, userId, current.productId);
    const orderId = delivered ?? current.orderId;
    const row = db
      .update(reviews)
      .set({
        rating: input.rating,
        title: input.title,
        comment: input.comment,
        nameShown: input.nameShown ?? current.nameShown,
        orderId,
        // The order it was written with verifies it only while that order is not refunded (decision 084).
        isVerifiedPurchase: delivered !== null || orderStillVerifies(db, current.orderId),
        isApproved: false,
        rejectedAt: null,
        rejectionReason: null,
        // Their own words again: nothing of the business's edit stands (decision 076).
        editedByBusinessAt: null,
        editReason: null,
        originalTitle: null,
        originalComment: null,
        updatedAt: now,
      })
      .where(eq(reviews.id, reviewId))
      .returning()
      .get();
    return { ok: true, review: toOwnReview(row) };
  });
  if (wasPublished) publicDataChanged(db);
  return result;
}

/** Deletes the customer's own review (with its votes); false when it is not theirs or not there. */
export function deleteOwnReview(db: Db, userId: string, reviewId: number): boolean {
  const deleted = db
    .delete(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
    .returning({ isApproved: reviews.isApproved, rejectedAt: reviews.rejectedAt })
    .all();
  if (deleted.length === 0) return false;
  if (deleted.some((r) => reviewState(r) === "approved")) publicDataChanged(db);
  return true;
}

export type HelpfulVote = { ok: true; helpfulVotes: number; counted: boolean } | { ok: false; reason: "not_found" | "own_review" | "email_unverified" };

/**
 * "Was this helpful?": counts the customer once per published review (a second vote changes
 * nothing and says so with `counted: false`); never on their own review. The count is kept by the
 * database (triggers on review_votes), so a deleted account takes its votes off too.
 */
export function voteHelpful(db: Db, userId: string, reviewId: number, now = new Date()): HelpfulVote {
  const result = immediate(db, (): HelpfulVote => {
    const review = db
      .select({ userId: reviews.userId, helpfulVotes: reviews.helpfulVotes })
      .from(reviews)
      .innerJoin(products, eq(reviews.productId, products.id))
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(and(eq(reviews.id, reviewId), isPublished, productIsVisible))
      .get();
    if (!review) return { ok: false, reason: "not_found" };
    if (review.userId === userId) return { ok: false, reason: "own_review" };
    if (!emailVerified(db, userId)) return { ok: false, reason: "email_unverified" };
    const inserted = db.insert(reviewVotes).values({ reviewId, userId, createdAt: now }).onConflictDoNothing().returning({ id: reviewVotes.id }).all();
    const after = db.select({ helpfulVotes: reviews.helpfulVotes }).from(reviews).where(eq(reviews.id, reviewId)).get();
    return { ok: true, helpfulVotes: after?.helpfulVotes ?? review.helpfulVotes, counted: inserted.length > 0 };
  });
  if (result.ok && result.counted) publicDataChanged(db);
  return result;
}
