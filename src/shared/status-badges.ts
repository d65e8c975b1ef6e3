/**
 * How every status reads as a badge, one map per kind of status: its words (from the kind's one
 * label map) and its daisyUI colour. Typed by the kind's status list, so a status added to or
 * dropped from the domain without a badge here fails to compile. Shared by the admin islands and
 * the customer's pages through `components/StatusBadge.tsx`. Every look's words read at WCAG AA
 * (4.5:1) on the theme's colours (status-badges.test.ts computes it from src/styles/app.css).
 */
import type { BookingStatus } from "../domain/booking";
import { type BookingPaymentStatus, bookingPaymentLabels } from "../domain/booking-payment";
import type { OrderPaymentStatus, OrderStatus } from "../domain/order";
import { type OutboxStatus, outboxStatusLabels } from "../domain/outbox";
import { type PaymentStatus, paymentStatusLabels as servicePaymentLabels } from "../domain/payment";
import { type ReferralStatus, referralStatusLabels } from "../domain/referral";
import { bookingStatusLabels } from "./admin-bookings";
import { type ContactUrgency, contactUrgencyLabels } from "./admin-contacts";
import { type InstalmentStatus, instalmentStatusLabels } from "./payment-plan";
import { type CaseStatus, caseStatusLabels } from "./case-room";
import { type ReviewStatus, reviewStatusLabels } from "./admin-reviews";
import { orderStatusLabels, paymentStatusLabels as orderPaymentLabels } from "./orders";

export type StatusBadgeLook = { label: string; colour: string };

/** Pairs each status's label with its colour; `NoInfer` makes the colours list exactly the labels' statuses. */
function badgeMap<S extends string>(labels: Record<S, string>, colours: Record<NoInfer<S>, string>): Record<S, StatusBadgeLook> {
  const entries = (Object.keys(labels) as S[]).map((s) => [s, { label: labels[s], colour: colours[s] }] as const);
  return Object.fromEntries(entries) as Record<S, StatusBadgeLook>;
}

export const statusBadges = {
  order: badgeMap<OrderStatus>(orderStatusLabels, {
    pending: "badge-warning",
    on_hold: "badge-warning",
    processing: "badge-info",
    shipped: "badge-primary",
    delivered: "badge-success",
    cancelled: "badge-neutral",
    refunded: "badge-neutral",
  }),
  orderPayment: badgeMap<OrderPaymentStatus>(orderPaymentLabels, {
    // Solid: the warning yellow as outline text on white fails contrast (axe color-contrast).
    pending: "badge-warning",
    paid: "badge-success badge-outline",
    refunded: "badge-neutral badge-outline",
    failed: "badge-error badge-outline",
    refund_owed: "badge-warning",
  }),
  /** A service payment (requests, PayPal captures) on the payments page. */
  payment: badgeMap<PaymentStatus>(servicePaymentLabels, {
    requested: "badge-warning",
    created: "badge-info",
    unknown: "badge-info",
    completed: "badge-success",
    review: "badge-error",
    declined: "badge-neutral",
    failed: "badge-neutral",
    expired: "badge-neutral",
    refunded: "badge-neutral",
    refund_owed: "badge-warning",
    // Outlined, unlike a payment that failed or expired: nobody was asked to pay it any more.
    cancelled: "badge-neutral badge-outline",
  }),
  booking: badgeMap<BookingStatus>(bookingStatusLabels, {
    pending: "badge-warning",
    confirmed: "badge-info",
    completed: "badge-success",
    cancelled: "badge-neutral",
  }),
  /** Whether a booking is paid (from the payments linked to it): the dashboard and the booking record. */
  bookingPayment: badgeMap<BookingPaymentStatus>(bookingPaymentLabels, {
    unpaid: "badge-neutral badge-outline",
    awaiting: "badge-warning",
    review: "badge-info",
    paid: "badge-success",
    refund_owed: "badge-warning",
    refunded: "badge-neutral",
  }),
  /** One instalment of a booking's payment plan: the booking's page and the booking record. */
  instalment: badgeMap<InstalmentStatus>(instalmentStatusLabels, {
    paid: "badge-success",
    due: "badge-warning",
    overdue: "badge-error",
    upcoming: "badge-neutral badge-outline",
    cancelled: "badge-neutral",
    refunded: "badge-neutral",
  }),
  referral: badgeMap<ReferralStatus>(referralStatusLabels, {
    pending: "badge-warning",
    paid: "badge-success",
    void: "badge-neutral",
  }),
  /** An enquiry's urgency: emergency in red. */
  contactUrgency: badgeMap<ContactUrgency>(contactUrgencyLabels, {
    emergency: "badge-error",
    high: "badge-warning",
    normal: "badge-info badge-outline",
    low: "badge-neutral badge-outline",
  }),
  /** Where a customer's review stands in moderation. */
  review: badgeMap<ReviewStatus>(reviewStatusLabels, {
    pending: "badge-warning",
    approved: "badge-success",
    rejected: "badge-neutral",
  }),
  /** Where a case room's work stands (its timeline's step): the portal's list and room, and the client's room. */
  caseStatus: badgeMap<CaseStatus>(caseStatusLabels, {
    scheduled: "badge-neutral badge-outline",
    in_progress: "badge-info",
    report_ready: "badge-success",
    closed: "badge-neutral",
  }),
  mail: badgeMap<OutboxStatus>(outboxStatusLabels, {
    pending: "badge-info",
    sent: "badge-success",
    failed: "badge-error",
  }),
  /** Whether a product or category is on sale in the shop (`listingStatus(isActive)`). */
  listing: badgeMap<ListingStatus>(
    { active: "Active", inactive: "Inactive" },
    {
      active: "badge-success",
      inactive: "badge-neutral",
    },
  ),
};

/** A product or category is listed in the shop (`active`) or kept out of it (`inactive`). */
export type ListingStatus = "active" | "inactive";

/** The listing status of a product or category from its `isActive` flag. */
export function listingStatus(isActive: boolean): ListingStatus {
  return isActive ? "active" : "inactive";
}

export type StatusKind = keyof typeof statusBadges;
export type StatusOf<K extends StatusKind> = keyof (typeof statusBadges)[K];
