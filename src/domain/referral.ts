/**
 * The referral program: codes that are easy to read aloud and type, and the reward rule
 * ($30 for the referred customer's first recorded service, $10 for each later one, no limit).
 */
import { type RandomBytes, readableCode } from "./readable-code";

/** No 0/O, 1/I/L: codes are read from screens and typed on phones. */
const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const referralCodePattern = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** A random code like "K7QX-M4PD". */
export function newReferralCode(random?: RandomBytes): string {
  return readableCode(alphabet, random);
}

/** Normalises what a person typed or a link carried ("k7qx m4pd" -> "K7QX-M4PD"); null if not a code. */
export function normaliseReferralCode(input: string | undefined | null): string | null {
  if (!input) return null;
  const raw = input.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (raw.length !== 8) return null;
  const code = `${raw.slice(0, 4)}-${raw.slice(4)}`;
  return referralCodePattern.test(code) ? code : null;
}

/** A reward is `pending` when earned, `paid` once the business pays it, `void` when its booking is cancelled. */
export const referralStatuses = ["pending", "paid", "void"] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

export const firstServiceReward = 30;
export const laterServiceReward = 10;

/**
 * The reward for a referred customer's booking, given how many of their earlier bookings already
 * earned one (cancelled ones do not count). No reward when the booker is the referrer.
 */
export function referralReward(input: {
  referrerId: string | null;
  bookerId: string;
  earlierRewardedBookings: number;
}): { amount: number; type: "first_service" | "repeat_service" } | null {
  if (!input.referrerId || input.referrerId === input.bookerId) return null;
  return input.earlierRewardedBookings === 0 ? { amount: firstServiceReward, type: "first_service" } : { amount: laterServiceReward, type: "repeat_service" };
}

export const referralStatusLabels: Record<ReferralStatus, string> = { pending: "Pending", paid: "Paid", void: "Void" };

/**
 * The reward status rule table (docs/product.md#referrals): a pending reward is paid out or voided;
 * paid and void are final.
 */
export const referralStatusChanges: Record<ReferralStatus, readonly ReferralStatus[]> = {
  pending: ["paid", "void"],
  paid: [],
  void: [],
};

export function canChangeReferralStatus(from: ReferralStatus, to: ReferralStatus): boolean {
  return referralStatusChanges[from].includes(to);
}

/** Why a reward in `status` cannot become `to`, or null when it can. */
export function referralChangeRefusal(status: ReferralStatus, to: "paid" | "void"): string | null {
  if (canChangeReferralStatus(status, to)) return null;
  const verb = to === "paid" ? "paid" : "voided";
  const now = status === "paid" ? "already paid" : status === "void" ? "void" : status;
  return `This reward is ${now}: only a pending reward can be ${verb}.`;
}

/** Why a reward was voided: what the owner types (trimmed), and what a cancelled booking records. */
export const minVoidReasonLength = 3;
export const maxVoidReasonLength = 300;
export const cancelledBookingVoidReason = "The booking was cancelled.";
