/**
 * Review moderation (`/api/admin/reviews`): the filtered list a page at a time (waiting reviews
 * first, then the newest), and the owner's changes to one review (approve, reject with a reason
 * the customer is e-mailed, reply, delete), each audited in the transaction that makes it.
 *
 * pending = not approved and not rejected; approved = `isApproved`; rejected = `rejectedAt` set.
 * Approving clears a rejection and its reason; rejecting clears an approval.
 */
import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { reviewActionOutcome, reviewEditable, reviewState } from "../domain/reviews";
import { reviewDisplayName } from "../shared/reviews";
import {
  type AdminReview,
  type AdminReviewList,
  type AdminReviewsQuery,
  type AdminReviewsSummary,
  adminReviewsPageSize,
  type EditedReview,
  type EditReviewInput,
  type RejectedReview,
  type ReviewedProduct,
  type ReviewStatus,
} from "../shared/admin-reviews";
import { searchTerms } from "./admin-search.server";
import { type AuditActor, recordAudit } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { products, reviews, users } from "./schema";

type Review = typeof reviews.$inferSelect;

/** 1 while a review waits: neither approved nor rejected (the list's order). */
const reviewPendingExpr = sql<number>`(${reviews.isApproved} = 0 and ${reviews.rejectedAt} is null)`;
/** The waiting reviews, as a condition the moderation index answers. */
export const reviewIsPending = and(eq(reviews.isApproved, false), isNull(reviews.rejectedAt));

function statusCondition(status: ReviewStatus): SQL {
  if (status === "pending") return reviewIsPending as SQL;
  if (status === "approved") return eq(reviews.isApproved, true);
  return sql`${reviews.rejectedAt} is not null`;
}

const selection = {
  review: reviews,
  productName: products.name,
  productSlug: products.slug,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
type Row = { review: Review; productName: string; productSlug: string; email: string; firstName: string | null; lastName: string | null };

const customerName = (row: Pick<Row, "firstName" | "lastName" | "email">) => [row.firstName, row.lastName].filter(Boolean).join(" ").trim() || row.email;

function toAdminReview(row: Row): AdminReview {
  const r = row.review;
  return {
    id: r.id,
    status: reviewState(r),
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    isVerifiedPurchase: r.isVerifiedPurchase,
    helpfulVotes: r.helpfulVotes,
    product: { id: r.productId, name: row.productName, slug: row.productSlug },
    customer: { id: r.userId, name: customerName(row), email: row.email, shownAs: reviewDisplayName(r.nameShown, row.firstName, row.lastName) },
    rejectionReason: r.rejectionReason,
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    rejectedAt: r.rejectedAt ? r.rejectedAt.toISOString() : null,
    repliedAt: r.repliedAt ? r.repliedAt.toISOString() : null,
    editedByBusinessAt: r.editedByBusinessAt ? r.editedByBusinessAt.toISOString() : null,
    editReason: r.editedByBusinessAt ? r.editReason : null,
    original: r.editedByBusinessAt ? { title: r.originalTitle, comment: r.originalComment } : null,
  };
}

function conditions(query: AdminReviewsQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.status !== "all") where.push(statusCondition(query.status));
  if (query.rating) where.push(eq(reviews.rating, Number(query.rating)));
  if (query.product !== null) where.push(eq(reviews.productId, query.product));
  if (query.search) {
    const { pattern } = searchTerms(query.search);
    const like = (column: SQL) => sql`${column} like ${pattern} escape '\\'`;
    where.push(
      sql`(${like(sql`${reviews.title}`)} or ${like(sql`${reviews.comment}`)} or ${like(sql`${products.name}`)} or ${like(sql`${users.email}`)} or ${like(
        sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
      )})`,
    );
  }
  return where.length ? and(...where) : undefined;
}

function joined(db: Db) {
  return db.select(selection).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).innerJoin(users, eq(users.id, reviews.userId));
}

/** The products that have reviews, by name: the product filter's choices. */
export function reviewedProducts(db: Db): ReviewedProduct[] {
  return db
    .selectDistinct({ id: products.id, name: products.name })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .orderBy(asc(products.name), asc(products.id))
    .all();
}

