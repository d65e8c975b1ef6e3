/**
 * A customer places an order from their cart (POST /api/orders from the checkout island, and the
 * plain POST /checkout form): both spend one budget. PayPal is refused when it is not configured;
 * the order is placed with the customer's confirmation (to the account's confirmed address, within
 * its hourly limit) and the business's notice queued in the same transaction
 * (docs/product.md#orders, decisions 016, 024).
 */
import { type PlaceOrderResult, placeOrder } from "../db/orders.server";
import { queueOrderMail } from "../mail/order-mail.server";
import { getSettings } from "../db/settings.server";
import { mailContextFrom } from "../mail/context.server";
import { orderNotificationMail, orderPlacedMail } from "../mail/templates/orders";
import { paypalConfig } from "../payments/paypal-config.server";
import { methodsOnOffer, orderMethodOnOffer } from "../domain/payment-methods";
import { type AustralianState, type CheckoutInput, stateNames } from "../shared/checkout";
import type { OrderView } from "../shared/orders";
import { badRequest, HttpError } from "../server/errors";
import { log } from "../server/log.server";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";

/** What a refused order tells the customer, whichever way it was placed. */
export const checkoutMessages = {
  rateLimited: "Too many orders in a short time. Please wait a few minutes and try again.",
  paypalUnavailable: "PayPal is not available at the moment. Please choose another payment method.",
  methodUnavailable: "This payment method is not available at the moment. Please choose another one.",
  emptyCart: "Your cart is empty. Add something from the shop before checking out.",
  emailUnverified: "Please confirm your e-mail address before placing an order: open the link we e-mailed you, or have it sent again. Your cart is kept.",
  tooManyOpenOrders: (limit: number) =>
    `You already have ${limit} unpaid ${limit === 1 ? "order" : "orders"}. Please pay for one or cancel it before placing another. Your cart is kept.`,
} as const;

/** Ten orders a quarter of an hour per customer, the island's and the form's together. */
export const placeOrderLimit: ActionLimit = {
  limiter: (limits) => limits.orders,
  key: (userId) => userId,
  message: checkoutMessages.rateLimited,
};

/** Places `userId`'s order from their cart; answers it as they see it, or throws the refusal. */
export function placeCustomerOrder(deps: ActionDeps, userId: string, input: CheckoutInput, now = new Date()): OrderView {
  spendLimit(deps, placeOrderLimit, userId);
  // Only a method on offer (decision 067): a form kept open while the owner removed it is refused.
  const on = methodsOnOffer(getSettings(deps.db), { paypalConfigured: paypalConfig(deps.env) !== null });
  if (!orderMethodOnOffer(on, input.paymentMethod)) {
    const message = input.paymentMethod === "paypal" ? checkoutMessages.paypalUnavailable : checkoutMessages.methodUnavailable;
    throw badRequest(message, { paymentMethod: message });
  }
  const result = placeOrder(deps.db, userId, input, now, (placed) => {
    const settings = getSettings(deps.db);
    const notice = settings.alertNewOrders ? [orderNotificationMail] : [];
    queueOrderMail(deps.db, placed, mailContextFrom(settings, deps), [orderPlacedMail, ...notice]);
  });
  if (!result.ok) throw checkoutRefusal(result);
  deps.outbox.kick();
  log.info("order placed", { orderId: result.order.id, status: result.order.status, paymentMethod: result.order.paymentMethod });
  return result.view;
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
function checkoutRefusal(result: Exclude<PlaceOrderResult, { ok: true }>): HttpError {
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
