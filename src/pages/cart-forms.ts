/**
 * The cart without JavaScript: GET /cart and the plain forms that add, change and remove items.
 * Each form redirects back (303) with ?cart=<code>, and the page it lands on shows the notice.
 * The islands use the JSON API instead (src/api/cart.ts); both call the same db functions.
 */
import type { Context } from "hono";
import { safeReturnTo } from "../server/safe-redirect";
import { addToCart, getCart, removeFromCart, setCartQuantity, type CartChange } from "../db/cart.server";
import { addToCartSchema, cartItemParamSchema, cartQuantitySchema } from "../shared/cart";
import type { AppDeps, AppEnv } from "../server/deps";
import { badRequest, fieldErrors } from "../server/errors";
import { readForm } from "../server/form";
import { servePage } from "../server/render-page";
import { cartNotice, withCartNotice, type CartNoticeCode } from "./cart-notice";
import { cartPage } from "./cart";
import { signedOutPage } from "./dashboard";

const noticeFor: Record<Exclude<CartChange, { ok: true }>["reason"], CartNoticeCode> = {
  unknown_product: "unavailable",
  unavailable: "unavailable",
  not_in_cart: "not-in-cart",
  out_of_stock: "out-of-stock",
  insufficient_stock: "not-enough-stock",
};

/** Sign in first, then come back to `returnTo`. */
const toSignIn = (c: Context, returnTo: string) => c.redirect(`/api/login?returnTo=${encodeURIComponent(returnTo)}`, 303);

/** The :productId of a form route, or 400. */
function productIdParam(c: Context<AppEnv>): number {
  const parsed = cartItemParamSchema.safeParse({ productId: c.req.param("productId") });
  if (!parsed.success) throw badRequest("Some fields need attention.", fieldErrors(parsed.error));
  return parsed.data.productId;
}

/** GET /cart */
export function showCart(deps: AppDeps, c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) return servePage(deps, c, (site) => signedOutPage(site, "/cart"), { cache: false });
  const cart = getCart(deps.db, user.id);
  return servePage(deps, c, (site) => cartPage(site, cart, cartNotice(c.req.query("cart"))), { cache: false });
}

/** POST /cart/items (productId, quantity, returnTo): back to the page the form was on. */
export async function submitAddToCart(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 600);
  const returnTo = safeReturnTo(form.returnTo, "/cart");
  const user = c.get("user");
  if (!user) return toSignIn(c, returnTo);
  const parsed = addToCartSchema.safeParse(form);
  if (!parsed.success) throw badRequest("Some fields need attention.", fieldErrors(parsed.error));
  const change = addToCart(deps.db, user.id, parsed.data.productId, parsed.data.quantity);
  return c.redirect(withCartNotice(returnTo, change.ok ? "added" : noticeFor[change.reason]), 303);
}

/** POST /cart/items/:productId (quantity) */
export async function submitCartQuantity(deps: AppDeps, c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) return toSignIn(c, "/cart");
  const productId = productIdParam(c);
  const parsed = cartQuantitySchema.safeParse(await readForm(c, 100));
  if (!parsed.success) throw badRequest("Some fields need attention.", fieldErrors(parsed.error));
  const change = setCartQuantity(deps.db, user.id, productId, parsed.data.quantity);
  return c.redirect(withCartNotice("/cart", change.ok ? "updated" : noticeFor[change.reason]), 303);
}

/** POST /cart/items/:productId/delete */
export function submitCartRemove(deps: AppDeps, c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) return toSignIn(c, "/cart");
  const removed = removeFromCart(deps.db, user.id, productIdParam(c));
  return c.redirect(withCartNotice("/cart", removed ? "removed" : "not-in-cart"), 303);
}
