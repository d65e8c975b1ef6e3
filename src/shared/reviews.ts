/**
 * Product reviews: the payload a customer sends (the plain form and the JSON API share it), the
 * reviews list's URL state, and the shapes the API and the product page read.
 */
import { z } from "zod";

export const maxReviewTitle = 100;
export const maxReviewComment = 2000;
/** Approved reviews shown per page, on the product page and from the API. */
export const reviewsPageSize = 10;

/** Form fields arrive as strings ("4"); JSON as numbers. Digits become numbers before validation. */
const fromDigits = (value: unknown) => (typeof value === "string" && /^\s*-?\d{1,3}(\.\d{1,3})?\s*$/.test(value) ? Number(value) : value);

const starsMessage = "Choose a rating from 1 to 5 stars";

/**
 * How a review's author chose their name to show with it, to everyone who views the product and to
 * search engines (decision 069): their first name, their initials, or no name at all. The owner
 * always sees who wrote it.
 */
export const reviewNameChoices = ["first_name", "initials", "verified_customer"] as const;
export type ReviewNameChoice = (typeof reviewNameChoices)[number];
/** What a review shows when its author gave no name, or chose none. */
export const anonymousReviewer = "Verified customer";

/** The name a review shows, exactly as the form promised: "Jo", "J. S." or "Verified customer". */
export function reviewDisplayName(choice: ReviewNameChoice, firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim() ?? "";
  const last = lastName?.trim() ?? "";
  if (choice === "first_name" && first) return first;
  if (choice === "initials" && (first || last)) {
    return [first, last]
      .filter(Boolean)
      .map((name) => `${[...name][0]?.toUpperCase()}.`)
      .join(" ");
  }
  return anonymousReviewer;
}

const nameChoiceMessage = "Choose how your name shows with your review";

/** POST /api/products/:id/reviews, PUT /api/reviews/:id and the product page's review form. */
export const reviewInputSchema = z.object({
  rating: z.preprocess(fromDigits, z.number(starsMessage).int("Choose a whole number of stars").min(1, starsMessage).max(5, starsMessage)),
  title: z.string("Give your review a title").trim().min(1, "Give your review a title").max(maxReviewTitle, `Keep the title to ${maxReviewTitle} characters`),
  comment: z
    .string("Write a few words about the product")
    .trim()
    .min(1, "Write a few words about the product")
    .max(maxReviewComment, `Keep the review to ${maxReviewComment} characters`),
  /** Left out (an older client), a new review shows initials and an edited one keeps its choice. */
  nameShown: z.enum(reviewNameChoices, nameChoiceMessage).optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewSorts = ["newest", "helpful"] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/** A path id: a positive whole number (anything else names nothing: 404). */
export const idParamSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** GET /api/products/:id/reviews?sort=&page= */
export const reviewListQuerySchema = z.object({
  sort: z.enum(reviewSorts, "Choose newest or helpful").default("newest"),
  page: z.coerce.number("Choose a page").int("Choose a page").min(1, "Choose a page").max(100_000, "Choose a page").default(1),
});

/** The product page reads ?reviews=N&sort=helpful leniently: a bad value means its default. */
export function readReviewPageQuery(params: { reviews?: string | null; sort?: string | null }): { page: number; sort: ReviewSort } {
  const page = /^\d{1,5}$/.test(params.reviews ?? "") ? Math.max(1, Number(params.reviews)) : 1;
  const sort = params.sort === "helpful" ? "helpful" : "newest";
  return { page, sort };
}

/** Average (one decimal), count and how many reviews gave each number of stars (index 0 = 1 star). */
export type RatingSummary = { average: number; count: number; distribution: [number, number, number, number, number] };

/** An approved review as the product page and GET /api/products/:id/reviews show it. */
export type PublicReview = {
  id: number;
  rating: number;
  title: string;
  comment: string;
  /** As its author chose (decision 069): "Ann", "A. L." or "Verified customer", never the e-mail address. */
  author: string;
  isVerifiedPurchase: boolean;
  helpfulVotes: number;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
  /** The business changed its words before publishing it (decision 076): marked "Edited by the business". */
  editedByBusiness: boolean;
};

/** Where a customer's own review stands. */
export type ReviewState = "pending" | "approved" | "rejected";

/** The customer's own review, as they see it (and as the write API answers it). */
export type OwnReview = {
  id: number;
  productId: number;
  rating: number;
  title: string;
  comment: string;
  isApproved: boolean;
  isVerifiedPurchase: boolean;
  /** How the author's name shows with it. */
  nameShown: ReviewNameChoice;
  state: ReviewState;
  rejectionReason: string | null;
  /** Why the business changed its words (decision 076), shown to its author with it; null while the words are their own. */
  editReason: string | null;
  helpfulVotes: number;
  createdAt: string;
  updatedAt: string;
};
