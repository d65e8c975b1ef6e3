/**
 * The signed-in customer's own cart, for the islands. Every answer is the whole cart at today's
 * prices and stock (CartView), so an island never computes a price itself.
 *
 *   GET    /api/cart                       the cart
 *   POST   /api/cart/items                 { productId, quantity? = 1 } adds to what the cart holds
 *   PATCH  /api/cart/items/:productId      { quantity } sets the quantity
 *   DELETE /api/cart/items/:productId      removes the product
 *
 * 400 malformed id or quantity; 401 signed out; 404 unknown or withdrawn product, or not in the
 * cart; 409 out of stock, more than the stock, or more than the per-customer limit (decision 024).
 */
import { Hono } from "hono";
import { addToCart, getCart, removeFromCart, setCartQuantity, type CartChange } from "../db/cart.server";
import { addToCartSchema, cartItemParamSchema, cartQuantitySchema } from "../shared/cart";
import type { AppDeps, AppEnv } from "../server/deps";
import { HttpError, notFound } from "../server/errors";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { validJson, validParams } from "../server/validate";

/** The message a refused stock change shows the customer. */
export function stockMessage(available: number, inCart: number): string {
  const left = `Only ${available} left in stock`;
  if (inCart === 0) return `${left}.`;
  return `${left}, and ${inCart} ${inCart === 1 ? "is" : "are"} already in your cart.`;
}

/** The message a change beyond the per-customer limit shows the customer. */
export function limitMessage(limit: number, held: number, inCart: number): string {
  const parts = [held > 0 ? `${held} in your unpaid orders` : "", inCart > 0 ? `${inCart} already in your cart` : ""].filter(Boolean);
  return `You can have at most ${limit} of this product in your cart and unpaid orders together${parts.length ? ` (${parts.join(", ")})` : ""}.`;
}

/** Turns a refused cart change into its HTTP error. */
export function cartChangeError(change: Exclude<CartChange, { ok: true }>): HttpError {
  switch (change.reason) {
    case "unknown_product":
      return notFound("This product does not exist or is no longer sold.");
    case "not_in_cart":
      return notFound("This product is not in your cart.");
    case "unavailable":
      return new HttpError(409, "unavailable", "This product is no longer sold. Please remove it from your cart.");
    case "out_of_stock":
      return new HttpError(409, "out_of_stock", "This product is out of stock.");
    case "over_limit": {
      const message = limitMessage(change.limit, change.held, change.inCart);
      return new HttpError(409, "over_limit", message, { quantity: message });
    }
    case "insufficient_stock": {
      const message = stockMessage(change.available, change.inCart);
      return new HttpError(409, "insufficient_stock", message, { quantity: message });
    }
  }
}

export function cartApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .use(async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/", (c) => c.json(getCart(deps.db, signedInUser(c).id)))
    .post("/items", validJson(addToCartSchema), (c) => {
      const userId = signedInUser(c).id;
      const { productId, quantity } = c.req.valid("json");
      const change = addToCart(deps.db, userId, productId, quantity);
      if (!change.ok) throw cartChangeError(change);
      return c.json(getCart(deps.db, userId));
    })
    .patch("/items/:productId", validParams(cartItemParamSchema), validJson(cartQuantitySchema), (c) => {
      const userId = signedInUser(c).id;
      const { productId } = c.req.valid("param");
      const change = setCartQuantity(deps.db, userId, productId, c.req.valid("json").quantity);
      if (!change.ok) throw cartChangeError(change);
      return c.json(getCart(deps.db, userId));
    })
    .delete("/items/:productId", validParams(cartItemParamSchema), (c) => {
      const userId = signedInUser(c).id;
      if (!removeFromCart(deps.db, userId, c.req.valid("param").productId)) throw cartChangeError({ ok: false, reason: "not_in_cart" });
      return c.json(getCart(deps.db, userId));
    });
}
