/**
 * The admin portal's shop orders (`/api/admin/orders`): the filtered, searched list a page at a
 * time, and one order as the owner sees it (the customer's view plus who the customer is, the
 * payment rows paying it, each history entry's admin, and the actions allowed now). The changes
 * themselves are `changeOrder` and `cancelOrder` in orders.server.ts.
 */
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderRow,
  type AdminOrdersQuery,
  adminOrdersPageSize,
  allowedOrderActions,
} from "../shared/admin-orders";
import { containsPattern, ftsPhrase, indexedSearchLength, userIdsMatchingPhrase } from "./admin-users.server";
import type { AuditActor } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { changeOrder, type ChangeOrderResult, type OrderMailContext, orderView } from "./orders.server";
import { prepared } from "./prepared.server";
import { exportBatchRows, openReadSnapshot } from "./read-snapshot.server";
import { admins, orderEvents, orderItems, orders, payments, users } from "./schema";

type OrderRow = typeof orders.$inferSelect;

const rowColumns = {
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  shippingName: sql<string | null>`json_extract(${orders.shippingAddress}, '$.name')`,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
};

/** The customer's account name, else the name the order ships to. */
function customerName(r: { firstName: string | null; lastName: string | null; shippingName: string | null; email: string | null }): string {
  return [r.firstName, r.lastName].filter(Boolean).join(" ") || r.shippingName || r.email || "Deleted customer";
}

type Filters = { status: boolean; payment: boolean };

/** The status and payment-status conditions of a list, as placeholders. */
function filterConditions(f: Filters): SQL[] {
  const conditions: SQL[] = [];
  if (f.status) conditions.push(sql`${orders.status} = ${sql.placeholder("status")}`);
  if (f.payment) conditions.push(sql`${orders.paymentStatus} = ${sql.placeholder("payment")}`);
  return conditions;
}

const filterKey = (f: Filters) => `${f.status ? "s" : ""}${f.payment ? "p" : ""}`;

/**
 * The page and the count of an unsearched list, each prepared once per connection. With no
 * filter, orders_created_idx gives the order, so only the page's rows are read.
 */
