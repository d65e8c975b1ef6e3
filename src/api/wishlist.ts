/**
 * The signed-in customer's own wishlist.
 *
 *   GET    /api/wishlist                the wishlist at today's prices and stock
 *   POST   /api/wishlist                { productId } → 201 added, 200 when it was already there
 *   DELETE /api/wishlist/:productId     removes it
 *
 * 400 malformed id; 401 signed out; 404 unknown or withdrawn product, or not on the wishlist;
 * 409 the wishlist is full; 429 too many changes (per account).
 */
import { Hono, type MiddlewareHandler } from "hono";
import { addToWishlist, getWishlist, removeFromWishlist, type WishlistAdd } from "../db/wishlist.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { HttpError, notFound } from "../server/errors";
import { rateLimit } from "../server/middleware/rate-limit";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { validJson, validParams } from "../server/validate";
import { addToWishlistSchema, wishlistMessages, wishlistParamSchema } from "../shared/wishlist";

/** Turns a refused addition into its HTTP error. */
export function wishlistAddError(result: Exclude<WishlistAdd, { ok: true }>): HttpError {
  return result.reason === "full" ? new HttpError(409, "wishlist_full", wishlistMessages.full) : notFound(wishlistMessages.unknownProduct);
}

export function wishlistApi(deps: AppDeps) {
  // Read at each request, so the limiter may be replaced (tests do).
  const limited: MiddlewareHandler<AppEnv> = (c, next) => rateLimit(deps.limits.wishlist, wishlistMessages.rateLimited, (cc) => signedInUser(cc).id)(c, next);
  return new Hono<AppEnv>()
    .use(requireUser)
    .use(async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/", (c) => c.json(getWishlist(deps.db, signedInUser(c).id)))
    .post("/", limited, validJson(addToWishlistSchema), (c) => {
      const userId = signedInUser(c).id;
      const result = addToWishlist(deps.db, userId, c.req.valid("json").productId);
      if (!result.ok) throw wishlistAddError(result);
      return c.json(getWishlist(deps.db, userId), result.created ? 201 : 200);
    })
    .delete("/:productId", limited, validParams(wishlistParamSchema), (c) => {
      const userId = signedInUser(c).id;
      if (!removeFromWishlist(deps.db, userId, c.req.valid("param").productId)) throw notFound(wishlistMessages.notOnWishlist);
      return c.json(getWishlist(deps.db, userId));
    });
}
