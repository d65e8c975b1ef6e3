/**
 * Shop order rules with no HTTP or database in them: statuses and who may change them, totals in
 * cents (tax-inclusive prices, shipping, the GST included), order numbers, and where a product may
 * not be shipped (docs/product.md#orders).
 */
import { shippingCents } from "./cart";
import { centsToDecimal } from "./pricing";

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
 * paid one only by a refund. Cancelled and refunded are final.
 */
const orderTransitions: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>> = {
  pending: { processing: ["admin", "system"], cancelled: ["admin", "customer", "system"] },
  on_hold: { pending: ["admin"], processing: ["admin"], cancelled: ["admin", "customer", "system"] },
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

/** A customer may cancel their own order while nothing has been paid or shipped. */
export function customerMayCancelOrder(order: { status: string; paymentStatus: string }): boolean {
  return order.paymentStatus !== "paid" && order.paymentStatus !== "refunded" && canChangeOrderStatus(order.status, "cancelled", "customer");
}

/** Where an order's paid status takes it: on to processing, unless it still waits for the ID check. */
export function statusAfterPayment(status: OrderStatus): OrderStatus {
  return status === "on_hold" ? "on_hold" : "processing";
}

/** Where the owner's ID check takes an order that was on hold. */
export function statusAfterVerification(paymentStatus: OrderPaymentStatus): OrderStatus {
  return paymentStatus === "paid" ? "processing" : "pending";
}

/** An order line as checkout prices it: today's unit price in cents. */
export type PricedLine = { unitCents: number; quantity: number };
export type OrderTotalsRules = {
  freeShippingThreshold: number;
  flatShippingFee: number;
  gstEnabled: boolean;
  /** Percent off the goods (the crypto discount when paying by cryptocurrency); 0 for none. */
  discountPercent?: number;
};
export type OrderTotals = { subtotal: string; discountAmount: string; shippingAmount: string; taxAmount: string; totalAmount: string };

/** The GST included in a tax-inclusive amount: one eleventh, rounded to the cent. */
export function includedGstCents(totalCents: number): number {
  return Math.round(totalCents / 11);
}

/**
 * An order's totals from today's tax-inclusive prices, in cents: shipping is the flat fee unless
 * the goods reach the free-shipping threshold (judged before any discount, as the cart shows it); a
 * discount comes off the goods; when GST is on, the tax is the GST included in the total.
 */
export function orderTotals(lines: readonly PricedLine[], rules: OrderTotalsRules): OrderTotals {
  const subtotal = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const shipping = shippingCents(subtotal, lines.length > 0, rules);
  const discount = Math.round((subtotal * (rules.discountPercent ?? 0)) / 100);
  const total = subtotal - discount + shipping;
  return {
    subtotal: centsToDecimal(subtotal),
    discountAmount: centsToDecimal(discount),
    shippingAmount: centsToDecimal(shipping),
    taxAmount: centsToDecimal(rules.gstEnabled ? includedGstCents(total) : 0),
    totalAmount: centsToDecimal(total),
  };
}

/** Letters and digits that cannot be mistaken for one another when read out on the phone (no 0/O, 1/I/L, U). */
const orderNumberAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A new order number such as `PI-7KQ4-M2XD`: eight characters drawn from a CSPRNG (about 39 bits),
 * so it says nothing about how many orders there are. The caller retries on the rare collision.
 */
export function newOrderNumber(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const chars: string[] = [];
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % orderNumberAlphabet.length);
  while (chars.length < 8) {
    for (const byte of random(16)) {
      if (byte < limit && chars.length < 8) chars.push(orderNumberAlphabet[byte % orderNumberAlphabet.length] as string);
    }
  }
  return `PI-${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}

export const orderNumberPattern = /^PI-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

/** Products that may not be shipped to `state`, by name. */
export function restrictedForState<T extends { name: string; restrictedStates: readonly string[] }>(products: readonly T[], state: string): T[] {
  return products.filter((p) => p.restrictedStates.includes(state));
}
