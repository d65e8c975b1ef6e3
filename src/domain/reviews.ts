/** The rules of ratings shown to shoppers and of a review's moderation, with no database in them. */
import type { RatingSummary, ReviewState } from "../shared/reviews";

/** The summary of no reviews at all: the page then says "No reviews yet". */
export const noRatings: RatingSummary = { average: 0, count: 0, distribution: [0, 0, 0, 0, 0] };

/** Average to one decimal, count and distribution from the number of reviews per star (1..5). */
export function summariseRatings(perStar: ReadonlyMap<number, number> | Record<number, number>): RatingSummary {
  const get = (stars: number) => (perStar instanceof Map ? (perStar.get(stars) ?? 0) : ((perStar as Record<number, number>)[stars] ?? 0));
  const distribution: RatingSummary["distribution"] = [get(1), get(2), get(3), get(4), get(5)];
  const count = distribution.reduce((a, b) => a + b, 0);
  if (count === 0) return noRatings;
  const total = distribution.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { average: Math.round((total / count) * 10) / 10, count, distribution };
}

/** "Rated 4.2 out of 5 from 12 reviews": what the stars say to a screen reader (and the shop card). */
export function ratingLabel(average: number, count: number): string {
  return `Rated ${average.toFixed(1)} out of 5 from ${count} review${count === 1 ? "" : "s"}`;
}

/** Each of the five stars drawn full, half or empty for an average (to the nearest half star). */
export function starFills(average: number): ("full" | "half" | "empty")[] {
  const halves = Math.round(average * 2);
  return [1, 2, 3, 4, 5].map((star) => (halves >= star * 2 ? "full" : halves === star * 2 - 1 ? "half" : "empty"));
}

/** Pending = neither approved nor rejected; rejected wins over a stale approval flag. The one reading of a review's columns. */
export function reviewState(r: { isApproved: boolean; rejectedAt: Date | null }): ReviewState {
  if (r.rejectedAt) return "rejected";
  return r.isApproved ? "approved" : "pending";
}

/** What the owner (staff included) does to a review in the portal. */
export const reviewActions = ["approve", "reject"] as const;
export type ReviewAction = (typeof reviewActions)[number];

/**
 * A review's one transition table (decision 045): the states each of the owner's actions changes
 * (approve leads to approved, reject to rejected). Doing what is already so (approving an approved review, rejecting a
 * rejected one, whatever the reason given) changes nothing, records nothing and e-mails nobody, so
 * a rejected review's reason stands until it is approved or its author edits it. The author's edit
 * (db/reviews.server.ts) sends any review back to waiting.
 */
const reviewTransitions: Record<ReviewAction, { from: readonly ReviewState[] }> = {
  approve: { from: ["pending", "rejected"] },
  reject: { from: ["pending", "approved"] },
};

/** What `action` does to a review in `state`: `change` it, or nothing when it is `already` where the action leads. */
export function reviewActionOutcome(state: ReviewState, action: ReviewAction): "change" | "already" {
  return reviewTransitions[action].from.includes(state) ? "change" : "already";
}

/** The actions that would change a review in `state`: what the portal offers. */
export function reviewActionsAllowed(state: ReviewState): ReviewAction[] {
  return reviewActions.filter((action) => reviewActionOutcome(state, action) === "change");
}

/**
 * Whether the business may change a review's words (decision 076): while it waits, so a phone
 * number or a name is taken out before it is published, and once approved, for what is spotted
 * later. A rejected review is hidden and its author was told why; they edit it themselves.
 */
export function reviewEditable(state: ReviewState): boolean {
  return state !== "rejected";
}

/** Shop order for "Highest Rated": higher average first, then more reviews; unrated last. */
export function compareRatings(a: { average: number; count: number } | null, b: { average: number; count: number } | null): number {
  if (!a || a.count === 0) return !b || b.count === 0 ? 0 : 1;
  if (!b || b.count === 0) return -1;
  return b.average - a.average || b.count - a.count;
}