function listStatements(db: Db, f: Filters) {
  return prepared(db, `admin-orders-list-${filterKey(f)}`, (d) => {
    const where = and(...filterConditions(f));
    const page = d
      .select(rowColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(adminOrdersPageSize)
      .offset(sql.placeholder("offset"))
      .prepare();
    const total = d.select({ n: sql<number>`count(*)` }).from(orders).where(where).prepare();
    return { page, total };
  });
}

/**
 * A search as one statement that reads no order's row unless a filter needs it: the orders of the
 * customers whose e-mail or "first last" name contains the search (the trigram index users_search,
 * migration 0007, then orders_user_idx, which holds each order's time beside its id), and the
 * orders whose number contains it (the trigram index orders_search, migration 0030), newest first.
 * Counting is then the length of that list, and only the page's rows are read in full. A search of
 * one or two characters is shorter than a trigram: it scans with LIKE instead (which folds ASCII
 * case; the searcher's % and _ are escaped), with the same results. `customers` is 0 for a search
 * that is an order number (PI-…), which names no customer.
 */
function searchStatements(db: Db, f: Filters, indexed: boolean) {
  return prepared(db, `admin-orders-search-${filterKey(f)}${indexed ? "-indexed" : ""}`, (d) => {
    const like = (expr: SQL) => sql`${expr} like ${sql.placeholder("pattern")} escape '\\'`;
    const customerIds = indexed
      ? userIdsMatchingPhrase(sql.placeholder("phrase"))
      : sql`select ${users.id} from ${users} where ${like(sql`${users.email}`)} or ${like(sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`)}`;
    const byNumber = indexed
      ? sql`${orders.id} in (select rowid from orders_search where orders_search match ${sql.placeholder("phrase")})`
      : like(sql`${orders.orderNumber}`);
    const filters = filterConditions(f);
    const matching = d
      .select({ id: orders.id, createdAt: sql<number>`${orders.createdAt}` })
      .from(orders)
      .where(and(sql`${sql.placeholder("customers")}`, sql`${orders.userId} in (${customerIds})`, ...filters))
      .union(
        d
          .select({ id: orders.id, createdAt: sql<number>`${orders.createdAt}` })
          .from(orders)
          .where(and(byNumber, ...filters)),
      )
      .orderBy(sql`2 desc`, sql`1 desc`)
      .prepare();
    const rows = d
      .select(rowColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(sql`${orders.id} in (select value from json_each(${sql.placeholder("ids")}))`)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .prepare();
    return { matching, rows };
  });
}

/** "PI-7KQ4", "pi-7kq4-m2xd": the start of an order number, which no e-mail or name looks like. */
const looksLikeOrderNumber = (search: string) => /^pi-[0-9a-z]{0,4}(-[0-9a-z]{0,4})?$/i.test(search);

/**
 * The ids of the orders a search matches (by order number, or a customer's name or e-mail), newest
 * first, within the filters: the list pages them and the CSV export takes them all.
 */
function matchingOrderIds(
  db: Db,
  filters: { status: boolean; payment: boolean },
  q: { status: string | null; payment: string | null; search: string },
): number[] {
  const indexed = [...q.search].length >= indexedSearchLength;
  const text = indexed ? { phrase: ftsPhrase(q.search) } : { pattern: containsPattern(q.search) };
  return searchStatements(db, filters, indexed)
    .matching.all({ status: q.status, payment: q.payment, customers: looksLikeOrderNumber(q.search) ? 0 : 1, ...text })
    .map((o) => o.id);
}

/** A row of the orders list as the API answers it. */
function toAdminOrderRow(r: {
  orderNumber: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  shippingName: string | null;
  totalAmount: string;
  currency: string;
  status: AdminOrderRow["status"];
  paymentStatus: AdminOrderRow["paymentStatus"];
  paymentMethod: AdminOrderRow["paymentMethod"];
}): AdminOrderRow {
  return {
    orderNumber: r.orderNumber,
    createdAt: r.createdAt.toISOString(),
    customerName: customerName(r),
    customerEmail: r.email,
    totalAmount: r.totalAmount,
    currency: r.currency,
    status: r.status,
    paymentStatus: r.paymentStatus,
    paymentMethod: r.paymentMethod,
  };
}

/**
 * One page of orders, newest first (ties: the later placed first), filtered by status and payment
 * status and searched by order number, customer e-mail or name; and how many match in all. The
 * reads share one transaction, so they agree.
 */
export function listAdminOrders(db: Db, query: AdminOrdersQuery): AdminOrderList {
  const { page, status, payment, search } = query;
  const filters = { status: status !== null, payment: payment !== null };
  const offset = (page - 1) * adminOrdersPageSize;
  const { rows, total } = db.$client.transaction(() => {
    if (search === "") {
      const list = listStatements(db, filters);
      const params = { status, payment, offset };
      return { rows: list.page.all(params), total: Number(list.total.get(params)?.n ?? 0) };
    }
    const ids = matchingOrderIds(db, filters, { status, payment, search });
    const pageIds = ids.slice(offset, offset + adminOrdersPageSize);
    return { rows: pageIds.length > 0 ? searchStatements(db, filters, false).rows.all({ ids: JSON.stringify(pageIds) }) : [], total: ids.length };
  })();
  return {
    orders: rows.map(toAdminOrderRow),
    total,
    page,
    pageSize: adminOrdersPageSize,
  };
}

/** One order of the CSV export: the list's columns and the money, items and tracking beside them. */
export type AdminOrderExportRow = AdminOrderRow & {
  itemCount: number;
  subtotal: string;
  discountAmount: string;
  shippingAmount: string;
  taxAmount: string;
  trackingNumber: string | null;
};

/**
 * Every order matching the list's filters and search (the page is ignored), newest first, for the
 * CSV export, `batchSize` orders at a time, all read from one snapshot of the database
 * (read-snapshot.server.ts), so whoever takes the batches may let other requests run between them
 * and still gets the orders as they were when the first batch was read. A search's matches come
 * from the same statements as the list (so the file holds what the list shows) and are read a batch
 * of ids at a time; without a search each batch walks orders_created_idx on from where the
 * previous one stopped.
 */
export async function* exportAdminOrders(db: Db, query: AdminOrdersQuery, batchSize = exportBatchRows): AsyncGenerator<AdminOrderExportRow[], void, undefined> {
  const { status, payment, search } = query;
  const filters = { status: status !== null, payment: payment !== null };
  const snapshot = openReadSnapshot(db);
  try {
    const read = (where: SQL | undefined, params: Record<string, unknown>) =>
      snapshot.db
        .select({
          ...rowColumns,
          id: orders.id,
          itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
          subtotal: orders.subtotal,
          discountAmount: orders.discountAmount,
          shippingAmount: orders.shippingAmount,
          taxAmount: orders.taxAmount,
          trackingNumber: orders.trackingNumber,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(batchSize)
        .all(params);
    const toExportRow = (r: ReturnType<typeof read>[number]): AdminOrderExportRow => ({
      ...toAdminOrderRow(r),
      itemCount: Number(r.itemCount),
      subtotal: r.subtotal,
      discountAmount: r.discountAmount,
      shippingAmount: r.shippingAmount,
      taxAmount: r.taxAmount,
      trackingNumber: r.trackingNumber,
    });
    if (search !== "") {
      const ids = matchingOrderIds(snapshot.db, filters, { status, payment, search });
      const byIds = sql`${orders.id} in (select value from json_each(${sql.placeholder("ids")}))`;
      for (let from = 0; from < ids.length; from += batchSize) {
        yield read(byIds, { ids: JSON.stringify(ids.slice(from, from + batchSize)) }).map(toExportRow);
      }
      return;
    }
    let after: SQL | undefined;
    for (;;) {
      const rows = read(and(...filterConditions(filters), after), { status, payment });
      if (rows.length > 0) yield rows.map(toExportRow);
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
      after = sql`(${orders.createdAt}, ${orders.id}) < (${last.createdAt.getTime()}, ${last.id})`;
    }
  } finally {
    snapshot.end();
  }
}

/** The order row with this number, if there is one. */
export function adminOrderRow(db: Db, orderNumber: string): OrderRow | undefined {
  return db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get();
}

/** The order with this number as the owner sees it, or undefined. */
export function adminOrderDetail(db: Db, orderNumber: string): AdminOrderDetail | undefined {
  return db.$client.transaction(() => {
    const row = adminOrderRow(db, orderNumber);
    if (!row) return undefined;
    const view = orderView(db, row);
    const customer = row.userId
      ? db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, row.userId)).get()
      : undefined;
    const shippingName = row.shippingAddress.name;
    const paying = db
      .select({
        id: payments.id,
        method: payments.method,
        amount: payments.amount,
        currency: payments.currency,
        status: payments.status,
        referenceCode: payments.referenceCode,
        providerCaptureId: payments.providerCaptureId,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.shopOrderId, row.id))
      .orderBy(asc(payments.createdAt))
      .all();
    const history = db
      .select({
        status: orderEvents.status,
        paymentStatus: orderEvents.paymentStatus,
        actor: orderEvents.actor,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
        admin: admins.username,
      })
      .from(orderEvents)
      .leftJoin(admins, eq(admins.id, orderEvents.adminId))
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.id))
      .all();
    return {
      ...view,
      customer: {
        name: customerName({ firstName: customer?.firstName ?? null, lastName: customer?.lastName ?? null, email: customer?.email ?? null, shippingName }),
        email: customer?.email ?? null,
      },
      payments: paying.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
      history: history.map((e) => ({
        status: e.status,
        paymentStatus: e.paymentStatus,
        actor: e.actor,
        note: e.note,
        at: e.createdAt.toISOString(),
        admin: e.admin,
      })),
      actions: allowedOrderActions(row),
    };
  })();
}

/** The currency of the payment row that holds this PayPal capture of the order, if there is one. */
export function capturedPaymentCurrency(db: Db, orderId: number, captureId: string): string | undefined {
  return db
    .select({ currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.shopOrderId, orderId), eq(payments.providerCaptureId, captureId)))
    .get()?.currency;
}

/**
 * Records a refund PayPal has completed: the order refunded by the transition table (history note,
 * audit entry, the customer's e-mail) and its completed payment rows marked refunded, in one
 * IMMEDIATE transaction. The payment rows change only when the order could be refunded.
 */
export function recordPayPalRefund(db: Db, orderId: number, note: string, admin: AuditActor, now = new Date(), mail?: OrderMailContext): ChangeOrderResult {
  return immediate(db, () => {
    const result = changeOrder(db, orderId, { kind: "refund", note }, { actor: "admin", adminId: admin.id, audit: admin }, now, mail);
    if (result.ok) markOrderPaymentsRefunded(db, orderId, now);
    return result;
  });
}

/**
 * Marks the completed payment rows paying an order `refunded` (after PayPal refunded the capture).
 * Call inside the transaction that records the refund.
 */
export function markOrderPaymentsRefunded(db: Db, orderId: number, now = new Date()): number {
  return db
    .update(payments)
    .set({ status: "refunded", updatedAt: now })
    .where(and(eq(payments.shopOrderId, orderId), eq(payments.status, "completed")))
    .returning({ id: payments.id })
    .all().length;
}
