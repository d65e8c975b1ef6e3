/**
 * The cart without JavaScript: GET /cart and the plain forms that add, change and remove items.
 * Each form redirects back (303) with ?cart=<code>, and the page it lands on shows the notice.
 * The islands use the JSON API instead (src/api/cart.ts); both call the same actions.
 */
import { Hono, type Context } from "hono";
import { safeReturnTo } from "../server/safe-redirect";
import { addCartItem } from "../actions/add-to-cart.server";
import { CartRefusal, type CartRefusalReason } from "../actions/cart-refusal.server";
import { changeCartQuantity } from "../actions/change-cart-quantity.server";
import { removeCartItem } from "../actions/remove-from-cart.server";
import { ownCart } from "../reads/cart.server";
import { addToCartSchema, cartItemParamSchema, cartQuantitySchema } from "../shared/cart";
import type { AppDeps, AppEnv } from "../server/deps";
import { badRequest, fieldErrors } from "../server/errors";
import { readForm } from "../server/form";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { cartNotice, withCartNotice, type CartNoticeCode } from "./cart-notice";
import { cartPage } from "./cart";

/** The notice a refused cart change shows on the page the form goes back to. */
export const cartRefusalNotice: Record<CartRefusalReason, CartNoticeCode> = {
  unknown_product: "unavailable",
  unavailable: "unavailable",
  not_in_cart: "not-in-cart",
  out_of_stock: "out-of-stock",
  insufficient_stock: "not-enough-stock",
  over_limit: "over-limit",
};

/** Makes a cart change; answers `done`, or the notice of its refusal. */
function cartNoticeOf(change: () => unknown, done: CartNoticeCode): CartNoticeCode {
  try {
    change();
    return done;
  } catch (error) {
    if (error instanceof CartRefusal) return cartRefusalNotice[error.reason];
    throw error;
  }
}

/** The :productId of a form route, or 400. */
function productIdParam(c: Context<CustomerEnv>): number {
  const parsed = cartItemParamSchema.safeParse({ productId: c.req.param("productId") });
  if (!parsed.success) throw badRequest("Some fields need attention.", fieldErrors(parsed.error));
  return parsed.data.productId;
}

/** GET /cart */
export function showCart(deps: AppDeps, c: Context<CustomerEnv>) {
  const cart = ownCart(deps, c.get("user").id);
  return servePage(deps, c, (site) => cartPage(site, cart, cartNotice(c.req.query("cart"))));
}

/** Where the add-to-cart form goes back to: the page it was on, or the cart. */
async function addToCartReturnTo(c: Context): Promise<string> {
  return safeReturnTo((await readForm(c, 600)).returnTo, "/cart");
}

/** POST /cart/items (productId, quantity, returnTo): back to the page the form was on. */
export async function submitAddToCart(deps: AppDeps, c: Context<CustomerEnv>) {
  const form = await readForm(c, 600);
  const returnTo = safeReturnTo(form.returnTo, "/cart");
  const user = c.get("user");
  const parsed = addToCartSchema.safeParse(form);
  if (!parsed.success) throw badRequest("Some fields need attention.", fieldErrors(parsed.error));
  const notice = cartNoticeOf(() => addCartItem(deps, user.id, parsed.data.productId, parsed.data.quantity), "added");
  return c.redirect(withCartNotice(returnTo, notice), 303);
}

/** POST /cart/items/:productId (quantity) */
export async function submitCartQuantity(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = c.get("user");
  const productId = productIdParam(c);
  const parsed = cartQuantitySchema.safeParse(await readForm(c, 100));
  if (!parsed.success) throw badRequest("Some fields need attention.", fieldErrors(parsed.error));
  const notice = cartNoticeOf(() => changeCartQuantity(deps, user.id, productId, parsed.data.quantity), "updated");
  return c.redirect(withCartNotice("/cart", notice), 303);
}

/** POST /cart/items/:productId/delete */
export function submitCartRemove(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = c.get("user");
  const productId = productIdParam(c);
  return c.redirect(
    withCartNotice(
      "/cart",
      cartNoticeOf(() => removeCartItem(deps, user.id, productId), "removed"),
    ),
    303,
  );
}

export function cartRoutes(deps: AppDeps) {
  // Signed out, the forms send the visitor to sign in and back to the page the form was on.
  const customer = requireCustomer(deps, { returnTo: "/cart" });
  return new Hono<AppEnv>()
    .get("/cart", customer, (c) => showCart(deps, c))
    .post("/cart/items", requireCustomer(deps, { returnTo: addToCartReturnTo }), (c) => submitAddToCart(deps, c))
    .post("/cart/items/:productId", customer, (c) => submitCartQuantity(deps, c))
    .post("/cart/items/:productId/delete", customer, (c) => submitCartRemove(deps, c));
}
