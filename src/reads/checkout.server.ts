/** What the checkout shows: the cart priced for each payment method on offer, and what stops it. */
import { cartRows } from "../db/cart.server";
import { lastOrderAddresses as lastAddressesOf, orderBlocker, type OrderBlocker } from "../db/orders.server";
import { getSettings } from "../db/settings.server";
import { unitsHeldByUnpaidOrders } from "../db/stock-holds.server";
import { buildCart, countsTowardsTotal, pricedLines } from "../domain/cart";
import { methodsOnOffer, orderMethodsOnOffer } from "../domain/payment-methods";
import { linesOverProductLimit } from "../domain/stock-limits";
import { priceOrder, type PricedOrder } from "../domain/totals";
import { paypalConfig } from "../payments/paypal-config.server";
import { paymentMethodLabels, type OrderPaymentMethod } from "../shared/checkout";
import type { CheckoutLine } from "../shared/checkout-form";
import type { ReadDeps } from "./read";

export type { OrderBlocker };

export type CheckoutData = {
  lines: CheckoutLine[];
  /** The order priced for each payment method on offer. */
  priced: Partial<Record<OrderPaymentMethod, PricedOrder>>;
  methods: { value: OrderPaymentMethod; label: string; hint: string }[];
  /** Cart lines that cannot be ordered as they are (sold out, withdrawn, fewer left, over the per-customer limit). */
  problems: string[];
  /** What keeps the customer from placing any order now: an unconfirmed e-mail address or too many unpaid orders. */
  blocker: OrderBlocker | null;
};

/**
 * The cart at today's prices, the order priced for each payment method on offer (as placing it will
 * price it), and what would keep it from being placed (decision 024).
 */
export function checkoutData(deps: ReadDeps, userId: string): CheckoutData {
  const rows = cartRows(deps.db, userId);
  const settings = getSettings(deps.db);
  const cart = buildCart(rows, settings);
  const orderable = cart.items.filter((l) => countsTowardsTotal(l.status));
  const lines = orderable.map((l) => ({
    productId: l.productId,
    slug: l.slug,
    name: l.name,
    image: l.image,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    lineTotal: l.lineTotal,
  }));
  // One rule decides the ways to pay (decision 067): configured with real details, never a placeholder.
  const on = methodsOnOffer(settings, { paypalConfigured: paypalConfig(deps.env) !== null });
  const offered = orderMethodsOnOffer(on);
  const priced: Partial<Record<OrderPaymentMethod, PricedOrder>> = {};
  const toPrice = pricedLines(rows, settings.maxUnitsPerProduct);
  for (const method of offered) priced[method] = priceOrder(toPrice, method, settings);
  const held = `We hold your items for ${settings.manualOrderHoldDays} ${settings.manualOrderHoldDays === 1 ? "day" : "days"} while you pay.`;
  const coins = on.crypto.map((c) => c.coin);
  const hints: Record<OrderPaymentMethod, string> = {
    paypal: `Pay with PayPal or a card on the next page. We hold your items for ${settings.paypalOrderHoldMinutes} minutes.`,
    bank_transfer: `Transfer to our bank account with your order number as the reference; the details are on the next page. ${held}`,
    crypto: `${settings.cryptoDiscountPercent}% off the goods. Pay in ${coins.join(", ").replace(/, ([^,]*)$/, " or $1")}; addresses on the next page. ${held}`,
    cash_deposit: `Deposit cash at a branch of our bank with your order number as the reference. ${held}`,
  };
  const problems = cart.items
    .filter((l) => l.status !== "available")
    .map((l) =>
      l.status === "reduced"
        ? `${l.name}: only ${l.maxQuantity} left, ${l.requestedQuantity} in your cart.`
        : `${l.name}: ${l.status === "out_of_stock" ? "out of stock" : "no longer sold"}.`,
    );
  const overLimit = linesOverProductLimit(rows, unitsHeldByUnpaidOrders(deps.db, { userId }), settings).map((r) =>
    r.held > 0
      ? `${r.name}: you already have ${r.held} in unpaid orders; at most ${settings.maxUnitsPerProduct} per customer.`
      : `${r.name}: at most ${settings.maxUnitsPerProduct} per customer, ${r.quantity} in your cart.`,
  );
  return {
    lines,
    priced,
    methods: offered.map((m) => ({ value: m, label: paymentMethodLabels[m], hint: hints[m] })),
    problems: [...problems, ...overLimit],
    blocker: orderBlocker(deps.db, userId, settings),
  };
}

/** The addresses of this customer's own last order, which a fresh checkout starts from. */
export function lastOrderAddresses(deps: ReadDeps, userId: string) {
  return lastAddressesOf(deps.db, userId);
}
