/**
 * The admin portal's shop orders (`/api/admin/orders`): the filtered, searched list a page at a
 * time, and one order as the owner sees it (the customer's view plus who the customer is, the
 * payment rows paying it, each history entry's admin, and the actions allowed now). The changes
 * themselves are `changeOrder` and `cancelOrder` in orders.server.ts.
 */
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { integer, type SQLiteColumn, sqliteTable, text } from "drizzle-orm/sqlite-core";
import {
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderRow,
  type AdminOrdersQuery,
  adminOrdersPageSize,
  allowedOrderActions,
} from "../shared/admin-orders";
import { type IdDocument, idDocuments } from "../shared/orders";
import { searchCountStatement, searchedTotal, searchTerms } from "./admin-search.server";
import type { AuditActor } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { type ChangeOrderResult, type OrderChangeEffects, orderView } from "./orders.server";
import { recordOrderRefund } from "./refunds.server";
import { prepared } from "./prepared.server";
import { exportBatchRows, openReadSnapshot } from "./read-snapshot.server";
import { type Address, admins, orderEvents, orderItems, orders, payments, users } from "./schema";

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

/**
 * "2 × GPS Tracker Pro; 1 × Bug Detector": each line's quantity and the name it was sold under, in
 * the order's own order, which order_items_order_idx gives without a sort (admin-search.test.ts).
 */
const soldName = sql`coalesce(json_extract(${orderItems.productSnapshot}, '$.name'), 'Product no longer listed')`;
const itemsSold = sql<string | null>`(select group_concat(line, '; ') from (select ${orderItems.quantity} || ' × ' || ${soldName} as line
  from ${orderItems} where ${orderItems.orderId} = ${orders.id} order by ${orderItems.id}))`;

