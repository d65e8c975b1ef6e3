/**
 * An order placed by a customer, whichever way it arrives (the CheckoutForm island's
 * POST /api/orders or the plain POST /checkout form): PayPal refused when it is not configured,
 * the order placed with its e-mails queued in the same transaction, the outbox woken, and every
 * refusal turned into the one HTTP error both routes show (docs/product.md#orders).
 */
import { cancelOrder, customerOrderRow, placeOrder, type OrderMailContext, type PlaceOrderResult } from "../db/orders.server";
import { mailContext } from "../mail/context.server";
import { paypalConfig } from "../payments/paypal-config.server";
import { stateNames, type AustralianState, type CheckoutInput } from "../shared/checkout";
import type { OrderView } from "../shared/orders";
import type { AppDeps } from "./deps";
import { badRequest, HttpError, notFound } from "./errors";
import { log } from "./log.server";

export const checkoutMessages = {
  rateLimited: "Too many orders in a short time. Please wait a few minutes and try again.",
  paypalUnavailable: "PayPal is not available at the moment. Please choose another payment method.",
  emptyCart: "Your cart is empty. Add something from the shop before checking out.",
  notCancellable: "This order can no longer be cancelled: it has been paid, shipped or closed.",
  emailUnverified: "Please confirm your e-mail address before placing an order: open the link we e-mailed you, or have it sent again. Your cart is kept.",
  tooManyOpenOrders: (limit: number) =>
    `You already have ${limit} unpaid ${limit === 1 ? "order" : "orders"}. Please pay for one or cancel it before placing another. Your cart is kept.`,
} as const;

/** Where order e-mails link to and who the business notices go to; every change of an order uses it. */
export function orderMailContext(deps: Pick<AppDeps, "db" | "env" | "secrets">): OrderMailContext {
  const mail = mailContext(deps);
  return { origin: mail.origin, secrets: deps.secrets, businessEmail: mail.businessEmail };
}

/** "Covert GPS Tracker (2 left, 3 in your cart)" and "Trail Camera (no longer available)", joined. */
function shortList(products: { name: string; available: number; requested: number }[]): string {
  return products
    .map((p) => (p.available > 0 ? `${p.name} (only ${p.available} left, ${p.requested} in your cart)` : `${p.name} (no longer available)`))
    .join(", ");
}

/** "Covert GPS Tracker (4 in unpaid orders, 8 in your cart)", joined. */
function overLimitList(products: { name: string; held: number; requested: number }[]): string {
  return products
    .map((p) => (p.held > 0 ? `${p.name} (${p.held} in unpaid orders, ${p.requested} in your cart)` : `${p.name} (${p.requested} in your cart)`))
    .join(", ");
}

const stateName = (state: string) => stateNames[state as AustralianState] ?? state;

/** The HTTP error for an order that could not be placed. */
export function checkoutRefusal(result: Exclude<PlaceOrderResult, { ok: true }>): HttpError {
  switch (result.reason) {
    case "empty_cart":
      return new HttpError(400, "empty_cart", checkoutMessages.emptyCart);
    case "email_unverified":
      return new HttpError(403, "email_unverified", checkoutMessages.emailUnverified);
    case "too_many_open_orders":
      return new HttpError(409, "too_many_open_orders", checkoutMessages.tooManyOpenOrders(result.limit));
    case "product_limit":
      return new HttpError(
        409,
        "product_limit",
        `You can have at most ${result.limit} of each product in your cart and unpaid orders together: ${overLimitList(result.products)}. Please lower the quantity in your cart, or pay for your open order first.`,
      );
    case "unavailable":
      return new HttpError(
        409,
        "unavailable",
        result.products.length > 0
          ? `Some items in your cart can no longer be ordered as they are: ${shortList(result.products)}. Please update your cart and try again.`
          : "An item in your cart just sold out. Please check your cart and try again.",
      );
    case "restricted": {
      const names = result.products.map((p) => p.name).join(", ");
      const message = `${names} cannot be shipped to ${stateName(result.state)}. Please remove ${result.products.length === 1 ? "it" : "them"} from your cart or ship to another state.`;
      return badRequest(message, { "shippingAddress.state": message });
    }
  }
}

/** Places the signed-in customer's order, or throws the HTTP error that explains why not. */
export function submitOrder(deps: AppDeps, userId: string, input: CheckoutInput): OrderView {
  if (input.paymentMethod === "paypal" && !paypalConfig(deps.env)) {
    throw badRequest(checkoutMessages.paypalUnavailable, { paymentMethod: checkoutMessages.paypalUnavailable });
  }
  const result = placeOrder(deps.db, userId, input, new Date(), orderMailContext(deps));
  if (!result.ok) throw checkoutRefusal(result);
  deps.outbox.kick();
  log.info("order placed", { orderId: result.order.id, status: result.order.status, paymentMethod: result.order.paymentMethod });
  return result.view;
}

/** The customer cancels their own order: 404 when it is not theirs, 409 once paid, shipped or closed. */
export function cancelCustomerOrder(deps: AppDeps, userId: string, orderNumber: string): void {
  const row = customerOrderRow(deps.db, userId, orderNumber);
  if (!row) throw notFound("Order not found.");
  const result = cancelOrder(deps.db, row.id, { actor: "customer", userId, note: "Cancelled by the customer" }, new Date(), orderMailContext(deps));
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound("Order not found.");
    throw new HttpError(409, "not_cancellable", checkoutMessages.notCancellable);
  }
  deps.outbox.kick();
  log.info("order cancelled by customer", { orderId: row.id });
}
