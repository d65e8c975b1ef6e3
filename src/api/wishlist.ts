/**
 * The signed-in customer's own wishlist.
 *
 *   GET    /api/wishlist                the wishlist at today's prices and stock
 *   POST   /api/wishlist                { productId } → 201 added, 200 when it was already there
 *   DELETE /api/wishlist/:productId     removes it
 *
 * 400 malformed id; 401 signed out; 404 unknown or withdrawn product, or not on the wishlist;
 * 409 the wishlist is full; 429 too many changes (per account, one budget with the plain forms:
 * src/actions/add-to-wishlist.server.ts).
 */
import { Hono } from "hono";
import { addWishlistItem } from "../actions/add-to-wishlist.server";
import { removeWishlistItem } from "../actions/remove-from-wishlist.server";
import { ownWishlist } from "../reads/wishlist.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { validJson, validParams } from "../server/validate";
import { addToWishlistSchema, wishlistParamSchema } from "../shared/wishlist";

export function wishlistApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .use(async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/", (c) => c.json(ownWishlist(deps, signedInUser(c).id)))
    .post("/", validJson(addToWishlistSchema), (c) => {
      const { created, wishlist } = addWishlistItem(deps, signedInUser(c).id, c.req.valid("json").productId);
      return c.json(wishlist, created ? 201 : 200);
    })
    .delete("/:productId", validParams(wishlistParamSchema), (c) => c.json(removeWishlistItem(deps, signedInUser(c).id, c.req.valid("param").productId)));
}
