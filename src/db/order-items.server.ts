/**
 * An order's items and addresses as the customer, the owner and the invoice show them. Its own
 * module because the order view and the tax invoice both read them, and orders in turn issue
 * invoices: kept in orders.server.ts it tied the two modules into an import loop.
 */
import { asc, eq } from "drizzle-orm";
import type { OrderAddressView, OrderItemView } from "../shared/orders";
import type { Db } from "./client.server";
import { type Address, orderItems } from "./schema";

/** What an order item keeps of its product, so history survives the product's change or deletion. */
export type ProductSnapshot = { name: string; slug: string; image: string; requiresVerification: boolean };

/** The order's items in the order they were placed, named from their snapshots. */
export function orderItemViews(db: Db, orderId: number): OrderItemView[] {
  const items = db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)).all();
  return items.map((i): OrderItemView => {
    const snap = i.productSnapshot as Partial<ProductSnapshot>;
    return {
      productId: i.productId,
      name: typeof snap.name === "string" ? snap.name : "Item",
      slug: typeof snap.slug === "string" ? snap.slug : null,
      image: typeof snap.image === "string" ? snap.image : null,
      requiresVerification: snap.requiresVerification === true,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      totalPrice: i.totalPrice,
    };
  });
}

/** A stored address as pages, e-mails and invoices show it. */
export function addressView(a: Address): OrderAddressView {
  return { name: a.name, line1: a.line1, line2: a.line2, suburb: a.city, state: a.state, postcode: a.postcode, phone: a.phone };
}
