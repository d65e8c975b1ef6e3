/**
 * Someone follows the unsubscribe link of a back-in-stock e-mail and presses one of its buttons
 * (POST /wishlist/unsubscribe): no sign-in, the sealed token names the customer and the product
 * (decision 046). The form is public, so it is limited per address: the token is what protects it,
 * the limit keeps floods out.
 */
import { readUnsubscribeToken, stopBackInStockMail, type BackInStockPreferences } from "../db/back-in-stock.server";
import type { AppDeps } from "../server/deps";
import { wishlistMessages } from "../shared/wishlist";
import { type ActionDeps, type ActionLimit, spendLimit } from "./action";

/** The unsubscribe form's presses per address, counted by the wishlist's limiter under the address, apart from any account's changes. */
export const unsubscribeLinkLimit: ActionLimit = {
  limiter: (limits) => limits.wishlist,
  key: (address) => `address:${address}`,
  message: wishlistMessages.rateLimited,
};

/**
 * Stops the back-in-stock e-mails the link names, about its product (`item`) or every product
 * (`all`), for a press from `address`; answers what is stopped now, or null for a token we did not
 * seal, an account that is gone, or no choice. Throws 429 past the limit.
 */
export function stopBackInStockMailFromLink(
  deps: Pick<ActionDeps, "db" | "limits"> & Pick<AppDeps, "secrets">,
  address: string,
  token: string,
  scope: "item" | "all" | null,
): BackInStockPreferences | null {
  spendLimit(deps, unsubscribeLinkLimit, address);
  const signed = readUnsubscribeToken(deps.secrets, token);
  return signed && scope ? stopBackInStockMail(deps.db, signed.userId, signed.productId, scope) : null;
}
