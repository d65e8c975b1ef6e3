/**
 * The admin analytics page (`/admin/analytics?range=`) and `GET /api/admin/analytics[.csv]?range=`:
 * the ranges, the query schema and the answer's shape (definitions in docs/product.md#analytics).
 * Written with zod/mini so the island can share it.
 */
import { paymentMethodLabels } from "./checkout";
import { z } from "./zod-mini";

export const analyticsRanges = ["30d", "90d", "12m"] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];
export const defaultAnalyticsRange: AnalyticsRange = "30d";

export const analyticsRangeLabels: Record<AnalyticsRange, string> = {
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "12m": "Last 12 months",
};

/** `?range=30d|90d|12m`; missing means 30 days. */
export const adminAnalyticsQuerySchema = z.object({
  range: z.optional(z.enum(analyticsRanges, "Choose a range of 30d, 90d or 12m")),
});

/** The page's range from its query string: anything else falls back to 30 days. */
export function readAnalyticsRange(value: string | undefined): AnalyticsRange {
  return (analyticsRanges as readonly string[]).includes(value ?? "") ? (value as AnalyticsRange) : defaultAnalyticsRange;
}

/** One period of the bookings series (a week from Monday, or a calendar month). */
export type AnalyticsPeriod = {
  /** The period's first local date, "YYYY-MM-DD". */
  start: string;
  /** Bookings created in the period, cancelled ones left out. */
  bookings: number;
};

/**
 * The money received in the window in one currency: an amount is never added to one in another
 * currency, so a business that changed its currency setting sees one of these per currency.
 */
export type AnalyticsRevenue = {
  currency: string;
  /** Per period, in the order of `periods`: money that arrived, net of refunds, "1234.56". */
  periods: string[];
  /** The same money by how it was paid, largest amount first. */
  paymentMethods: { method: string; count: number; amount: string }[];
  /** The whole window's. */
  total: string;
};

export type AdminAnalytics = {
  range: AnalyticsRange;
  /** Weeks (from Monday) for 30 and 90 days, calendar months for 12 months. */
  period: "week" | "month";
  /** The first and last local dates covered, in the business timezone. */
  from: string;
  to: string;
  timeZone: string;
  /** One entry per day from `from` to `to`, 0 for a day without visits. */
  visitors: { day: string; visits: number }[];
  /** One entry per period, oldest first, zero-filled. */
  periods: AnalyticsPeriod[];
  /**
   * Money received, one entry per currency: the currency setting's always and first (zero-filled),
   * then each other currency money arrived in during the window (bookings and orders keep theirs).
   */
  revenue: AnalyticsRevenue[];
  /** The five services booked most often in the window (then by booked value), with the bookings and their value per currency. */
  topServices: { name: string; bookings: number; byCurrency: { currency: string; bookings: number; value: string }[] }[];
  /** The five products sold in the most units in paid, unrefunded orders (then by revenue), with the units and revenue per currency. */
  topProducts: { name: string; units: number; byCurrency: { currency: string; units: number; revenue: string }[] }[];
  /** The ten products on the most wishlists now (whatever the range), with how many. */
  mostWished: { name: string; wishes: number }[];
  /** Visits and bookings in the window; the revenue totals are per currency, in `revenue`. */
  totals: { visits: number; bookings: number };
};

/** A payment method's name for people: the checkout's labels, else the stored word. */
export function paymentMethodLabel(method: string): string {
  return (
    (paymentMethodLabels as Record<string, string>)[method] ?? (method ? method.charAt(0).toUpperCase() + method.slice(1).replaceAll("_", " ") : "Not recorded")
  );
}
