/**
 * A customer sets how many of a product their cart holds (PATCH /api/cart/items/{id} from the cart
 * island, and the cart page's plain POST /cart/items/{id} form), within the stock and the
 * per-customer limit. No limit of its own: it writes only the customer's own cart and mails no one.
 */
import { getCart, setCartQuantity } from "../db/cart.server";
import type { CartView } from "../shared/cart-view";
import type { ActionDeps } from "./action";
import { cartRefusal } from "./cart-refusal.server";

/** Sets `productId`'s quantity in `userId`'s cart; answers the cart, or throws the `CartRefusal`. */
export function changeCartQuantity(deps: Pick<ActionDeps, "db">, userId: string, productId: number, quantity: number): CartView {
  const change = setCartQuantity(deps.db, userId, productId, quantity);
  if (!change.ok) throw cartRefusal(change);
  return getCart(deps.db, userId);
}
