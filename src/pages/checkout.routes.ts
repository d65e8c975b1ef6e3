/**
 * GET /checkout and POST /checkout, the checkout form with JavaScript off (the island posts to
 * /api/orders instead; both place the order through src/actions/place-order.server.ts, and spend
 * one budget). Errors
 * re-render the form with the values kept and messages under fields; success redirects (303) to
 * the order's page. Signed out, the visitor signs in and comes back; an empty cart goes back to
 * /cart with a notice.
 */
import { Hono, type Context } from "hono";
import { cartRows } from "../db/cart.server";
import { lastOrderAddresses, orderBlocker } from "../db/orders.server";
import { unitsHeldByUnpaidOrders } from "../db/stock-holds.server";
import { getSettings } from "../db/settings.server";
import { buildCart, countsTowardsTotal, pricedLines } from "../domain/cart";
import { linesOverProductLimit } from "../domain/stock-limits";
import { priceOrder, type PricedOrder } from "../domain/totals";
import { paypalConfig } from "../payments/paypal-config.server";
import { checkoutSchema, orderPaymentMethods, paymentMethodLabels, type OrderPaymentMethod } from "../shared/checkout";
import { checkoutFormFromFields, checkoutFormFromLastOrder, checkoutPayload, type CheckoutFormValues } from "../shared/checkout-form";
import { orderPagePath } from "../shared/orders";
import { placeCustomerOrder } from "../actions/place-order.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors, HttpError } from "../server/errors";
import { readForm } from "../server/form";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { withCartNotice } from "./cart-notice";
import { checkoutPage, type CheckoutData, type CheckoutState } from "./checkout";
import { cryptoAddresses } from "../domain/payment";
import { customerFacingSettings } from "../shared/go-live";

/**
 * The cart at today's prices, the order priced for each payment method on offer (as placing it will
 * price it), and what would keep it from being placed (decision 024).
 */
export function checkoutData(deps: AppDeps, userId: string): CheckoutData {
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
  const offered = orderPaymentMethods.filter((m) => m !== "paypal" || paypalConfig(deps.env) !== null);
  const priced: Partial<Record<OrderPaymentMethod, PricedOrder>> = {};
  const toPrice = pricedLines(rows, settings.maxUnitsPerProduct);
  for (const method of offered) priced[method] = priceOrder(toPrice, method, settings);
  const held = `We hold your items for ${settings.manualOrderHoldDays} ${settings.manualOrderHoldDays === 1 ? "day" : "days"} while you pay.`;
  // What customers may see (decision 037): without real details, they follow by e-mail.
  const shown = customerFacingSettings(settings);
  const coins = cryptoAddresses(shown).map((c) => c.coin);
  const hints: Record<OrderPaymentMethod, string> = {
    paypal: `Pay with PayPal or a card on the next page. We hold your items for ${settings.paypalOrderHoldMinutes} minutes.`,
    bank_transfer: `Transfer to our bank account with your order number as the reference; ${shown.bankAccountNumber ? "details on the next page" : "the details follow by e-mail"}. ${held}`,
    crypto: `${settings.cryptoDiscountPercent}% off the goods. ${
      coins.length > 0 ? `Pay in ${coins.join(", ").replace(/, ([^,]*)$/, " or $1")}; addresses on the next page.` : "A payment address follows by e-mail."
    } ${held}`,
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

function renderCheckout(deps: AppDeps, c: Context<CustomerEnv>, given?: CheckoutState) {
  const userId = c.get("user").id;
  const data = checkoutData(deps, userId);
  if (data.lines.length === 0 && data.problems.length === 0) return c.redirect(withCartNotice("/cart", "empty-checkout"), 303);
  // A fresh checkout starts from the addresses of this customer's own last order, if any.
  let state: CheckoutState = given ?? {};
  if (!given) {
    const last = lastOrderAddresses(deps.db, userId);
    if (last) state = { values: checkoutFormFromLastOrder(last.shipping, last.billing), rememberedFrom: last.orderNumber };
  }
  return servePage(deps, c, (site) => checkoutPage(site, data, state));
}

/** POST /checkout: the plain form. */
export async function submitCheckout(deps: AppDeps, c: Context<CustomerEnv>) {
  const values: CheckoutFormValues = checkoutFormFromFields(await readForm(c, 1200));
  const parsed = checkoutSchema.safeParse(checkoutPayload(values));
  if (!parsed.success) {
    return renderCheckout(deps, c, { values, errors: fieldErrors(parsed.error), formError: "Some fields need attention.", status: 400 });
  }
  try {
    const order = placeCustomerOrder(deps, c.get("user").id, parsed.data);
    return c.redirect(`${orderPagePath(order.orderNumber)}?notice=placed`, 303);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.code === "empty_cart") return c.redirect(withCartNotice("/cart", "empty-checkout"), 303);
    const status = error.status === 409 || error.status === 403 || error.status === 429 ? error.status : 400;
    // A refusal's Retry-After, as the JSON twin sends it.
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return renderCheckout(deps, c, { values, errors: error.fields, formError: error.message, status });
  }
}

export function checkoutRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps, { returnTo: "/checkout" });
  return new Hono<AppEnv>().get("/checkout", customer, (c) => renderCheckout(deps, c)).post("/checkout", customer, (c) => submitCheckout(deps, c));
}
