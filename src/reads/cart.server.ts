/** What the cart shows, the page and the islands alike: its lines at today's prices and stock, priced with the settings. */
import { getCart } from "../db/cart.server";
import type { CartView } from "../shared/cart-view";
import type { ReadDeps } from "./read";

/** The customer's own cart (GET /cart, GET /api/cart). */
export function ownCart(deps: ReadDeps, userId: string): CartView {
  return getCart(deps.db, userId);
}
