/**
 * A customer cancels their own order while nothing is paid or shipped (POST /api/orders/{number}/cancel
 * and the order page's plain form): the stock given back once, the customer told at their confirmed
 * address and, when the owner asked for it (`alertCustomerCancellations`), the business too. No
 * limit: an order is cancelled once, and placing orders is limited.
 */
import { cancelOwnOrder, customerOrder } from "../db/orders.server";
import { orderCancelMail } from "../mail/order-mail.server";
import type { OrderView } from "../shared/orders";
import type { AppDeps } from "../server/deps";
import { HttpError, notFound } from "../server/errors";
import { log } from "../server/log.server";
import type { ActionDeps } from "./action";

/** What the customer is told when the order went past the point where it could be cancelled. */
export const notCancellableMessage = "This order can no longer be cancelled: it has been paid, shipped or closed.";

/** Cancels `userId`'s order `orderNumber`; answers it cancelled, or throws 404 (not theirs) or 409 (paid, shipped or closed). */
export function cancelCustomerOrder(deps: ActionDeps & Pick<AppDeps, "secrets">, userId: string, orderNumber: string, now = new Date()): OrderView {
  // Products that come back into stock mail those who wished for them, with their own unsubscribe link.
  const result = cancelOwnOrder(deps.db, userId, orderNumber, orderCancelMail(deps, "customer"), now);
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound("Order not found.");
    throw new HttpError(409, "not_cancellable", notCancellableMessage);
  }
  deps.outbox.kick();
  log.info("order cancelled by customer", { orderNumber });
  const order = customerOrder(deps.db, userId, orderNumber);
  if (!order) throw notFound("Order not found.");
  return order;
}
