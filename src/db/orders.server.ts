/**
 * Shop orders: placing one from the customer's cart, and cancelling one with its stock given back
 * exactly once. Each runs in one synchronous IMMEDIATE transaction: the stock is read, checked and
 * taken (by an update guarded on the stock still being there) with no other writer in between.
 */
import { and, asc, desc, eq, isNull, lte, sql } from "drizzle-orm";
import { currentPriceCents } from "../domain/catalogue";
import {
  newOrderNumber,
  orderActionOutcome,
  orderMayBeCancelled,
  restrictedForState,
  type OrderActor,
  type OrderPaymentStatus,
  type OrderStatus,
} from "../domain/order";
import { pricedLines } from "../domain/cart";
import { centsToDecimal } from "../domain/pricing";
import { holdsUnpaidStock, linesOverProductLimit, mayOpenAnotherOrder } from "../domain/stock-limits";
import { lineCents, orderTotals, priceOrder, type OrderTotals } from "../domain/totals";
import type { CheckoutInput, ShippingAddress } from "../shared/checkout";
import {
  type Carrier,
  carrierLabels,
  type IdDocument,
  idDocumentLabels,
  orderCarrier,
  trackingUrl,
  type OrderAddressView,
  type OrderSummaryView,
  type OrderView,
} from "../shared/orders";
import { cartRows } from "./cart.server";
import { prepared } from "./prepared.server";
import { type BackInStockMailContext, queueBackInStockMail, stockLevels } from "./back-in-stock.server";
import { holdsUnpaidStockSql, openUnpaidOrderCount, unitsHeldByUnpaidOrders } from "./stock-holds.server";
import { type AuditActor, recordAudit } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { publicDataChanged } from "./public-data.server";
import { cartItems, orderEvents, orderItems, orders, products, users, type Address } from "./schema";
import { getSettings } from "./settings.server";
import { invoiceByNumber, issueInvoice, orderInvoiceNumber, orderInvoiceTitle } from "./invoices.server";
import type { InvoiceView } from "../domain/invoice";
import { addressView, orderItemViews, type ProductSnapshot } from "./order-items.server";

type OrderRow = typeof orders.$inferSelect;

/**
 * What the functions that change an order run inside the change's transaction besides the change,
 * given by whoever makes it (an action, PayPal's capture, the expiry job): `backInStock`, where the
 * notices of stock put back on the shelf link to; `onChanged`, the change's own mail
 * (`mail/order-mail.server.ts`). Without them nothing is queued.
 */
export type OrderChangeEffects = { backInStock?: BackInStockMailContext; onChanged?: (changed: OrderChanged) => void };

/** The customer of an order as its e-mails need them: their address and whether they proved it. */
export type OrderCustomer = { email: string; verified: boolean };

/**
 * An order just changed, as the change's mail callback sees it inside the change's transaction:
 * the order as its customer sees it, and its customer (null once the account is gone).
 */
export type OrderChanged = {
  orderId: number;
  view: OrderView;
  customer: OrderCustomer | null;
  /** The invoice the change issued (marking an order paid issues it), to go with its e-mail. */
  invoice?: InvoiceView;
};

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
  | { ok: true; order: PlacedOrder; view: OrderView }
  | { ok: false; reason: "empty_cart" }
  /** The customer has not confirmed their e-mail address yet: nothing was taken, the cart is kept. */
  | { ok: false; reason: "email_unverified" }
  /** The customer already has `limit` open unpaid orders. */
  | { ok: false; reason: "too_many_open_orders"; limit: number }
  /** Products of which the cart and the open unpaid orders together exceed the per-customer limit. */
  | { ok: false; reason: "product_limit"; limit: number; products: { productId: number; name: string; held: number; requested: number }[] }
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

export type OrderBlocker = { reason: "email_unverified" } | { reason: "too_many_open_orders"; limit: number };

/**
 * What keeps the customer from placing any order, whatever the cart holds (decision 024): an
 * unconfirmed e-mail address, or as many open unpaid orders as the setting allows. Null when nothing does.
 */
export function orderBlocker(db: Db, userId: string, settings = getSettings(db)): OrderBlocker | null {
  const customer = db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).get();
  if (!customer?.verifiedAt) return { reason: "email_unverified" };
  if (!mayOpenAnotherOrder(openUnpaidOrderCount(db, userId), settings)) return { reason: "too_many_open_orders", limit: settings.maxOpenOrders };
  return null;
}

