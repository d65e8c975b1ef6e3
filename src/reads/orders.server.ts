/** What a customer sees of their own shop orders: the list, newest first, and one order by its number. */
import { customerOrder, customerOrders } from "../db/orders.server";
import type { OrderSummaryView, OrderView } from "../shared/orders";
import type { ReadDeps } from "./read";

/** The customer's own orders, newest first (at most `limit`). */
export function ownOrders(deps: ReadDeps, userId: string, limit?: number): OrderSummaryView[] {
  return customerOrders(deps.db, userId, limit);
}

/** The customer's own order with this number; undefined for anyone else's. */
export function ownOrder(deps: ReadDeps, userId: string, orderNumber: string): OrderView | undefined {
  return customerOrder(deps.db, userId, orderNumber);
}
