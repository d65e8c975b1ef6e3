/**
 * A customer puts a product on their wishlist (POST /api/wishlist from the hearts, and the heart's
 * plain POST /wishlist/items form). Every wishlist change, by either way in, spends one budget.
 */
import { addToWishlist, getWishlist } from "../db/wishlist.server";
import { wishlistMessages, type WishlistView } from "../shared/wishlist";
import { HttpError, notFound } from "../server/errors";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";

/** Sixty wishlist changes (add, remove, move to the cart) in ten minutes per customer. */
export const wishlistChangeLimit: ActionLimit = {
  limiter: (limits) => limits.wishlist,
  key: (userId) => userId,
  message: wishlistMessages.rateLimited,
};

/** Puts `productId` on `userId`'s wishlist; answers the wishlist and whether the product is new on it, or throws 404 (unknown) or 409 (full). */
export function addWishlistItem(deps: ActionDeps, userId: string, productId: number): { created: boolean; wishlist: WishlistView } {
  spendLimit(deps, wishlistChangeLimit, userId);
  const result = addToWishlist(deps.db, userId, productId);
  if (!result.ok) throw result.reason === "full" ? new HttpError(409, "wishlist_full", wishlistMessages.full) : notFound(wishlistMessages.unknownProduct);
  return { created: result.created, wishlist: getWishlist(deps.db, userId) };
}
