/**
 * A customer puts a product in their cart (POST /api/cart/items from the islands, and the plain
 * POST /cart/items form of the product pages): up to the stock and the per-customer limit counted
 * with their unpaid orders (decision 024). No limit of its own: it writes only the customer's own
 * cart and mails no one.
 */
import { addToCart, getCart } from "../db/cart.server";
import type { CartView } from "../shared/cart-view";
import type { ActionDeps } from "./action";
import { cartRefusal } from "./cart-refusal.server";

/** Adds `quantity` of `productId` to `userId`'s cart; answers the cart, or throws the `CartRefusal`. */
export function addCartItem(deps: Pick<ActionDeps, "db">, userId: string, productId: number, quantity: number): CartView {
  const change = addToCart(deps.db, userId, productId, quantity);
  if (!change.ok) throw cartRefusal(change);
  return getCart(deps.db, userId);
}
