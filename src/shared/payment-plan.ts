/**
 * Interest-free payment plans as the server gives them and the screens show them: a booking paid
 * in 2, 3 or 4 instalments (decision 085). The shapes the booking page, the admin booking detail
 * and the payment dialog read, and the `instalments` choice a payment request carries. zod/mini,
 * because the payment dialog uses it (decision 006).
 */
import { z } from "./zod-mini";

/** How many payments a customer may choose for a booking: 1 is "pay in full". */
export const planInstalmentChoices = [1, 2, 3, 4] as const;
export type PlanInstalmentChoice = (typeof planInstalmentChoices)[number];

const instalmentsMessage = "Choose 1, 2, 3 or 4 payments";

/** The `instalments` field of a booking's payment request and PayPal start (default 1). */
export const instalmentsField = z.optional(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], instalmentsMessage));

/**
 * One instalment's state: `paid` (its payment completed), `due` (due today: the first is due the
 * day the plan is made), `overdue` (its due date passed unpaid), `upcoming` (due later), `cancelled`
 * (the booking was cancelled before it was paid), `refunded` (paid, then given back).
 */
export const instalmentStatuses = ["paid", "due", "overdue", "upcoming", "cancelled", "refunded"] as const;
export type InstalmentStatus = (typeof instalmentStatuses)[number];

/** Each instalment status in the customer's and the owner's words. */
export const instalmentStatusLabels: Record<InstalmentStatus, string> = {
  paid: "Paid",
  due: "Due",
  overdue: "Overdue",
  upcoming: "Upcoming",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** One instalment as a screen shows it; amounts are two-place decimals, dates YYYY-MM-DD in the business's time zone. */
export type PlanInstalmentView = {
  number: number;
  amount: string;
  dueOn: string;
  status: InstalmentStatus;
  /** When its payment completed (ISO instant), if it did. */
  paidAt: string | null;
  /** Its invoice's number ("INV-000042"), once paid. */
  invoiceNumber: string | null;
  /** How it was paid (or asked to be paid): "instructions", "cash", "paypal", "manual"; null before any request. */
  method: string | null;
  /** The reference of the payment that paid it, else of its open request; null before any request. Its invoice page is keyed by it. */
  referenceCode: string | null;
};

/** A booking's plan: the booking page and the admin booking detail read `plan: PlanView | null`. */
export type PlanView = {
  count: number;
  intervalDays: number;
  total: string;
  currency: string;
  instalments: PlanInstalmentView[];
};

/**
 * One choice the payment dialog offers for a booking without a plan yet: `count` payments of
 * `amounts` (the first carries the leftover cents), due on `dueOn` (the first today).
 * `planOptions` is empty when plans are not offered for that booking.
 */
export type PlanOption = { count: number; amounts: string[]; dueOn: string[] };

/** What a booking's payment request answers about the instalment it asks for (`PaymentRequestResult.instalment`). */
export type InstalmentRequested = { number: number; of: number; amount: string; currency: string; dueOn: string };

/** What a booking's read model carries about plans, for the screens. */
export type BookingPlanData = { plan: PlanView | null; planOptions: PlanOption[] };

/**
 * The query of the owner's "Mark paid" on a booking with a plan (POST /api/admin/bookings/{id}/paid?instalment=2):
 * the instalment the money was for, which must be the next unpaid one, so a second click never pays
 * the one after it too.
 */
export const markInstalmentPaidQuerySchema = z.object({
  instalment: z.optional(z.string("Give the instalment's number, 1 to 4").check(z.regex(/^[1-4]$/, "Give the instalment's number, 1 to 4"))),
});
