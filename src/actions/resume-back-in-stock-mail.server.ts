/**
 * A customer turns back-in-stock e-mail on again from the wishlist page (POST
 * /wishlist/items/{productId}/back-in-stock for one product, POST /wishlist/back-in-stock for all),
 * after turning it off from an e-mail's link (decision 046). No limit: it sends nothing and sets
 * one flag, as the account's e-mail choices do.
 */
import { resumeBackInStockMail as resumeMail } from "../db/back-in-stock.server";
import type { ActionDeps } from "./action";

/** Turns `userId`'s back-in-stock e-mail on again for `productId` on their wishlist, or for every product when null. */
export function resumeBackInStockMail(deps: Pick<ActionDeps, "db">, userId: string, productId: number | null): void {
  resumeMail(deps.db, userId, productId);
}
