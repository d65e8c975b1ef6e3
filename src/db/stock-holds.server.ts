/**
 * Stock held by open unpaid orders (decision 024): what the per-customer limits count and what the
 * owner sees beside each product's stock. Read-only; callers that act on it call these inside their
 * own immediate transaction.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { unpaidStockHold } from "../domain/stock-limits";
import type { Db } from "./client.server";
import { orderItems, orders } from "./schema";

/** An order that holds stock without being paid, as SQL: built from the statuses `unpaidStockHold` names, the one definition. */
export const holdsUnpaidStockSql = sql`${inArray(orders.status, [...unpaidStockHold.status])} AND ${inArray(orders.paymentStatus, [...unpaidStockHold.paymentStatus])}`;

/** How many open unpaid orders the customer has. */
export function openUnpaidOrderCount(db: Db, userId: string): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(and(eq(orders.userId, userId), holdsUnpaidStockSql))
      .get()?.n ?? 0
  );
}

/** Units of each product held by open unpaid orders: the customer's own, or (no `userId`) everyone's. */
export function unitsHeldByUnpaidOrders(db: Db, opts: { userId?: string; productIds?: readonly number[] } = {}): Map<number, number> {
  if (opts.productIds?.length === 0) return new Map();
  const rows = db
    .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        holdsUnpaidStockSql,
        opts.userId === undefined ? undefined : eq(orders.userId, opts.userId),
        opts.productIds === undefined
          ? undefined
          : // For one customer, "+ 0" keeps SQLite on their orders (orders_user_idx) instead of walking
            // every item ever sold of the product (order_items_product_idx), which grows with the shop.
            inArray(opts.userId === undefined ? sql`${orderItems.productId}` : sql`${orderItems.productId} + 0`, [...opts.productIds]),
      ),
    )
    .groupBy(orderItems.productId)
    .all();
  const held = new Map<number, number>();
  for (const r of rows) if (r.productId !== null) held.set(r.productId, Number(r.units));
  return held;
}
