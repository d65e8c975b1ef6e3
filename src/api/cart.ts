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
import { addCartItem } from "../actions/add-to-cart.server";
import { changeCartQuantity } from "../actions/change-cart-quantity.server";
import { removeCartItem } from "../actions/remove-from-cart.server";
import { ownCart } from "../reads/cart.server";
import { addToCartSchema, cartItemParamSchema, cartQuantitySchema } from "../shared/cart";
import type { AppDeps, AppEnv } from "../server/deps";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { validJson, validParams } from "../server/validate";

export function cartApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .use(async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/", (c) => c.json(ownCart(deps, signedInUser(c).id)))
    .post("/items", validJson(addToCartSchema), (c) => {
      const { productId, quantity } = c.req.valid("json");
      return c.json(addCartItem(deps, signedInUser(c).id, productId, quantity));
    })
    .patch("/items/:productId", validParams(cartItemParamSchema), validJson(cartQuantitySchema), (c) =>
      c.json(changeCartQuantity(deps, signedInUser(c).id, c.req.valid("param").productId, c.req.valid("json").quantity)),
    )
    .delete("/items/:productId", validParams(cartItemParamSchema), (c) => c.json(removeCartItem(deps, signedInUser(c).id, c.req.valid("param").productId)));
}
