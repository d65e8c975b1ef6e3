/**
 * The wishlist without JavaScript: GET /wishlist and the plain forms of the hearts and the list,
 * each redirecting back (303); and the unsubscribe page of the back-in-stock e-mails, which works
 * without signing in (its link is signed). The JSON API is src/api/wishlist.ts; both call the same
 * actions and spend one budget.
 */
import { Hono, type Context } from "hono";
import { addWishlistItem } from "../actions/add-to-wishlist.server";
import { CartRefusal } from "../actions/cart-refusal.server";
import { moveWishlistItemToCart } from "../actions/move-wishlist-item-to-cart.server";
import { removeWishlistItem } from "../actions/remove-from-wishlist.server";
import { resumeBackInStockMail } from "../actions/resume-back-in-stock-mail.server";
import { stopBackInStockMailFromLink } from "../actions/stop-back-in-stock-mail.server";
import { ownWishlist, unsubscribeLinkPreferences } from "../reads/wishlist.server";
import { clientIp } from "../server/client-ip";
import type { AppDeps, AppEnv } from "../server/deps";
import { badRequest, fieldErrors, HttpError } from "../server/errors";
import { readForm } from "../server/form";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { safeReturnTo } from "../server/safe-redirect";
import { addToWishlistSchema, wishlistParamSchema } from "../shared/wishlist";
import { cartNotice, withCartNotice } from "./cart-notice";
import { cartRefusalNotice } from "./cart.routes";
import { backInStockUnsubscribePage } from "./wishlist-unsubscribe";
import { wishlistNotice, wishlistPage, wishlistPath, type WishlistNoticeCode } from "./wishlist";

const withNotice = (code: WishlistNoticeCode) => `${wishlistPath}?notice=${code}`;

/** The :productId of a form route, or 400. */
function productIdParam(c: Context): number {
  const parsed = wishlistParamSchema.safeParse({ productId: c.req.param("productId") });
  if (!parsed.success) throw badRequest("Some fields need attention.", fieldErrors(parsed.error));
  return parsed.data.productId;
}

/** Where a heart's form goes back to: the page it was on (the product's, when signing in first). */
async function heartReturnTo(c: Context): Promise<string> {
  return safeReturnTo((await readForm(c, 600)).returnTo, "/shop");
}

/** GET /wishlist */
function showWishlist(deps: AppDeps, c: Context<CustomerEnv>) {
  const wishlist = ownWishlist(deps, c.get("user").id);
  return servePage(deps, c, (site) => wishlistPage(site, wishlist, wishlistNotice(c.req.query("notice")), cartNotice(c.req.query("cart"))));
}

/** POST /wishlist/items (productId, returnTo): the heart, back to the page it was on. */
async function submitAdd(deps: AppDeps, c: Context<CustomerEnv>) {
  const form = await readForm(c, 600);
  const returnTo = safeReturnTo(form.returnTo, wishlistPath);
  const parsed = addToWishlistSchema.safeParse(form);
  if (!parsed.success) throw badRequest("Some fields need attention.", fieldErrors(parsed.error));
  try {
    addWishlistItem(deps, c.get("user").id, parsed.data.productId);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status === 429) throw error;
    return c.redirect(error.code === "wishlist_full" ? withNotice("full") : withCartNotice(returnTo, "unavailable"), 303);
  }
  return c.redirect(returnTo, 303);
}

/** POST /wishlist/items/:productId/delete (returnTo) */
async function submitRemove(deps: AppDeps, c: Context<CustomerEnv>) {
  const productId = productIdParam(c);
  const returnTo = safeReturnTo((await readForm(c, 600)).returnTo, withNotice("removed"));
  try {
    removeWishlistItem(deps, c.get("user").id, productId);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    return c.redirect(withNotice("not-on-wishlist"), 303);
  }
  return c.redirect(returnTo, 303);
}

/** POST /wishlist/items/:productId/move: one into the cart (within the stock and the per-customer limit), then off the wishlist. */
function submitMoveToCart(deps: AppDeps, c: Context<CustomerEnv>) {
  const productId = productIdParam(c);
  try {
    moveWishlistItemToCart(deps, c.get("user").id, productId);
  } catch (error) {
    if (!(error instanceof CartRefusal)) throw error;
    return c.redirect(withCartNotice(wishlistPath, cartRefusalNotice[error.reason]), 303);
  }
  return c.redirect(withCartNotice(wishlistPath, "added"), 303);
}

/** POST /wishlist/items/:productId/back-in-stock: e-mail me again when it is back. */
function submitResumeItem(deps: AppDeps, c: Context<CustomerEnv>) {
  resumeBackInStockMail(deps, c.get("user").id, productIdParam(c));
  return c.redirect(withNotice("mail-on"), 303);
}

/** POST /wishlist/back-in-stock: every back-in-stock e-mail on again. */
function submitResumeAll(deps: AppDeps, c: Context<CustomerEnv>) {
  resumeBackInStockMail(deps, c.get("user").id, null);
  return c.redirect(withNotice("all-mail-on"), 303);
}

/** GET /wishlist/unsubscribe?token=: what the link would stop, as two buttons (a mail scanner's visit changes nothing). */
function showUnsubscribe(deps: AppDeps, c: Context<AppEnv>) {
  const token = c.req.query("token") ?? "";
  const preferences = unsubscribeLinkPreferences(deps, token);
  return servePage(deps, c, (site) => backInStockUnsubscribePage(site, preferences ? { token, preferences } : null));
}

/** POST /wishlist/unsubscribe (token, scope = item | all) */
async function submitUnsubscribe(deps: AppDeps, c: Context<AppEnv>) {
  const form = await readForm(c, 600);
  const token = typeof form.token === "string" ? form.token : "";
  const scope = form.scope === "all" ? "all" : form.scope === "item" ? "item" : null;
  // A public form: limited per address by the action (the sealed token is what protects it).
  const preferences = stopBackInStockMailFromLink(deps, clientIp(c), token, scope);
  return servePage(deps, c, (site) => backInStockUnsubscribePage(site, preferences ? { token, preferences, stopped: scope ?? undefined } : null));
}

export function wishlistRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps, { returnTo: wishlistPath });
  return new Hono<AppEnv>()
    .get("/wishlist", customer, (c) => showWishlist(deps, c))
    .post("/wishlist/items", requireCustomer(deps, { returnTo: heartReturnTo }), (c) => submitAdd(deps, c))
    .post("/wishlist/items/:productId/delete", requireCustomer(deps, { returnTo: heartReturnTo }), (c) => submitRemove(deps, c))
    .post("/wishlist/items/:productId/move", customer, (c) => submitMoveToCart(deps, c))
    .post("/wishlist/items/:productId/back-in-stock", customer, (c) => submitResumeItem(deps, c))
    .post("/wishlist/back-in-stock", customer, (c) => submitResumeAll(deps, c))
    .get("/wishlist/unsubscribe", (c) => showUnsubscribe(deps, c))
    .post("/wishlist/unsubscribe", (c) => submitUnsubscribe(deps, c));
}
