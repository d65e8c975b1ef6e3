/**
 * GET /checkout and POST /checkout, the checkout form with JavaScript off (the island posts to
 * /api/orders instead; both place the order through src/actions/place-order.server.ts, and spend
 * one budget). Errors
 * re-render the form with the values kept and messages under fields; success redirects (303) to
 * the order's page. Signed out, the visitor signs in and comes back; an empty cart goes back to
 * /cart with a notice.
 */
import { Hono, type Context } from "hono";
import { checkoutSchema } from "../shared/checkout";
import { checkoutFormFromFields, checkoutFormFromLastOrder, checkoutPayload, type CheckoutFormValues } from "../shared/checkout-form";
import { orderPagePath } from "../shared/orders";
import { placeCustomerOrder } from "../actions/place-order.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors, HttpError } from "../server/errors";
import { readForm } from "../server/form";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { withCartNotice } from "./cart-notice";
import { checkoutPage, type CheckoutState } from "./checkout";
import { checkoutData, lastOrderAddresses } from "../reads/checkout.server";

function renderCheckout(deps: AppDeps, c: Context<CustomerEnv>, given?: CheckoutState) {
  const userId = c.get("user").id;
  const data = checkoutData(deps, userId);
  if (data.lines.length === 0 && data.problems.length === 0) return c.redirect(withCartNotice("/cart", "empty-checkout"), 303);
  // A fresh checkout starts from the addresses of this customer's own last order, if any.
  let state: CheckoutState = given ?? {};
  if (!given) {
    const last = lastOrderAddresses(deps, userId);
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
