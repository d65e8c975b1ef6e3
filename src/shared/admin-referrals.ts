/**
 * The admin referrals page (`/admin/referrals`) and `GET|POST /api/admin/referrals…`: the list's
 * query (the page's URL and the API's), the shapes the API answers and the void body
 * (docs/product.md#referrals). Written with zod/mini so the island can share it.
 */
import type { BookingStatus } from "../domain/booking";
import { maxVoidReasonLength, minVoidReasonLength, type ReferralStatus, referralStatuses } from "../domain/referral";
import { z } from "./zod-mini";

/** Referrers per page of the list. */
export const adminReferralsPageSize = 20;
export const maxAdminReferralSearchLength = 100;
/** Far beyond any real list; keeps the OFFSET a small number. */
export const maxAdminReferralsPage = 100_000;

const pageMessage = "Page must be a whole number from 1";

/** `?status=&search=&page=`, all optional: status keeps the referrers with a reward in that status. */
export const adminReferralsQuerySchema = z.object({
  status: z.optional(z.union([z.literal(""), z.enum(referralStatuses, "Choose a reward status")])),
  search: z.optional(
    z.string().check(z.trim(), z.maxLength(maxAdminReferralSearchLength, `Keep the search under ${maxAdminReferralSearchLength + 1} characters`)),
  ),
  page: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.regex(/^\d{1,6}$/, pageMessage)),
      z.pipe(
        z.transform((s: string) => Number(s)),
        z.number().check(z.minimum(1, pageMessage), z.maximum(maxAdminReferralsPage, pageMessage)),
      ),
    ),
  ),
});
export type AdminReferralsQueryInput = z.infer<typeof adminReferralsQuerySchema>;

/** The list's filters as the page and the island hold them. */
export type AdminReferralsQuery = { status: ReferralStatus | null; search: string; page: number };
export const emptyAdminReferralsQuery: AdminReferralsQuery = { status: null, search: "", page: 1 };

const isStatus = (s: string | undefined): s is ReferralStatus => (referralStatuses as readonly string[]).includes(s ?? "");

/** Collapses whitespace and bounds the length of a search text. */
export function cleanAdminReferralSearch(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim().slice(0, maxAdminReferralSearchLength);
}

/** Reads the page's query string leniently: anything malformed falls back to its default. */
export function readAdminReferralsQuery(params: { status?: string; search?: string; page?: string }): AdminReferralsQuery {
  const page = params.page && /^\d{1,6}$/.test(params.page) ? Number(params.page) : 1;
  return {
    status: isStatus(params.status) ? params.status : null,
    search: cleanAdminReferralSearch(params.search),
    page: page >= 1 && page <= maxAdminReferralsPage ? page : 1,
  };
}

/** The query string of `query` ("" for the default), for the page's URL and the API's. */
export function adminReferralsSearch(query: AdminReferralsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.search) params.set("search", query.search);
  if (query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

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
