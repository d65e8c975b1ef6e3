/**
 * Shop orders: placing one from the customer's cart, and cancelling one with its stock given back
 * exactly once. Each runs in one synchronous IMMEDIATE transaction: the stock is read, checked and
 * taken (by an update guarded on the stock still being there) with no other writer in between.
 */
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { currentPriceCents } from "../domain/catalogue";
import {
  canChangeOrderStatus,
  newOrderNumber,
  orderTotals,
  restrictedForState,
  type OrderActor,
  type OrderPaymentStatus,
  type OrderStatus,
  type OrderTotals,
} from "../domain/order";
import { centsToDecimal } from "../domain/pricing";
import type { CheckoutInput, ShippingAddress } from "../shared/checkout";
import { cartRows } from "./cart.server";
import { immediate, type Db } from "./client.server";
import { publicDataChanged } from "./public-data.server";
import { cartItems, orderEvents, orderItems, orders, products, type Address } from "./schema";
import { getSettings } from "./settings.server";

/** What an order item keeps of its product, so history survives the product's change or deletion. */
export type ProductSnapshot = { name: string; slug: string; image: string; requiresVerification: boolean };

export type PlacedOrder = OrderTotals & {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  paymentMethod: string;
  holdExpiresAt: Date;
  items: { productId: number; name: string; quantity: number; unitPrice: string; totalPrice: string }[];
};

export type PlaceOrderResult =
  | { ok: true; order: PlacedOrder }
  | { ok: false; reason: "empty_cart" }
  /** Products that became unavailable or are short of stock: nothing was taken. */
  | { ok: false; reason: "unavailable"; products: { productId: number; name: string; available: number; requested: number }[] }
  /** Products that may not be shipped to the chosen state. */
  | { ok: false; reason: "restricted"; state: string; products: { productId: number; name: string }[] };

/** Thrown inside the transaction when a guarded stock update finds the stock gone: rolls everything back. */
class StockTaken extends Error {}

function storedAddress(a: ShippingAddress): Address {
  return { name: a.name, line1: a.line1, line2: a.line2 || undefined, city: a.suburb, state: a.state, postcode: a.postcode, country: "AU", phone: a.phone };
}

function unusedOrderNumber(db: Db): string {
  for (;;) {
    const candidate = newOrderNumber();
    const taken = db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, candidate)).get();
    if (!taken) return candidate;
  }
}

/**
 * Places an order from the customer's cart at today's prices: checks availability, stock and
 * restricted states, takes the stock, copies the items as snapshots, records the first history
 * entry and empties the cart, all in one transaction. An order with a product that needs an ID
 * check starts on hold.
 */