/** One page of the list (waiting first, then newest first) and how many match in all; the reads share one transaction. */
export function listAdminReviews(db: Db, query: AdminReviewsQuery): AdminReviewList {
  return db.$client.transaction(() => {
    const where = conditions(query);
    const total =
      db
        .select({ n: count() })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(where)
        .get()?.n ?? 0;
    const rows = joined(db)
      .where(where)
      .orderBy(desc(reviewPendingExpr), desc(reviews.createdAt), desc(reviews.id))
      .limit(adminReviewsPageSize)
      .offset((query.page - 1) * adminReviewsPageSize)
      .all();
    return { reviews: rows.map(toAdminReview), total, page: query.page, pageSize: adminReviewsPageSize, products: reviewedProducts(db) };
  })();
}

function readRow(db: Db, id: number): Row | undefined {
  return joined(db).where(eq(reviews.id, id)).get();
}

/** One review, or undefined. */
export function adminReview(db: Db, id: number): AdminReview | undefined {
  const row = readRow(db, id);
  return row ? toAdminReview(row) : undefined;
}

const about = (row: Row) => `${customerName(row)}'s ${row.review.rating}-star review of ${row.productName}`;
const stateOf = (r: Review) => ({ status: reviewState(r), rejectionReason: r.rejectionReason });

/** Approves a review (clearing any rejection); answers it, or undefined when there is none. Approving an approved review records nothing. */
export function approveReview(db: Db, id: number, actor: AuditActor, now = new Date()): AdminReview | undefined {
  return immediate(db, () => {
    const row = readRow(db, id);
    if (!row) return undefined;
    if (reviewActionOutcome(reviewState(row.review), "approve") !== "change") return toAdminReview(row);
    db.update(reviews).set({ isApproved: true, rejectedAt: null, rejectionReason: null, updatedAt: now }).where(eq(reviews.id, id)).run();
    recordAudit(
      db,
      actor,
      {
        kind: "reviews",
        action: "review.approve",
        recordId: id,
        summary: `Approved ${about(row)}.`,
        before: stateOf(row.review),
        after: { status: "approved" },
      },
      now,
    );
    return adminReview(db, id);
  });
}

/** The rejected review's author and product, for the e-mail that tells them why. */
export type RejectedReviewAuthor = { to: string; firstName: string | null; productName: string; productSlug: string; reason: string };

/**
 * Rejects a review with `reason` (clearing any approval) and calls `mailAuthor` in the same
 * transaction, which queues the author's e-mail and answers whether it did; answers the review and
 * whether the author was e-mailed, or undefined when there is no such review. Rejecting a rejected
 * review changes nothing, calls nothing and sends nothing, whatever the reason. The audit entry says
 * when the author was not e-mailed (their hourly limit, decision 058).
 */
export function rejectReview(
  db: Db,
  id: number,
  reason: string,
  mailAuthor: (author: RejectedReviewAuthor) => boolean,
  actor: AuditActor,
  now = new Date(),
): RejectedReview | undefined {
  return immediate(db, () => {
    const row = readRow(db, id);
    if (!row) return undefined;
    if (reviewActionOutcome(reviewState(row.review), "reject") !== "change") return { ...toAdminReview(row), customerMailed: false };
    db.update(reviews).set({ isApproved: false, rejectedAt: now, rejectionReason: reason, updatedAt: now }).where(eq(reviews.id, id)).run();
    const customerMailed = mailAuthor({ to: row.email, firstName: row.firstName, productName: row.productName, productSlug: row.productSlug, reason });
    recordAudit(
      db,
      actor,
      {
        kind: "reviews",
        action: "review.reject",
        recordId: id,
        summary: customerMailed
          ? `Rejected ${about(row)} and e-mailed the reason to ${row.email}.`
          : `Rejected ${about(row)}; the reason was not e-mailed, as ${row.email} had reached its hourly e-mail limit.`,
        before: stateOf(row.review),
        after: { status: "rejected", rejectionReason: reason },
      },
      now,
    );
    const review = adminReview(db, id);
    return review && { ...review, customerMailed };
  });
}

/** The edited review's author, product and new words, for the e-mail that tells them why. */
export type EditedReviewAuthor = RejectedReviewAuthor & { title: string; comment: string };

export type ReviewEdit = { ok: true; review: EditedReview } | { ok: false; reason: "not_found" | "not_editable" };

