/**
 * What the browser and the e-mails see of a shop order: the view `GET /api/orders/{orderNumber}`
 * answers (and the pages render), the status words, and the tracking link. Shared by the server,
 * the customer's pages and the admin portal.
 */
import type { OrderActor, OrderPaymentStatus, OrderStatus } from "../domain/order";
import type { OrderTotals } from "../domain/totals";
import type { AustralianState, OrderPaymentMethod } from "./checkout";

export type OrderAddressView = {
  name: string;
  line1: string;
  line2?: string;
  suburb: string;
  state: AustralianState | string;
  postcode: string;
  phone?: string;
};

export type OrderItemView = {
  /** Null once the product has been deleted; the snapshot still names it. */
  productId: number | null;
  name: string;
  slug: string | null;
  image: string | null;
  requiresVerification: boolean;
  quantity: number;
  unitPrice: string;
  totalPrice: string;
};

export type OrderEventView = {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  actor: OrderActor;
  note: string | null;
  /** ISO instant. */
  at: string;
};

/** An order as its customer sees it: its money as it was priced when placed, times as ISO instants. */
export type OrderView = OrderTotals & {
  orderNumber: string;
  /** The currency the order was priced in. */
  currency: string;
  /** The invoice issued when it was paid ("INV-000042"), kept if it is refunded; null before payment. */
  invoiceNumber: string | null;
  /** What that invoice is called, as it calls itself: "Tax invoice" only when it is one (decision 068). */
  invoiceTitle: string | null;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  paymentMethod: OrderPaymentMethod | string | null;
  items: OrderItemView[];
  shippingAddress: OrderAddressView;
  billingAddress: OrderAddressView;
  notes: string | null;
  trackingNumber: string | null;
  /** Who carries it, once shipped. */
  carrier: Carrier | null;
  /** The carrier's tracking page for it; null before it ships or with another carrier (the number alone then). */
  trackingUrl: string | null;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  /** Until when an unpaid order holds its stock; null once paid or closed. */
  holdExpiresAt: string | null;
  /** True while the customer may still cancel it (nothing paid or shipped). */
  canCancel: boolean;
  history: OrderEventView[];
};

/** One line of the customer's order list. */
export type OrderSummaryView = Pick<
  OrderView,
  "orderNumber" | "status" | "paymentStatus" | "paymentMethod" | "totalAmount" | "currency" | "createdAt" | "trackingNumber" | "carrier" | "trackingUrl"
> & { itemCount: number };

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  processing: "Paid, being prepared",
  shipped: "Shipped",
  delivered: "Delivered",
  on_hold: "On hold for ID verification",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

export const paymentStatusLabels: Record<OrderPaymentStatus, string> = {
  pending: "Not paid yet",
  paid: "Paid",
  refunded: "Refunded",
  failed: "Payment failed",
  refund_owed: "Refund on its way",
};

/** A tracking number as it is kept: letters and digits only, 6 to 40 of them (after `normaliseTrackingNumber`). */
export const trackingNumberPattern = /^[A-Z0-9]{6,40}$/;

/**
 * A tracking number as typed from a label ("33 lpx 0012-3456") as it is kept and searched:
 * upper case, without the spaces and dashes carriers print to make it readable (decision 075).
 */
export function normaliseTrackingNumber(typed: string): string {
  return typed.replace(/[\s-]+/g, "").toUpperCase();
}

/** Who carries a parcel, in the order the owner chooses among them; `other` gives the customer the number and no link. */
export const carriers = ["auspost", "startrack", "sendle", "couriers_please", "other"] as const;
export type Carrier = (typeof carriers)[number];

export const carrierLabels: Record<Carrier, string> = {
  auspost: "Australia Post",
  startrack: "StarTrack",
  sendle: "Sendle",
  couriers_please: "Couriers Please",
  other: "Another carrier",
};

/** Each carrier's public tracking page for one number (decision 075); none for another carrier. */
const trackingPages: Record<Carrier, ((n: string) => string) | null> = {
  auspost: (n) => `https://auspost.com.au/mypost/track/details/${n}`,
  startrack: (n) => `https://startrack.com.au/track/details/${n}`,
  sendle: (n) => `https://track.sendle.com/tracking?ref=${n}`,
  couriers_please: (n) => `https://www.couriersplease.com.au/tools-track/no/${n}`,
  other: null,
};

/**
 * The carrier an order was shipped with: as recorded, and Australia Post for an order shipped
 * before the carrier was recorded (the only carrier then). Null before it ships.
 */
export function orderCarrier(carrier: string | null, trackingNumber: string | null): Carrier | null {
  if (!trackingNumber) return null;
  return (carriers as readonly string[]).includes(carrier ?? "") ? (carrier as Carrier) : "auspost";
}

/** The ID documents the owner may sight for an order's ID check, in the order offered. */
export const idDocuments = ["driver_licence", "passport", "proof_of_age_card", "other"] as const;
export type IdDocument = (typeof idDocuments)[number];

export const idDocumentLabels: Record<IdDocument, string> = {
  driver_licence: "Driver licence",
  passport: "Passport",
  proof_of_age_card: "Proof of age card",
  other: "Another document",
};

/** Where the customer follows the parcel on its carrier's site, or null (not shipped, or another carrier). */
export function trackingUrl(trackingNumber: string | null, carrier: Carrier | null = "auspost"): string | null {
  if (!trackingNumber || !carrier) return null;
  return trackingPages[carrier]?.(encodeURIComponent(trackingNumber)) ?? null;
}

/** The order's page. Paths are lowercase on this site (canonical URLs), so the number is too. */
export function orderPagePath(orderNumber: string): string {
  return `/orders/${orderNumber.toLowerCase()}`;
}

/** The order number a path parameter names (routing lowercases paths): upper case, as it is stored. */
export function orderNumberFromPath(param: string | undefined): string {
  return (param ?? "").toUpperCase();
}