/** The export's columns: the list's and the money, items (with their names), address and tracking beside them. */
const exportColumns = {
  ...rowColumns,
  id: orders.id,
  itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
  items: itemsSold,
  shippingAddress: orders.shippingAddress,
  subtotal: orders.subtotal,
  discountAmount: orders.discountAmount,
  shippingAmount: orders.shippingAmount,
  taxAmount: orders.taxAmount,
  trackingNumber: orders.trackingNumber,
  carrier: orders.carrier,
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
 * The orders' trigram index (migration 0039): each order's number and its customer's e-mail and
 * "first last" name (`customer`, the two on separate lines) under a rowid that sorts like the list
 * (placing time, then id), with the order's id beside it. A virtual table the migrations keep, so it
 * is declared here rather than in schema.ts.
 */
const ordersSearch = sqliteTable("orders_search", {
  rowid: integer("rowid").notNull(),
  orderId: integer("order_id").notNull(),
  number: text("number").notNull(),
  customer: text("customer").notNull(),
});

/**
 * What a search matches (decision 053). Through the index (`indexed`), the orders whose number or
 * customer contains the search; a search that is an order number (PI-…, whose `query` then names
 * the number column only) matches no customer. A search of one or two characters is shorter than a
 * trigram: it is looked for with LIKE (which folds ASCII case; the searcher's % and _ are escaped) in
 * the same texts, with the same answers (`customers` 0 for an order number); the search can hold no
 * line break, so it never matches across the e-mail and the name.
 */
function matchCondition(indexed: boolean): SQL {
  if (indexed) return sql`${ordersSearch} match ${sql.placeholder("query")}`;
  const like = (column: SQLiteColumn) => sql`${column} like ${sql.placeholder("pattern")} escape '\\'`;
  return sql`(${like(ordersSearch.number)} or (${sql.placeholder("customers")} and ${like(ordersSearch.customer)}))`;
}

/**
 * A search's statements within the filters, each prepared once per connection: a page, the count
 * (which stops at its `limit`) and a batch of the CSV export (the orders after the one last read,
 * none for the first batch). Each walks the index newest first and reads each match's order and
 * customer, so a page reads its own rows and nothing past them.
 */
function searchStatements(db: Db, f: Filters, indexed: boolean) {
  return prepared(db, `admin-orders-search-${filterKey(f)}${indexed ? "-indexed" : ""}`, (d) => {
    const where = and(matchCondition(indexed), ...filterConditions(f));
    const newestFirst = desc(ordersSearch.rowid);
    // The index's key of the order last read, as migration 0039 makes it (past any key before the first batch).
    const after = sql`${ordersSearch.rowid} < coalesce(${sql.placeholder("afterCreated")} * 1000000 + ${sql.placeholder("afterId")} % 1000000, 9223372036854775807)`;
    return {
      page: d
        .select(rowColumns)
        .from(ordersSearch)
        .innerJoin(orders, eq(orders.id, ordersSearch.orderId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(newestFirst)
        .limit(adminOrdersPageSize)
        .offset(sql.placeholder("offset"))
        .prepare(),
      // Without a filter the index alone is counted; a filter reads each match's order.
      count: searchCountStatement(d, (rows) =>
        f.status || f.payment
          ? rows.from(ordersSearch).innerJoin(orders, eq(orders.id, ordersSearch.orderId)).where(where)
          : rows.from(ordersSearch).where(where),
      ),
      batch: d
        .select(exportColumns)
        .from(ordersSearch)
        .innerJoin(orders, eq(orders.id, ordersSearch.orderId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(and(where, after))
        .orderBy(newestFirst)
        .limit(sql.placeholder("limit"))
        .prepare(),
    };
  });
}

/** "PI-7KQ4", "pi-7kq4-m2xd": the start of an order number, which no e-mail or name looks like. */
const looksLikeOrderNumber = (search: string) => /^pi-[0-9a-z]{0,4}(-[0-9a-z]{0,4})?$/i.test(search);

/** A search's parameters for `searchStatements`: whether it goes through the index, and its text as the statements take it. */
function searchParams(search: string) {
  const { text, indexed, phrase, pattern } = searchTerms(search);
  const customers = !looksLikeOrderNumber(text);
  const params = indexed ? { query: customers ? phrase : `number : ${phrase}` } : { pattern, customers: customers ? 1 : 0 };
  return { indexed, params };
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
  const { rows, ...total } = db.$client.transaction(() => {
    if (search === "") {
      const list = listStatements(db, filters);
      const params = { status, payment, offset };
      return { rows: list.page.all(params), total: Number(list.total.get(params)?.n ?? 0), totalCapped: false };
    }
    const { indexed, params } = searchParams(search);
    const statements = searchStatements(db, filters, indexed);
    const rows = statements.page.all({ ...params, status, payment, offset });
    return { rows, ...searchedTotal(offset, (limit) => statements.count.get({ ...params, status, payment, limit })?.n ?? 0) };
  })();
  return {
    orders: rows.map(toAdminOrderRow),
    ...total,
    page,
    pageSize: adminOrdersPageSize,
  };
}

/** One order of the export: the list's columns and the money, items, address and tracking beside them. */
export type AdminOrderExportRow = AdminOrderRow & {
  itemCount: number;
  /** Each line as "2 × GPS Tracker Pro", joined with "; ". */
  items: string;
  shippingAddress: Address;
  subtotal: string;
  discountAmount: string;
  shippingAmount: string;
  taxAmount: string;
  trackingNumber: string | null;
  /** Who carries the parcel (`shared/orders.ts` carriers), when it was recorded. */
  carrier: string | null;
};

/**
 * Every order matching the list's filters and search (the page is ignored), newest first, for the
 * CSV export, `batchSize` orders at a time, all read from one snapshot of the database
 * (read-snapshot.server.ts), so whoever takes the batches may let other requests run between them
 * and still gets the orders as they were when the first batch was read. Each batch walks on from
 * the order the previous one ended at, in the list's own order: orders_created_idx without a
 * search, the search index with one (`searchStatements`, the list's own matching).
 */
export async function* exportAdminOrders(db: Db, query: AdminOrdersQuery, batchSize = exportBatchRows): AsyncGenerator<AdminOrderExportRow[], void, undefined> {
  const { status, payment, search } = query;
  const filters = { status: status !== null, payment: payment !== null };
  const snapshot = openReadSnapshot(db);
  try {
    const searching = search === "" ? null : searchParams(search);
    const batch = searching ? searchStatements(snapshot.db, filters, searching.indexed).batch : null;
    let last: { createdAt: Date; id: number } | undefined;
    for (;;) {
      const rows = batch
        ? batch.all({ ...searching?.params, status, payment, limit: batchSize, afterCreated: last?.createdAt.getTime() ?? null, afterId: last?.id ?? null })
        : snapshot.db
            .select(exportColumns)
            .from(orders)
            .leftJoin(users, eq(users.id, orders.userId))
            .where(and(...filterConditions(filters), last && sql`(${orders.createdAt}, ${orders.id}) < (${last.createdAt.getTime()}, ${last.id})`))
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(batchSize)
            .all({ status, payment });
      if (rows.length > 0) {
        yield rows.map((r) => ({
          ...toAdminOrderRow(r),
          itemCount: Number(r.itemCount),
          items: r.items ?? "",
          shippingAddress: r.shippingAddress,
          subtotal: r.subtotal,
          discountAmount: r.discountAmount,
          shippingAmount: r.shippingAmount,
          taxAmount: r.taxAmount,
          trackingNumber: r.trackingNumber,
          carrier: r.carrier,
        }));
      }
      last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
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
      verification: row.verifiedAt
        ? {
            document: (idDocuments as readonly string[]).includes(row.verifiedDocument ?? "") ? (row.verifiedDocument as IdDocument) : null,
            by: row.verifiedBy,
            at: row.verifiedAt.toISOString(),
          }
        : null,
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
 * audit entry, the customer's e-mail), its refund row and its completed payment rows marked refunded, in one
 * IMMEDIATE transaction. The payment rows change only when the order could be refunded.
 */
export function recordPayPalRefund(
  db: Db,
  orderId: number,
  note: string,
  admin: AuditActor,
  now = new Date(),
  mail?: OrderChangeEffects,
  providerRefundId?: string,
): ChangeOrderResult {
  return immediate(db, () => {
    const result = recordOrderRefund(db, orderId, { status: "completed", providerRefundId, note, admin }, now, mail);
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
