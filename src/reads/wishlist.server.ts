/**
 * What the wishlist shows: the customer's own list at today's prices and stock, and what the
 * unsubscribe link of a back-in-stock e-mail would stop (decision 046). That link works signed out:
 * its sealed token names the customer and the product (server/mail-links.server.ts).
 */
import { backInStockPreferences, readUnsubscribeToken, type BackInStockPreferences } from "../db/back-in-stock.server";
import { getWishlist } from "../db/wishlist.server";
import type { AppDeps } from "../server/deps";
import type { WishlistView } from "../shared/wishlist";
import type { ReadDeps } from "./read";

export type { BackInStockPreferences };

/** The customer's own wishlist, the latest wish first (GET /wishlist, GET /api/wishlist). */
export function ownWishlist(deps: ReadDeps, userId: string): WishlistView {
  return getWishlist(deps.db, userId);
}

/** The back-in-stock e-mails the link's customer gets now, or null for a token we did not seal or an account that is gone. */
export function unsubscribeLinkPreferences(deps: ReadDeps & Pick<AppDeps, "secrets">, token: string): BackInStockPreferences | null {
  const signed = readUnsubscribeToken(deps.secrets, token);
  return signed && backInStockPreferences(deps.db, signed.userId, signed.productId);
}