export function placeOrder(db: Db, userId: string, input: CheckoutInput, now = new Date()): PlaceOrderResult {
  let result: PlaceOrderResult;
  try {
    result = immediate(db, (): PlaceOrderResult => {
      const rows = cartRows(db, userId);
      if (rows.length === 0) return { ok: false, reason: "empty_cart" };
      const short = rows.filter((r) => !r.available || r.stockQuantity < r.quantity);
      if (short.length > 0) {
        return {
          ok: false,
          reason: "unavailable",
          products: short.map((r) => ({ productId: r.productId, name: r.name, available: r.available ? r.stockQuantity : 0, requested: r.quantity })),
        };
      }
      const state = input.shippingAddress.state;
      const restricted = restrictedForState(rows, state);
      if (restricted.length > 0) {
        return { ok: false, reason: "restricted", state, products: restricted.map((r) => ({ productId: r.productId, name: r.name })) };
      }

      const settings = getSettings(db);
      const lines = rows.map((r) => ({ row: r, unitCents: currentPriceCents(r), quantity: r.quantity }));
      const totals = orderTotals(lines, {
        freeShippingThreshold: settings.freeShippingThreshold,
        flatShippingFee: settings.flatShippingFee,
        gstEnabled: settings.gstEnabled,
        discountPercent: input.paymentMethod === "crypto" ? settings.cryptoDiscountPercent : 0,
      });
      for (const line of lines) {
        const taken = db
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} - ${line.quantity}`, updatedAt: now })
          .where(and(eq(products.id, line.row.productId), sql`${products.stockQuantity} >= ${line.quantity}`))
          .returning({ id: products.id })
          .all();
        if (taken.length === 0) throw new StockTaken();
      }

      const status: OrderStatus = rows.some((r) => r.requiresVerification) ? "on_hold" : "pending";
      const holdMs = input.paymentMethod === "paypal" ? settings.paypalOrderHoldMinutes * 60_000 : settings.manualOrderHoldDays * 86_400_000;
      const holdExpiresAt = new Date(now.getTime() + holdMs);
      const shipping = storedAddress(input.shippingAddress);
      const order = db
        .insert(orders)
        .values({
          userId,
          orderNumber: unusedOrderNumber(db),
          status,
          paymentStatus: "pending",
          paymentMethod: input.paymentMethod,
          ...totals,
          shippingAddress: shipping,
          billingAddress: input.billingAddress ? storedAddress(input.billingAddress) : shipping,
          notes: input.notes || null,
          holdExpiresAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id, orderNumber: orders.orderNumber })
        .get();
      const items = lines.map((l) => {
        const snapshot: ProductSnapshot = {
          name: l.row.name,
          slug: l.row.slug,
          image: l.row.image,
          requiresVerification: l.row.requiresVerification,
        };
        return {
          orderId: order.id,
          productId: l.row.productId,
          quantity: l.quantity,
          unitPrice: centsToDecimal(l.unitCents),
          totalPrice: centsToDecimal(l.unitCents * l.quantity),
          productSnapshot: snapshot,
          createdAt: now,
        };
      });
      db.insert(orderItems).values(items).run();
      db.insert(orderEvents).values({ orderId: order.id, status, paymentStatus: "pending", actor: "customer", note: "Order placed", createdAt: now }).run();
      db.delete(cartItems).where(eq(cartItems.userId, userId)).run();
      return {
        ok: true,
        order: {
          id: order.id,
          orderNumber: order.orderNumber,
          status,
          paymentStatus: "pending",
          paymentMethod: input.paymentMethod,
          holdExpiresAt,
          ...totals,
          items: items.map((i, n) => ({
            productId: i.productId,
            name: lines[n]?.row.name ?? "",
            quantity: i.quantity,
            unitPrice: i.unitPrice,
            totalPrice: i.totalPrice,
          })),
        },
      };
    });
  } catch (error) {
    // Checked above inside the same transaction, so this only happens if the check and the update disagree.
    if (error instanceof StockTaken) return { ok: false, reason: "unavailable", products: [] };
    throw error;
  }
  if (result.ok) publicDataChanged(db);
  return result;
}

export type CancelOrderResult = { ok: true } | { ok: false; reason: "not_found" | "not_allowed" };

/**
 * Cancels an order and gives its stock back, exactly once: the stock goes back only while
 * `stock_released_at` is unset, in the same transaction that sets it.
 */
export function cancelOrder(
  db: Db,
  orderId: number,
  by: { actor: OrderActor; adminId?: number; userId?: string; note?: string },
  now = new Date(),
): CancelOrderResult {
  const result = immediate(db, (): CancelOrderResult => {
    const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
    if (!order || (by.userId !== undefined && order.userId !== by.userId)) return { ok: false, reason: "not_found" };
    if (!canChangeOrderStatus(order.status, "cancelled", by.actor)) return { ok: false, reason: "not_allowed" };
    if (by.actor !== "admin" && order.paymentStatus === "paid") return { ok: false, reason: "not_allowed" };
    releaseStock(db, order.id, now);
    db.update(orders).set({ status: "cancelled", cancelledAt: now, updatedAt: now }).where(eq(orders.id, order.id)).run();
    db.insert(orderEvents)
      .values({
        orderId: order.id,
        status: "cancelled",
        paymentStatus: order.paymentStatus,
        actor: by.actor,
        adminId: by.adminId ?? null,
        note: by.note ?? null,
        createdAt: now,
      })
      .run();
    return { ok: true };
  });
  if (result.ok) publicDataChanged(db);
  return result;
}

/** Puts an order's items back on the shelf unless that already happened. Call inside a transaction. */
function releaseStock(db: Db, orderId: number, now: Date) {
  const claimed = db
    .update(orders)
    .set({ stockReleasedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id })
    .all();
  if (claimed.length === 0) return;
  const items = db.select({ productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)).all();
  for (const item of items) {
    if (item.productId === null) continue; // The product was deleted: there is no shelf to put it back on.
    db.update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${item.quantity}`, updatedAt: now })
      .where(eq(products.id, item.productId))
      .run();
  }
}

/** Orders whose hold on stock ran out unpaid: the ids the expiry job cancels. */
export function expiredUnpaidOrders(db: Db, now = new Date(), limit = 100): number[] {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(sql`${orders.status} IN ('pending', 'on_hold')`, sql`${orders.paymentStatus} IN ('pending', 'failed')`, lte(orders.holdExpiresAt, now)))
    .limit(limit)
    .all()
    .map((r) => r.id);
}
