/**
 * A customer takes a product out of their cart (DELETE /api/cart/items/{id} from the cart island,
 * and the cart page's plain POST /cart/items/{id}/delete form). No limit of its own: it writes only
 * the customer's own cart and mails no one.
 */
import { getCart, removeFromCart } from "../db/cart.server";
import type { CartView } from "../shared/cart-view";
import type { ActionDeps } from "./action";
import { cartRefusal } from "./cart-refusal.server";

/** Removes `productId` from `userId`'s cart; answers the cart, or throws the `CartRefusal` "not_in_cart". */
export function removeCartItem(deps: Pick<ActionDeps, "db">, userId: string, productId: number): CartView {
  if (!removeFromCart(deps.db, userId, productId)) throw cartRefusal({ ok: false, reason: "not_in_cart" });
  return getCart(deps.db, userId);
}
