/**
 * The admin referrals page (`/admin/referrals`) and `GET|POST /api/admin/referrals…`: the list's
 * query (the page's URL and the API's), the shapes the API answers and the void body
 * (docs/product.md#referrals). Written with zod/mini so the island can share it.
 */
import type { BookingStatus } from "../domain/booking";
import { maxVoidReasonLength, minVoidReasonLength, type ReferralStatus, referralStatuses } from "../domain/referral";
import { choiceFilter, defineAdminList, type ListQuery, searchFilter } from "./admin-list";
import { z } from "./zod-mini";

/** Referrers per page of the list. */
export const adminReferralsPageSize = 20;

/** `?status=&search=&page=`, all optional: status keeps the referrers with a reward in that status. */
export const adminReferralsList = defineAdminList({
  path: "/admin/referrals",
  pageSize: adminReferralsPageSize,
  filters: {
    status: choiceFilter(referralStatuses, "Choose a reward status"),
    search: searchFilter(100),
  },
});
/** The list's filters as the page, the island and the API hold them. */
export type AdminReferralsQuery = ListQuery<typeof adminReferralsList>;

/** Money as a decimal string and how many rewards make it up. */
export type RewardTally = { amount: string; count: number };

/** One referrer of the list. */
export type AdminReferrerRow = {
  userId: string;
  name: string;
  email: string;
  referralCode: string | null;
  /** Customers who signed up with this referrer's code. */
  referredCount: number;
  pending: RewardTally;
  paid: RewardTally;
  void: RewardTally;
};

/** `GET /api/admin/referrals`: one page of referrers, most pending money first, and how many match. */
export type AdminReferrerList = { referrers: AdminReferrerRow[]; total: number; page: number; pageSize: number };

/** One reward as the owner sees it; instants are ISO strings. */
export type AdminReward = {
  id: string;
  amount: string;
  type: string;
  status: ReferralStatus;
  createdAt: string;
  paidAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  /** Null once the referred customer's account is deleted. */
  referredCustomer: { name: string; email: string } | null;
  /** Null once the booking is deleted. */
  booking: { id: string; serviceName: string; appointmentDate: string; appointmentTime: string; status: BookingStatus } | null;
};

/** `GET /api/admin/referrals/{userId}`: the referrer and all their rewards, newest first. */
export type AdminReferrerDetail = { referrer: AdminReferrerRow; rewards: AdminReward[] };

/** `POST /api/admin/referrals/{userId}/paid`: how many pending rewards were paid and their total. */
export type AdminPayAllResult = { paidCount: number; paidAmount: string; referrer: AdminReferrerRow };

export const voidReasonMessage = `Give the reason in ${minVoidReasonLength} to ${maxVoidReasonLength} characters`;

/** The body of a void: why the reward is voided, shown to the referrer on their dashboard. */
export const adminVoidRewardSchema = z.object({
  reason: z.string(voidReasonMessage).check(z.trim(), z.minLength(minVoidReasonLength, voidReasonMessage), z.maxLength(maxVoidReasonLength, voidReasonMessage)),
});
export type AdminVoidRewardInput = z.infer<typeof adminVoidRewardSchema>;
