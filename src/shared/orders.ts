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
  "orderNumber" | "status" | "paymentStatus" | "paymentMethod" | "totalAmount" | "currency" | "createdAt" | "trackingNumber" | "trackingUrl"
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
};

/** Tracking numbers: letters, digits and dashes, as the carriers print them. */
export const trackingNumberPattern = /^[A-Za-z0-9-]{6,40}$/;

/** Where a customer follows an Australia Post parcel (the carrier every order ships with). */
export function trackingUrl(trackingNumber: string | null): string | null {
  return trackingNumber ? `https://auspost.com.au/mypost/track/details/${encodeURIComponent(trackingNumber)}` : null;
}

/** The order's page. Paths are lowercase on this site (canonical URLs), so the number is too. */
export function orderPagePath(orderNumber: string): string {
  return `/orders/${orderNumber.toLowerCase()}`;
}

/** The order number a path parameter names (routing lowercases paths): upper case, as it is stored. */
export function orderNumberFromPath(param: string | undefined): string {
  return (param ?? "").toUpperCase();
}
