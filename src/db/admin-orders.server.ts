/**
 * The admin portal's shop orders (`/api/admin/orders`): the filtered, searched list a page at a
 * time, and one order as the owner sees it (the customer's view plus who the customer is, the
 * payment rows paying it, each history entry's admin, and the actions allowed now). The changes
 * themselves are `changeOrder` and `cancelOrder` in orders.server.ts.
 */
import { and, asc, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import {
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderRow,
  type AdminOrdersQueryInput,
  adminOrdersPageSize,
  allowedOrderActions,
} from "../shared/admin-orders";
import { containsPattern } from "./admin-users.server";
import type { Db } from "./client.server";
import { orderView } from "./orders.server";
import { prepared } from "./prepared.server";
import { admins, orderEvents, orders, payments, users } from "./schema";

type OrderRow = typeof orders.$inferSelect;

const rowColumns = {
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  shippingName: sql<string | null>`json_extract(${orders.shippingAddress}, '$.name')`,
  totalAmount: orders.totalAmount,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
};

/** The customer's account name, else the name the order ships to. */
function customerName(r: { firstName: string | null; lastName: string | null; shippingName: string | null; email: string | null }): string {
  return [r.firstName, r.lastName].filter(Boolean).join(" ") || r.shippingName || r.email || "Deleted customer";
}

/**
 * Orders whose number, customer e-mail, customer first, last or full name, or shipping name
 * contains the pattern (LIKE folds ASCII case; the searcher's % and _ are escaped).
 */
function matchesSearch(pattern: Placeholder): SQL {
  const like = (expr: SQL | typeof orders.orderNumber) => sql`${expr} like ${pattern} escape '\\'`;
  return sql`(${sql.join(
    [
      like(orders.orderNumber),
      like(sql`${users.email}`),
      like(sql`${users.firstName}`),
      like(sql`${users.lastName}`),
      like(sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`),
      like(sql`json_extract(${orders.shippingAddress}, '$.name')`),
    ],
    sql` or `,
  )})`;
}

type Filters = { status: boolean; payment: boolean; search: boolean };

/**
 * The page and the count for one combination of filters, each prepared once per connection. With
 * no search and no filter, orders_created_idx gives the order, so only the page's rows are read.
 */
function statementsFor(db: Db, f: Filters) {
  const key = `admin-orders-${f.status ? "s" : ""}${f.payment ? "p" : ""}${f.search ? "q" : ""}`;
  return prepared(db, key, (d) => {
    const conditions: SQL[] = [];
    if (f.status) conditions.push(sql`${orders.status} = ${sql.placeholder("status")}`);
    if (f.payment) conditions.push(sql`${orders.paymentStatus} = ${sql.placeholder("payment")}`);
    if (f.search) conditions.push(matchesSearch(sql.placeholder("pattern")));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const page = d
      .select(rowColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(adminOrdersPageSize)
      .offset(sql.placeholder("offset"))
      .prepare();
    // The join is needed only when the search looks at the customer.
    const countQuery = d.select({ n: sql<number>`count(*)` }).from(orders);
    const total = (f.search ? countQuery.leftJoin(users, eq(users.id, orders.userId)) : countQuery).where(where).prepare();
    return { page, total };
  });
}

/**
 * One page of orders, newest first (ties: the later placed first), filtered by status and payment
 * status and searched; and how many match in all. The reads share one transaction, so they agree.
 */
export function listAdminOrders(db: Db, query: AdminOrdersQueryInput): AdminOrderList {
  const page = query.page ?? 1;
  const status = query.status || null;
  const payment = query.payment || null;
  const search = query.search || "";
  const filters = { status: status !== null, payment: payment !== null, search: search !== "" };
  const params = { status, payment, pattern: containsPattern(search), offset: (page - 1) * adminOrdersPageSize };
  const statements = statementsFor(db, filters);
  const { rows, total } = db.$client.transaction(() => ({
    rows: statements.page.all(params),
    total: statements.total.get(params)?.n ?? 0,
  }))();
  return {
    orders: rows.map(
      (r): AdminOrderRow => ({
        orderNumber: r.orderNumber,
        createdAt: r.createdAt.toISOString(),
        customerName: customerName(r),
        customerEmail: r.email,
        totalAmount: r.totalAmount,
        status: r.status,
        paymentStatus: r.paymentStatus,
        paymentMethod: r.paymentMethod,
      }),
    ),
    total: Number(total),
    page,
    pageSize: adminOrdersPageSize,
  };
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