/**
 * Places an order from the customer's cart at today's prices: checks the customer's verified
 * e-mail and stock limits (decision 024), availability, stock and restricted states, takes the stock, copies the items as snapshots, records the first history
 * entry and empties the cart, all in one transaction. An order with a product that needs an ID
 * check starts on hold. `onPlaced` runs inside that transaction once the order is written (its
 * mail); what it throws undoes the order.
 */
export function placeOrder(db: Db, userId: string, input: CheckoutInput, now = new Date(), onPlaced?: (placed: OrderChanged) => void): PlaceOrderResult {
  let result: PlaceOrderResult;
  try {
    result = immediate(db, (): PlaceOrderResult => {
      const rows = cartRows(db, userId);
      if (rows.length === 0) return { ok: false, reason: "empty_cart" };
      const settings = getSettings(db);
      const blocked = orderBlocker(db, userId, settings);
      if (blocked) return { ok: false, ...blocked };
      const short = rows.filter((r) => !r.available || r.stockQuantity < r.quantity);
      if (short.length > 0) {
        return {
          ok: false,
          reason: "unavailable",
          products: short.map((r) => ({ productId: r.productId, name: r.name, available: r.available ? r.stockQuantity : 0, requested: r.quantity })),
        };
      }
      const over = linesOverProductLimit(rows, unitsHeldByUnpaidOrders(db, { userId }), settings);
      if (over.length > 0) {
        return {
          ok: false,
          reason: "product_limit",
          limit: settings.maxUnitsPerProduct,
          products: over.map((r) => ({ productId: r.productId, name: r.name, held: r.held, requested: r.quantity })),
        };
      }
      const state = input.shippingAddress.state;
      const restricted = restrictedForState(rows, state);
      if (restricted.length > 0) {
        return { ok: false, reason: "restricted", state, products: restricted.map((r) => ({ productId: r.productId, name: r.name })) };
      }

      // Priced exactly as the checkout showed it; every row counts here, as none is short.
      const totals = orderTotals(priceOrder(pricedLines(rows, settings.maxUnitsPerProduct), input.paymentMethod, settings));
      const lines = rows.map((r) => ({ row: r, unitCents: currentPriceCents(r), quantity: r.quantity }));
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
          currency: settings.currency,
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
          totalPrice: centsToDecimal(lineCents(l)),
          productSnapshot: snapshot,
          createdAt: now,
        };
      });
      db.insert(orderItems).values(items).run();
      db.insert(orderEvents).values({ orderId: order.id, status, paymentStatus: "pending", actor: "customer", note: "Order placed", createdAt: now }).run();
      db.delete(cartItems).where(eq(cartItems.userId, userId)).run();
      const view = orderViewById(db, order.id);
      onPlaced?.({ orderId: order.id, view, customer: orderCustomer(db, order.id) });
      return {
        ok: true,
        view,
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

type CancelledBy = { actor: OrderActor; adminId?: number; userId?: string; note?: string; audit?: AuditActor };

/**
 * Cancels an order and gives its stock back, exactly once: the stock goes back only while
 * `stock_released_at` is unset, in the same transaction that sets it.
 */
export function cancelOrder(db: Db, orderId: number, by: CancelledBy, now = new Date(), effects?: OrderChangeEffects): CancelOrderResult {
  return cancelInTransaction(db, () => db.select().from(orders).where(eq(orders.id, orderId)).get(), by, now, effects);
}

/**
 * The customer cancels their own order `orderNumber` while nothing is paid or shipped: found,
 * checked and cancelled in one transaction, its stock given back once (`backInStock` mails those
 * who wished for a product that returns), and `onChanged` run inside it (its mail). not_found
 * for anyone else's order.
 */
export function cancelOwnOrder(db: Db, userId: string, orderNumber: string, effects?: OrderChangeEffects, now = new Date()): CancelOrderResult {
  const by: CancelledBy = { actor: "customer", userId, note: "Cancelled by the customer" };
  return cancelInTransaction(db, () => customerOrderRow(db, userId, orderNumber), by, now, effects);
}

/** The cancellation both ways share: the order `find` answers, checked by the transition table, in one transaction. */
function cancelInTransaction(db: Db, find: () => OrderRow | undefined, by: CancelledBy, now: Date, effects: OrderChangeEffects | undefined): CancelOrderResult {
  const result = immediate(db, (): CancelOrderResult => {
    const order = find();
    if (!order || (by.userId !== undefined && order.userId !== by.userId)) return { ok: false, reason: "not_found" };
    const outcome = orderActionOutcome(order, "cancel", by.actor);
    if (!outcome.ok) return { ok: false, reason: "not_allowed" };
    releaseStock(db, order.id, now, effects?.backInStock);
    const { status } = outcome.to;
    db.update(orders).set({ status, cancelledAt: now, cancelledBy: by.actor, updatedAt: now }).where(eq(orders.id, order.id)).run();
    db.insert(orderEvents)
      .values({
        orderId: order.id,
        status,
        paymentStatus: order.paymentStatus,
        actor: by.actor,
        adminId: by.adminId ?? null,
        note: by.note ?? null,
        createdAt: now,
      })
      .run();
    if (by.audit) {
      const after = { status, paymentStatus: order.paymentStatus };
      auditOrderChange(db, by.audit, order, "cancel", after, by.note, now);
    }
    effects?.onChanged?.({ orderId: order.id, view: orderViewById(db, order.id), customer: orderCustomer(db, order.id) });
    return { ok: true };
  });
  if (result.ok) publicDataChanged(db);
  return result;
}

/**
 * Puts an order's items back on the shelf unless that already happened. Call inside a transaction.
 * With `mail`, a product that comes back from no stock e-mails those who wished for it.
 */
function releaseStock(db: Db, orderId: number, now: Date, mail?: BackInStockMailContext) {
  const claimed = db
    .update(orders)
    .set({ stockReleasedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id })
    .all();
  if (claimed.length === 0) return;
  const items = db.select({ productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)).all();
  const before = stockLevels(
    db,
    items.flatMap((i) => (i.productId === null ? [] : [i.productId])),
  );
  for (const item of items) {
    if (item.productId === null) continue; // The product was deleted: there is no shelf to put it back on.
    db.update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${item.quantity}`, updatedAt: now })
      .where(eq(products.id, item.productId))
      .run();
  }
  if (mail) queueBackInStockMail(db, before, mail, now);
}

/** Orders whose hold on stock ran out unpaid: the ids the expiry job cancels. */
export function expiredUnpaidOrders(db: Db, now = new Date(), limit = 100): number[] {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(holdsUnpaidStockSql, lte(orders.holdExpiresAt, now)))
    .limit(limit)
    .all()
    .map((r) => r.id);
}

/** The customer's e-mail address for an order and whether they proved it (none once the account is gone). */
export function orderCustomer(db: Db, orderId: number): OrderCustomer | null {
  const row = db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .get();
  return row ? { email: row.email, verified: row.verifiedAt !== null } : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An order row as its customer sees it, with its items and history. */
export function orderView(db: Db, order: OrderRow): OrderView {
  const events = db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)).all();
  const open = holdsUnpaidStock(order);
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    subtotal: order.subtotal,
    discountAmount: order.discountAmount,
    shippingAmount: order.shippingAmount,
    taxAmount: order.taxAmount,
    totalAmount: order.totalAmount,
    currency: order.currency,
    invoiceNumber: orderInvoiceNumber(db, order.id),
    invoiceTitle: orderInvoiceTitle(db, order.id),
    items: orderItemViews(db, order.id),
    shippingAddress: addressView(order.shippingAddress),
    billingAddress: addressView(order.billingAddress),
    notes: order.notes,
    trackingNumber: order.trackingNumber,
    carrier: orderCarrier(order.carrier, order.trackingNumber),
    trackingUrl: trackingUrl(order.trackingNumber, orderCarrier(order.carrier, order.trackingNumber)),
    createdAt: order.createdAt.toISOString(),
    paidAt: iso(order.paidAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
    holdExpiresAt: open ? iso(order.holdExpiresAt) : null,
    canCancel: orderMayBeCancelled(order, "customer"),
    history: events.map((e) => ({ status: e.status, paymentStatus: e.paymentStatus, actor: e.actor, note: e.note, at: e.createdAt.toISOString() })),
  };
}

function orderViewById(db: Db, orderId: number): OrderView {
  const row = db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!row) throw new Error(`order ${orderId} not found`);
  return orderView(db, row);
}

/** The order with this number, if it is the customer's. */
export function customerOrderRow(db: Db, userId: string, orderNumber: string): OrderRow | undefined {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)))
    .get();
}

/** The customer's order with this number as they see it; undefined for anyone else's. */
export function customerOrder(db: Db, userId: string, orderNumber: string): OrderView | undefined {
  const row = customerOrderRow(db, userId, orderNumber);
  return row ? orderView(db, row) : undefined;
}

/**
 * The addresses of this customer's most recent order, to offer at the checkout: only their own
 * orders (by user id), whatever became of the order; undefined when they have none.
 */
export function lastOrderAddresses(db: Db, userId: string): { orderNumber: string; shipping: OrderAddressView; billing: OrderAddressView } | undefined {
  const row = db
    .select({ orderNumber: orders.orderNumber, shipping: orders.shippingAddress, billing: orders.billingAddress })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
    .get();
  return row ? { orderNumber: row.orderNumber, shipping: addressView(row.shipping), billing: addressView(row.billing) } : undefined;
}

/** The customer's orders, newest first (at most `limit`). */
export function customerOrders(db: Db, userId: string, limit = 50): OrderSummaryView[] {
  // Prepared once: the dashboard runs it on every visit.
  return prepared(db, "customer-orders", (d) =>
    d
      .select({
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        totalAmount: orders.totalAmount,
        currency: orders.currency,
        createdAt: orders.createdAt,
        trackingNumber: orders.trackingNumber,
        carrier: orders.carrier,
        // Spelled out: inside sql`` Drizzle leaves columns unqualified, and "id" would be the item's own.
        itemCount: sql<number>`(SELECT COALESCE(SUM(oi.quantity), 0) FROM order_items oi WHERE oi.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(eq(orders.userId, sql.placeholder("userId")))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  )
    .all({ userId, limit })
    .map((r) => {
      const carrier = orderCarrier(r.carrier, r.trackingNumber);
      return { ...r, carrier, createdAt: r.createdAt.toISOString(), trackingUrl: trackingUrl(r.trackingNumber, carrier), itemCount: Number(r.itemCount) };
    });
}

const orderAuditSummaries: Record<OrderChange["kind"] | "cancel", (orderNumber: string) => string> = {
  mark_paid: (n) => `Marked order ${n} paid`,
  verify: (n) => `Marked order ${n} verified`,
  ship: (n) => `Shipped order ${n}`,
  deliver: (n) => `Marked order ${n} delivered`,
  refund: (n) => `Refunded order ${n}`,
  cancel: (n) => `Cancelled order ${n}`,
};

/** " with StarTrack", " (passport sighted by owner)": what the audit log's line says of a shipment or an ID check. */
function auditedDetails(after: { carrier?: Carrier; document?: IdDocument; verifiedBy?: string }): string {
  if (after.carrier) return ` with ${after.carrier === "other" ? "another carrier" : carrierLabels[after.carrier]}`;
  if (after.document) return ` (${idDocumentLabels[after.document].toLowerCase()} sighted by ${after.verifiedBy ?? "an admin"})`;
  return "";
}

/** The audit entry of an admin's change to an order: its status and payment status before and after. Call inside the change's transaction. */
function auditOrderChange(
  db: Db,
  actor: AuditActor,
  order: OrderRow,
  kind: OrderChange["kind"] | "cancel",
  after: { status: OrderStatus; paymentStatus: OrderPaymentStatus; trackingNumber?: string; carrier?: Carrier; document?: IdDocument; verifiedBy?: string },
  note: string | undefined,
  now: Date,
): void {
  recordAudit(
    db,
    actor,
    {
      kind: "orders",
      action: `order.${kind}`,
      recordId: order.orderNumber,
      summary: `${orderAuditSummaries[kind](order.orderNumber)}${auditedDetails(after)}`,
      before: { status: order.status, paymentStatus: order.paymentStatus },
      after: note ? { ...after, note } : after,
    },
    now,
  );
}

/** What the owner (or, for payments, the site) does to an order, beside cancelling it. */
export type OrderChange =
  /** The payment arrived (a manual method marked by the owner, or a PayPal capture recorded by the site). */
  | { kind: "mark_paid"; note?: string; captureId?: string }
  /** The owner checked the customer's ID for an order on hold: the document sighted, and who saw it (an admin's username). */
  | { kind: "verify"; document?: IdDocument; verifiedBy?: string; note?: string }
  /** A normalised tracking number (`normaliseTrackingNumber`); Australia Post unless another carrier is named. */
  | { kind: "ship"; trackingNumber: string; carrier?: Carrier; note?: string }
  | { kind: "deliver"; note?: string }
  /**
   * The payment goes back to the customer: through PayPal when paid that way (by the caller), else
   * `owed`, the owner sending it by hand (payment status `refund_owed` until marked sent).
   */
  | { kind: "refund"; note?: string; owed?: boolean };

/** What the audit entry keeps of a change besides the statuses: the parcel's number and carrier, the document sighted and by whom. */
function changeDetails(change: OrderChange): { trackingNumber?: string; carrier?: Carrier; document?: IdDocument; verifiedBy?: string } {
  if (change.kind === "ship") return { trackingNumber: change.trackingNumber, carrier: change.carrier ?? "auspost" };
  if (change.kind === "verify")
    return { ...(change.document ? { document: change.document } : {}), ...(change.verifiedBy ? { verifiedBy: change.verifiedBy } : {}) };
  return {};
}

export type ChangeOrderResult = { ok: true; order: OrderView } | { ok: false; reason: "not_found" } | { ok: false; reason: "not_allowed"; message: string };

const notAllowed = (message: string): ChangeOrderResult => ({ ok: false, reason: "not_allowed", message });

/**
 * Applies one change to an order by the transition table, in one immediate transaction: checks it
 * is allowed from the order's current status and payment status, writes it, keeps it in the
 * history, and runs `effects.onChanged` (the customer's e-mail) inside it. A refund of an order not
 * yet shipped puts its items back on the shelf. Marking it paid issues its invoice, handed to the
 * callback with the order.
 */
export function changeOrder(
  db: Db,
  orderId: number,
  change: OrderChange,
  by: { actor: OrderActor; adminId?: number; audit?: AuditActor },
  now = new Date(),
  effects?: OrderChangeEffects,
): ChangeOrderResult {
  let stockMoved = false;
  const result = immediate(db, (): ChangeOrderResult => {
    const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
    if (!order) return { ok: false, reason: "not_found" };
    // The transition table decides, for the owner's request and the site's capture alike.
    const outcome = orderActionOutcome(order, change.kind, by.actor);
    if (!outcome.ok) return notAllowed(outcome.message);
    const { status } = outcome.to;
    // A refund the owner sends by hand ends the order but is owed until they mark it sent (decision 084).
    const paymentStatus = change.kind === "refund" && change.owed ? "refund_owed" : outcome.to.paymentStatus;
    const set: Partial<OrderRow> = { updatedAt: now };

    switch (change.kind) {
      case "mark_paid":
        Object.assign(set, { paidAt: now, holdExpiresAt: null, ...(change.captureId ? { paymentIntentId: change.captureId } : {}) });
        break;
      case "verify":
        Object.assign(set, { verifiedAt: now, verifiedDocument: change.document ?? null, verifiedBy: change.verifiedBy ?? null });
        break;
      case "ship":
        Object.assign(set, { trackingNumber: change.trackingNumber, carrier: change.carrier ?? "auspost", shippedAt: now });
        break;
      case "deliver":
        set.deliveredAt = now;
        break;
      case "refund":
        // Items that never left the shelf go back on sale.
        if (order.status === "processing" || order.status === "on_hold") {
          releaseStock(db, order.id, now, effects?.backInStock);
          stockMoved = true;
        }
        break;
    }

    db.update(orders)
      .set({ ...set, status, paymentStatus })
      .where(eq(orders.id, order.id))
      .run();
    db.insert(orderEvents)
      .values({ orderId: order.id, status, paymentStatus, actor: by.actor, adminId: by.adminId ?? null, note: change.note ?? null, createdAt: now })
      .run();
    if (by.audit) {
      const after = { status, paymentStatus, ...changeDetails(change) };
      auditOrderChange(db, by.audit, order, change.kind, after, change.note, now);
    }
    // The invoice takes its number in this transaction, so paid orders never share or skip one.
    const invoice = change.kind === "mark_paid" ? invoiceByNumber(db, issueInvoice(db, { order }, getSettings(db), now).number) : undefined;
    const view = orderViewById(db, order.id);
    effects?.onChanged?.({ orderId: order.id, view, customer: orderCustomer(db, order.id), ...(invoice ? { invoice } : {}) });
    return { ok: true, order: view };
  });
  if (stockMoved) publicDataChanged(db);
  return result;
}
