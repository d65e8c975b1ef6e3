/**
 * Shop order rules with no HTTP or database in them: statuses and who may change them, order
 * numbers, and where a product may not be shipped (docs/product.md#orders). Its money is priced in
 * totals.ts.
 */
import { type RandomBytes, readableCode } from "./readable-code";

/** `pending` awaits payment, `processing` is paid, then `shipped` and `delivered`; `on_hold` awaits an ID check; `cancelled` and `refunded` end it. */
export const orderStatuses = ["pending", "processing", "shipped", "delivered", "on_hold", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * An order's payment: `pending` -> `paid` -> `refunded`, or `failed`. A refund the owner sends by
 * hand (anything but PayPal) is `refund_owed` until they mark it sent (decision 084).
 */
export const orderPaymentStatuses = ["pending", "paid", "refunded", "failed", "refund_owed"] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

/** Who changes an order: the owner in the portal, the customer who placed it, or the site itself (payment capture, expiry). */
export const orderActors = ["admin", "customer", "system"] as const;
export type OrderActor = (typeof orderActors)[number];

/** An order's status and payment status together: what decides what may be done to it. */
export type OrderState = { status: OrderStatus; paymentStatus: OrderPaymentStatus };

/** What is done to an order, in the order the portal offers them. */
export const orderActions = ["mark_paid", "verify", "ship", "deliver", "cancel", "refund"] as const;
export type OrderAction = (typeof orderActions)[number];

type OrderActionRule = {
  /** Who may take it. */
  by: readonly OrderActor[];
  /** The statuses and payment statuses it may be taken from (both must match). */
  status: readonly OrderStatus[];
  paymentStatus: readonly OrderPaymentStatus[];
  /** The state it leaves the order in. */
  to: (from: OrderState) => OrderState;
  /** Why it is refused from `from`, in the owner's words. */
  refusal: (from: OrderState) => string;
};

const unpaid: readonly OrderPaymentStatus[] = ["pending", "failed"];

/**
 * The order's one transition table: every action, who may take it, from which states, and where it
 * leads. A paid order is processed, shipped and delivered; an order holding an ID-checked product
 * waits `on_hold` until the owner verifies it (then it is `pending` or, when already paid,
 * `processing`), and being paid meanwhile keeps it there. An order nobody has paid for may be
 * cancelled by its customer, by the owner, or by the site when its hold on the stock runs out; a
 * paid one (on hold or not) is only ever refunded (decision 026). Cancelled and refunded are final.
 * The server's guard (`orderActionOutcome`) and the actions the portal offers
 * (`orderActionsAllowed`) both read it, so they cannot disagree.
 */
const orderActionRules: Record<OrderAction, OrderActionRule> = {
  mark_paid: {
    by: ["admin", "system"],
    status: ["pending", "on_hold"],
    paymentStatus: unpaid,
    to: (o) => ({ status: statusAfterPayment(o.status), paymentStatus: "paid" }),
    refusal: (o) => (unpaid.includes(o.paymentStatus) ? `A ${o.status} order cannot be marked paid.` : `A ${o.paymentStatus} payment cannot be marked paid.`),
  },
  verify: {
    by: ["admin"],
    status: ["on_hold"],
    paymentStatus: [...unpaid, "paid"],
    to: (o) => ({ status: statusAfterVerification(o.paymentStatus), paymentStatus: o.paymentStatus }),
    refusal: (o) => (o.status === "on_hold" ? "This order cannot be marked verified." : "Only an order on hold for ID verification can be marked verified."),
  },
  ship: {
    by: ["admin"],
    status: ["processing"],
    paymentStatus: ["paid"],
    to: (o) => ({ status: "shipped", paymentStatus: o.paymentStatus }),
    refusal: (o) => `A ${o.status} order cannot be shipped; it must be paid (and verified) first.`,
  },
  deliver: {
    by: ["admin"],
    status: ["shipped"],
    paymentStatus: ["paid"],
    to: (o) => ({ status: "delivered", paymentStatus: o.paymentStatus }),
    refusal: (o) => `A ${o.status} order cannot be marked delivered.`,
  },
  cancel: {
    by: ["admin", "customer", "system"],
    status: ["pending", "on_hold"],
    paymentStatus: unpaid,
    to: (o) => ({ status: "cancelled", paymentStatus: o.paymentStatus }),
    refusal: (o) =>
      o.paymentStatus === "paid"
        ? "A paid order cannot be cancelled; it can only be refunded."
        : `A ${o.status} order cannot be cancelled; a paid one can only be refunded.`,
  },
  refund: {
    by: ["admin"],
    status: ["on_hold", "processing", "shipped", "delivered"],
    paymentStatus: ["paid"],
    to: () => ({ status: "refunded", paymentStatus: "refunded" }),
    refusal: (o) => (o.paymentStatus === "paid" ? `A ${o.status} order cannot be refunded.` : "Only a paid order can be refunded."),
  },
};

/** Whether `by` may take `action` on an order in this state, and the state it leads to or why not. */
export function orderActionOutcome(order: OrderState, action: OrderAction, by: OrderActor): { ok: true; to: OrderState } | { ok: false; message: string } {
  const rule = orderActionRules[action];
  const allowed = rule.by.includes(by) && rule.status.includes(order.status) && rule.paymentStatus.includes(order.paymentStatus);
  return allowed ? { ok: true, to: rule.to(order) } : { ok: false, message: rule.refusal(order) };
}

/** The actions `by` may take on an order in this state, in the portal's order. */
export function orderActionsAllowed(order: OrderState, by: OrderActor): OrderAction[] {
  return orderActions.filter((action) => orderActionOutcome(order, action, by).ok);
}

/** The statuses `by` can move an order to from this state, by some action of the table. */
export function nextOrderStatuses(order: OrderState, by: OrderActor = "admin"): OrderStatus[] {
  const next = new Set(orderActionsAllowed(order, by).map((action) => orderActionRules[action].to(order).status));
  next.delete(order.status);
  return orderStatuses.filter((status) => next.has(status));
}

/**
 * True when `by` may cancel the order: only while nothing has been paid, whoever asks. Money taken
 * goes back by a refund, never by a cancellation that would leave a cancelled, paid order.
 */
export function orderMayBeCancelled(order: OrderState, by: OrderActor): boolean {
  return orderActionOutcome(order, "cancel", by).ok;
}

/** The payment statuses of an order on which nothing has been paid yet (a failed attempt included). */
export const unpaidStatuses = unpaid;

/** Nothing has been paid on the order yet (a failed attempt included). */
export function awaitsPayment(paymentStatus: OrderPaymentStatus): boolean {
  return unpaid.includes(paymentStatus);
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
