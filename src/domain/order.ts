/**
 * Shop order rules with no HTTP or database in them: statuses and who may change them, order
 * numbers, and where a product may not be shipped (docs/product.md#orders). Its money is priced in
 * totals.ts.
 */
import { type RandomBytes, readableCode } from "./readable-code";

/** `pending` awaits payment, `processing` is paid, then `shipped` and `delivered`; `on_hold` awaits an ID check; `cancelled` and `refunded` end it. */
export const orderStatuses = ["pending", "processing", "shipped", "delivered", "on_hold", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An order's payment: `pending` -> `paid` -> `refunded`, or `failed`. */
export const orderPaymentStatuses = ["pending", "paid", "refunded", "failed"] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

/** Who changes an order: the owner in the portal, the customer who placed it, or the site itself (payment capture, expiry). */
export const orderActors = ["admin", "customer", "system"] as const;
export type OrderActor = (typeof orderActors)[number];

/**
 * Every allowed status change and who may make it. A paid order is processed, shipped and
 * delivered; an order holding an ID-checked product waits `on_hold` until the owner verifies it
 * (then it is `pending` or, when already paid, `processing`). An order nobody has paid for may be
 * cancelled by its customer, by the owner, or by the site when its hold on the stock runs out; a
 * paid one (on hold or not) only refunded: `orderMayBeCancelled` adds the payment to the check.
 * Cancelled and refunded are final.
 */
const orderTransitions: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>> = {
  pending: { processing: ["admin", "system"], cancelled: ["admin", "customer", "system"] },
  on_hold: { pending: ["admin"], processing: ["admin"], cancelled: ["admin", "customer", "system"], refunded: ["admin"] },
  processing: { shipped: ["admin"], refunded: ["admin"] },
  shipped: { delivered: ["admin"], refunded: ["admin"] },
  delivered: { refunded: ["admin"] },
  cancelled: {},
  refunded: {},
};

/** Every allowed payment-status change and who may make it. */
const paymentTransitions: Record<OrderPaymentStatus, Partial<Record<OrderPaymentStatus, readonly OrderActor[]>>> = {
  pending: { paid: ["admin", "system"], failed: ["system"] },
  failed: { paid: ["admin", "system"], pending: ["system"] },
  paid: { refunded: ["admin", "system"] },
  refunded: {},
};

const isOrderStatus = (s: string): s is OrderStatus => (orderStatuses as readonly string[]).includes(s);
const isPaymentStatus = (s: string): s is OrderPaymentStatus => (orderPaymentStatuses as readonly string[]).includes(s);

/** True when `by` may move an order from `from` to `to`. */
export function canChangeOrderStatus(from: string, to: string, by: OrderActor): boolean {
  if (!isOrderStatus(from) || !isOrderStatus(to)) return false;
  return orderTransitions[from][to]?.includes(by) ?? false;
}

/** True when `by` may move an order's payment from `from` to `to`. */
export function canChangePaymentStatus(from: string, to: string, by: OrderActor): boolean {
  if (!isPaymentStatus(from) || !isPaymentStatus(to)) return false;
  return paymentTransitions[from][to]?.includes(by) ?? false;
}

/** Statuses `by` may move an order to from its current one. */
export function nextOrderStatuses(status: string, by: OrderActor = "admin"): OrderStatus[] {
  return orderStatuses.filter((to) => canChangeOrderStatus(status, to, by));
}

/**
 * True when `by` may cancel the order: only while nothing has been paid, whoever asks. Money taken
 * goes back by a refund, never by a cancellation that would leave a cancelled, paid order.
 */
export function orderMayBeCancelled(order: { status: string; paymentStatus: string }, by: OrderActor): boolean {
  return awaitsPayment(order.paymentStatus) && canChangeOrderStatus(order.status, "cancelled", by);
}

/** Nothing has been paid on the order yet (a failed attempt included). */
export function awaitsPayment(paymentStatus: string): boolean {
  return paymentStatus === "pending" || paymentStatus === "failed";
}

/** Where an order's paid status takes it: on to processing, unless it still waits for the ID check. */
export function statusAfterPayment(status: OrderStatus): OrderStatus {
  return status === "on_hold" ? "on_hold" : "processing";
}

/** Where the owner's ID check takes an order that was on hold. */
export function statusAfterVerification(paymentStatus: OrderPaymentStatus): OrderStatus {
  return paymentStatus === "paid" ? "processing" : "pending";
}

/** Letters and digits that cannot be mistaken for one another when read out on the phone (no 0/O, 1/I/L, U). */
const orderNumberAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A new order number such as `PI-7KQ4-M2XD`: eight characters drawn from a CSPRNG (about 39 bits),
 * so it says nothing about how many orders there are. The caller retries on the rare collision.
 */
export function newOrderNumber(random?: RandomBytes): string {
  return `PI-${readableCode(orderNumberAlphabet, random)}`;
}

export const orderNumberPattern = /^PI-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

/** Products that may not be shipped to `state`, by name. */
export function restrictedForState<T extends { name: string; restrictedStates: readonly string[] }>(products: readonly T[], state: string): T[] {
  return products.filter((p) => p.restrictedStates.includes(state));
}