/**
 * Changes the words of a waiting or approved review (decision 076): its status stays, it is marked
 * edited by the business, the customer's own words are kept from the first edit (for the audit,
 * never shown publicly), `mailAuthor` queues the author's e-mail with `input.reason` in the same
 * transaction (answering whether it did), and the audit entry holds the words before and after.
 * The same words again change nothing, mail no one and record nothing. A rejected review is refused.
 */
export function editReview(
  db: Db,
  id: number,
  input: EditReviewInput,
  mailAuthor: (author: EditedReviewAuthor) => boolean,
  actor: AuditActor,
  now = new Date(),
): ReviewEdit {
  return immediate(db, (): ReviewEdit => {
    const row = readRow(db, id);
    if (!row) return { ok: false, reason: "not_found" };
    const r = row.review;
    const state = reviewState(r);
    if (!reviewEditable(state)) return { ok: false, reason: "not_editable" };
    if (r.title === input.title && r.comment === input.comment) return { ok: true, review: { ...toAdminReview(row), customerMailed: false } };
    const firstEdit = r.editedByBusinessAt === null;
    db.update(reviews)
      .set({
        title: input.title,
        comment: input.comment,
        editedByBusinessAt: now,
        editReason: input.reason,
        ...(firstEdit ? { originalTitle: r.title, originalComment: r.comment } : {}),
        updatedAt: now,
      })
      .where(eq(reviews.id, id))
      .run();
    const customerMailed = mailAuthor({
      to: row.email,
      firstName: row.firstName,
      productName: row.productName,
      productSlug: row.productSlug,
      reason: input.reason,
      title: input.title,
      comment: input.comment,
    });
    recordAudit(
      db,
      actor,
      {
        kind: "reviews",
        action: "review.edit",
        recordId: id,
        summary: customerMailed
          ? `Edited the words of ${about(row)} and e-mailed the reason to ${row.email}.`
          : `Edited the words of ${about(row)}; the reason was not e-mailed, as ${row.email} had reached its hourly e-mail limit.`,
        before: { status: state, title: r.title, comment: r.comment },
        after: { status: state, title: input.title, comment: input.comment, reason: input.reason },
      },
      now,
    );
    const review = adminReview(db, id);
    if (!review) throw new Error(`review ${id} vanished inside the transaction`);
    return { ok: true, review: { ...review, customerMailed } };
  });
}

/** Sets the business's public reply (an empty one removes it); answers the review, or undefined. The same reply again records nothing. */
export function replyToReview(db: Db, id: number, reply: string, actor: AuditActor, now = new Date()): AdminReview | undefined {
  return immediate(db, () => {
    const row = readRow(db, id);
    if (!row) return undefined;
    const next = reply === "" ? null : reply;
    if (row.review.reply === next) return toAdminReview(row);
    db.update(reviews)
      .set({ reply: next, repliedAt: next === null ? null : now, updatedAt: now })
      .where(eq(reviews.id, id))
      .run();
    recordAudit(
      db,
      actor,
      {
        kind: "reviews",
        action: next === null ? "review.reply.remove" : "review.reply",
        recordId: id,
        summary: next === null ? `Removed the reply to ${about(row)}.` : `Replied to ${about(row)}.`,
        before: { reply: row.review.reply },
        after: { reply: next },
      },
      now,
    );
    return adminReview(db, id);
  });
}

/** Deletes a review (its helpful votes go with it), keeping what it said in the audit log; false when there was none. */
export function deleteReview(db: Db, id: number, actor: AuditActor, now = new Date()): boolean {
  return immediate(db, () => {
    const row = readRow(db, id);
    if (!row) return false;
    db.delete(reviews).where(eq(reviews.id, id)).run();
    recordAudit(
      db,
      actor,
      {
        kind: "reviews",
        action: "review.delete",
        recordId: id,
        summary: `Deleted ${about(row)}, written ${row.review.createdAt.toISOString()}.`,
        before: { ...stateOf(row.review), rating: row.review.rating, title: row.review.title, comment: row.review.comment, email: row.email },
      },
      now,
    );
    return true;
  });
}

/** How many reviews wait to be moderated. */
export function pendingReviewCount(db: Db): number {
  return db.select({ n: count() }).from(reviews).where(reviewIsPending).get()?.n ?? 0;
}

/** What the dashboard shows. */
export function reviewsSummary(db: Db): AdminReviewsSummary {
  return { pending: pendingReviewCount(db) };
}
