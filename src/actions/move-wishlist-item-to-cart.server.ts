/**
 * A customer moves a product from their wishlist into the cart (the wishlist page's plain
 * POST /wishlist/items/{id}/move form): one unit into the cart, within the stock and the
 * per-customer limit, then off the wishlist. It spends the wishlist budget.
 */
import { addToCart } from "../db/cart.server";
import { removeFromWishlist } from "../db/wishlist.server";
import { type ActionDeps, spendLimit } from "./action";
import { wishlistChangeLimit } from "./add-to-wishlist.server";
import { cartRefusal } from "./cart-refusal.server";

/** Moves one `productId` from `userId`'s wishlist into the cart, or throws the `CartRefusal` and leaves the wishlist as it was. */
export function moveWishlistItemToCart(deps: ActionDeps, userId: string, productId: number): void {
  spendLimit(deps, wishlistChangeLimit, userId);
  const change = addToCart(deps.db, userId, productId, 1);
  if (!change.ok) throw cartRefusal(change);
  removeFromWishlist(deps.db, userId, productId);
}
