/**
 * A customer takes a product off their wishlist (DELETE /api/wishlist/{id} from the hearts and the
 * wishlist island, and the plain POST /wishlist/items/{id}/delete form), within the wishlist budget.
 */
import { getWishlist, removeFromWishlist } from "../db/wishlist.server";
import { wishlistMessages, type WishlistView } from "../shared/wishlist";
import { notFound } from "../server/errors";
import { type ActionDeps, spendLimit } from "./action";
import { wishlistChangeLimit } from "./add-to-wishlist.server";

/** Takes `productId` off `userId`'s wishlist; answers the wishlist, or throws 404 when it was not on it. */
export function removeWishlistItem(deps: ActionDeps, userId: string, productId: number): WishlistView {
  spendLimit(deps, wishlistChangeLimit, userId);
  if (!removeFromWishlist(deps.db, userId, productId)) throw notFound(wishlistMessages.notOnWishlist);
  return getWishlist(deps.db, userId);
}
