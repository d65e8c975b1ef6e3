/**
 * Review moderation (`/admin/reviews` and `/api/admin/reviews…`): the list's query (the page's URL
 * and the API's), the shapes the API answers and the checks of the reject and reply bodies. A
 * review waits (pending) until it is approved or rejected; approving clears a rejection and
 * rejecting clears an approval. Written with zod/mini so the island can share it.
 */
import { choiceFilter, defineAdminList, idFilter, type ListQuery, searchFilter } from "./admin-list";
import { z } from "./zod-mini";

/** Reviews per page of the list. */
export const adminReviewsPageSize = 20;

/** Where a review stands. */
export const reviewStatuses = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export const reviewStatusLabels: Record<ReviewStatus, string> = { pending: "Waiting", approved: "Approved", rejected: "Rejected" };

export const reviewStatusFilters = ["all", ...reviewStatuses] as const;
export type ReviewStatusFilter = (typeof reviewStatusFilters)[number];
export const reviewStatusFilterLabels: Record<ReviewStatusFilter, string> = { all: "All", ...reviewStatusLabels };

export const reviewRatings = ["1", "2", "3", "4", "5"] as const;

/** `?status=&rating=&product=&search=&page=`, all optional: every review, the waiting ones first, newest first. */
export const adminReviewsList = defineAdminList({
  path: "/admin/reviews",
  pageSize: adminReviewsPageSize,
  filters: {
    status: choiceFilter(reviewStatusFilters, "Choose all, waiting, approved or rejected", "all"),
    rating: choiceFilter(reviewRatings, "Choose a rating from 1 to 5"),
    product: idFilter("Choose a product"),
    search: searchFilter(100),
  },
});
export type AdminReviewsQuery = ListQuery<typeof adminReviewsList>;

/** One review as the back office sees it. Instants are ISO strings; title and comment are the customer's text, shown as text. */
export type AdminReview = {
  id: number;
  status: ReviewStatus;
  rating: number;
  title: string | null;
  comment: string | null;
  isVerifiedPurchase: boolean;
  helpfulVotes: number;
  product: { id: number; name: string; slug: string };
  /** Who wrote it, and `shownAs`: the name others read with it, as its author chose (decision 069). */
  customer: { id: string; name: string; email: string; shownAs: string };
  rejectionReason: string | null;
  reply: string | null;
  createdAt: string;
  updatedAt: string;
  rejectedAt: string | null;
  repliedAt: string | null;
  /** When the business last changed its words (decision 076) and the reason the customer was told; null while they are the customer's own. */
  editedByBusinessAt: string | null;
  editReason: string | null;
  /** The customer's own words before the business's first edit (null when never edited): for the back office only. */
  original: { title: string | null; comment: string | null } | null;
};

/** `POST /api/admin/reviews/{id}/reject`: the review, and whether its author was e-mailed the reason (not when it was already rejected, nor beyond their hourly e-mail limit). */
export type RejectedReview = AdminReview & { customerMailed: boolean };

/** A product the list can be filtered by: one that has reviews. */
export type ReviewedProduct = { id: number; name: string };

/** `GET /api/admin/reviews`: one page, how many match in all, and the products with reviews (the product filter's choices). */
export type AdminReviewList = { reviews: AdminReview[]; total: number; page: number; pageSize: number; products: ReviewedProduct[] };

export const maxRejectionReasonLength = 500;
export const maxReviewReplyLength = 2000;

const reasonMessage = `Tell the customer why, in 1 to ${maxRejectionReasonLength} characters`;
/** `POST /api/admin/reviews/{id}/reject`: the reason the customer is told. */
export const rejectReviewSchema = z.object({
  reason: z.string(reasonMessage).check(z.trim(), z.minLength(1, reasonMessage), z.maxLength(maxRejectionReasonLength, reasonMessage)),
});

const replyMessage = `Keep the reply under ${maxReviewReplyLength + 1} characters`;
/** `POST /api/admin/reviews/{id}/reply`: the business's public answer; empty removes it. */
export const replyReviewSchema = z.object({
  reply: z.string(replyMessage).check(z.trim(), z.maxLength(maxReviewReplyLength, replyMessage)),
});

/** The limits of the customer's own review form (shared/reviews.ts, which the islands cannot import): an edit keeps within them. */
export const maxEditedReviewTitle = 100;
export const maxEditedReviewComment = 2000;
const editReasonMessage = `Tell the customer why you changed it, in 1 to ${maxRejectionReasonLength} characters`;
const editTitleMessage = `Give the review a title of 1 to ${maxEditedReviewTitle} characters`;
const editCommentMessage = `Keep the review to 1 to ${maxEditedReviewComment} characters`;

/** `POST /api/admin/reviews/{id}/edit`: the words as they will be published, and the reason the customer is told. */
export const editReviewSchema = z.object({
  title: z.string(editTitleMessage).check(z.trim(), z.minLength(1, editTitleMessage), z.maxLength(maxEditedReviewTitle, editTitleMessage)),
  comment: z.string(editCommentMessage).check(z.trim(), z.minLength(1, editCommentMessage), z.maxLength(maxEditedReviewComment, editCommentMessage)),
  reason: z.string(editReasonMessage).check(z.trim(), z.minLength(1, editReasonMessage), z.maxLength(maxRejectionReasonLength, editReasonMessage)),
});
export type EditReviewInput = z.infer<typeof editReviewSchema>;

/** `POST /api/admin/reviews/{id}/edit`: the review, and whether its author was e-mailed the reason (not beyond their hourly e-mail limit, nor when nothing changed). */
export type EditedReview = AdminReview & { customerMailed: boolean };

/** `GET /api/admin/reviews/summary`: how many wait, for the dashboard. */
export type AdminReviewsSummary = { pending: number };
