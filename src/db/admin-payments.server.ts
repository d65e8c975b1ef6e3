/**
 * The owner's list of every payment (`/api/admin/payments`), shop and service, newest first, and
 * marking a payment request paid: the one change the owner makes by hand on a payment, since the
 * money for a request (instructions, cash deposit) arrives outside the site.
 */
import { and, eq, sql } from "drizzle-orm";
import { formatInvoiceNumber } from "../domain/invoice";
import { type BookingClosed, type PaymentStatus, paymentActionOutcome } from "../domain/payment";
import { type AdminPayment, type AdminPaymentList, type AdminPaymentsQuery, adminPaymentsPageSize } from "../shared/admin-payments";
import { type AuditActor, recordAudit } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { issueInvoice } from "./invoices.server";
import { bookingClosedTo, closeOpenPayments } from "./payments.server";
import { getSettings } from "./settings.server";
import { prepared } from "./prepared.server";
import { paymentCounts, payments } from "./schema";

/**
 * Every payment the business has taken or asked for, as one list: the rows of `payments` (service
 * payments and requests, booking payments, PayPal captures of shop orders) and the shop orders the
 * owner marked paid by hand (bank transfer, cash deposit, cryptocurrency), which are recorded on the
 * order itself and have no payment row. An order with a completed or refunded payment row (a PayPal
 * capture) is that row, never listed twice. An order's payment reads as `completed`, or `refunded`
 * once the order is, and takes its paid time as its own.
 */
const orderPaymentStatus = `CASE o.payment_status WHEN 'refunded' THEN 'refunded' WHEN 'refund_owed' THEN 'refund_owed' ELSE 'completed' END`;
const orderPaymentMethod = `coalesce(o.payment_method, 'manual')`;
const paidByHandOrders = `o.paid_at IS NOT NULL AND o.payment_status IN ('paid', 'refunded', 'refund_owed')
  AND NOT EXISTS (SELECT 1 FROM payments p2 WHERE p2.shop_order_id = o.id AND p2.status IN ('completed', 'refunded'))`;

/**
 * Why the booking a payment row pays takes no more money, as `bookingClosedTo` decides it
 * (db/payments.server.ts), so the list offers "Mark paid" exactly when the server accepts it:
 * cancelled, paid by another payment of the same thing to pay, or a PayPal payment being checked.
 */
const sameThingToPaySql = "q.booking_id = p.booking_id AND q.instalment_number IS p.instalment_number AND q.id != p.id";
const bookingClosedSql = `CASE WHEN p.booking_id IS NULL THEN NULL
      WHEN (SELECT b.status FROM bookings b WHERE b.id = p.booking_id) = 'cancelled' THEN 'cancelled'
      WHEN EXISTS (SELECT 1 FROM payments q WHERE ${sameThingToPaySql} AND q.status = 'completed') THEN 'paid'
      WHEN EXISTS (SELECT 1 FROM payments q WHERE ${sameThingToPaySql} AND q.status IN ('review', 'unknown')) THEN 'checking'
    END`;

type Filters = { status: boolean; method: boolean };
const filterKey = (f: Filters) => `${f.status ? "s" : ""}${f.method ? "m" : ""}`;

/** The payment rows' part, newest first, read through payments_created_idx up to the page's end. */
function paymentRowsSql(f: Filters): string {
  const where = [f.status && "p.status = $status", f.method && "p.method = $method"].filter(Boolean);
  return `SELECT p.id AS id, p.reference_code AS referenceCode, p.service_name AS serviceName, p.amount AS amount, p.currency AS currency,
      p.method AS method, p.email AS email, u.first_name AS firstName, u.last_name AS lastName, u.email AS accountEmail, p.status AS status,
      p.created_at AS createdAt, p.paid_at AS paidAt, p.marked_paid_by AS markedPaidBy, o.order_number AS orderNumber,
      (SELECT i.number FROM invoices i WHERE i.payment_id = p.id OR i.order_id = p.shop_order_id) AS invoice,
      ${bookingClosedSql} AS bookingClosed, p.booking_id IS NOT NULL AS forBooking
    FROM payments p LEFT JOIN users u ON u.id = p.user_id LEFT JOIN orders o ON o.id = p.shop_order_id
    ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY p.created_at DESC, p.id DESC LIMIT $end`;
}

/** The conditions on orders paid by hand for a filter of the list. */
function orderConditions(f: Filters): string {
  return [paidByHandOrders, f.status && `${orderPaymentStatus} = $status`, f.method && `${orderPaymentMethod} = $method`].filter(Boolean).join(" AND ");
}

/** The orders paid by hand, as payments: newest payment first, up to the page's end. */
function orderRowsSql(f: Filters): string {
  return `SELECT o.order_number AS id, o.order_number AS referenceCode, 'Order ' || o.order_number AS serviceName, o.total_amount AS amount,
      o.currency AS currency, ${orderPaymentMethod} AS method, NULL AS email, u.first_name AS firstName, u.last_name AS lastName,
      u.email AS accountEmail, ${orderPaymentStatus} AS status, o.paid_at AS createdAt, o.paid_at AS paidAt,
      (SELECT a.username FROM order_events e JOIN admins a ON a.id = e.admin_id
        WHERE e.order_id = o.id AND e.actor = 'admin' AND e.payment_status = 'paid' ORDER BY e.id LIMIT 1) AS markedPaidBy,
      o.order_number AS orderNumber, (SELECT i.number FROM invoices i WHERE i.order_id = o.id) AS invoice, NULL AS bookingClosed, 0 AS forBooking
    FROM orders o LEFT JOIN users u ON u.id = o.user_id
    WHERE ${orderConditions(f)}
    ORDER BY o.paid_at DESC, o.id DESC LIMIT $end`;
}

/**
 * The list's statements for a filter, each prepared once per connection: a page (each part read
 * newest first only as far as the page's end, then the two merged) and how many orders paid by
 * hand match (the payment rows' count is kept in payment_counts).
 */
function listStatements(db: Db, f: Filters) {
  return prepared(db, `admin-payments-list-${filterKey(f)}`, (d) => ({
    page: d.$client.query<RawPaymentRow, Record<string, string | number>>(
      `SELECT * FROM (SELECT * FROM (${paymentRowsSql(f)}) UNION ALL SELECT * FROM (${orderRowsSql(f)}))
        ORDER BY createdAt DESC, id DESC LIMIT $limit OFFSET $offset`,
    ),
    orders: d.$client.query<{ n: number }, Record<string, string>>(`SELECT count(*) AS n FROM orders o WHERE ${orderConditions(f)}`),
  }));
}

/** A row of the list as SQLite gives it: instants in milliseconds. */
type RawPaymentRow = {
  id: string;
  referenceCode: string;
  serviceName: string;
  amount: string;
  currency: string;
  method: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  accountEmail: string | null;
  status: string;
  createdAt: number;
  paidAt: number | null;
  markedPaidBy: string | null;
  orderNumber: string | null;
  invoice: number | null;
  bookingClosed: BookingClosed;
  forBooking: number;
};

function toAdminPayment(r: RawPaymentRow): AdminPayment {
  return {
    id: r.id,
    referenceCode: r.referenceCode,
    serviceName: r.serviceName,
    amount: r.amount,
    currency: r.currency,
    method: r.method,
    email: r.email ?? r.accountEmail,
    customerName: [r.firstName, r.lastName].filter(Boolean).join(" ") || null,
    status: r.status as PaymentStatus,
    createdAt: new Date(r.createdAt).toISOString(),
    paidAt: r.paidAt === null ? null : new Date(r.paidAt).toISOString(),
    markedPaidBy: r.markedPaidBy,
    orderNumber: r.orderNumber,
    invoiceNumber: r.invoice === null ? null : formatInvoiceNumber(r.invoice),
    bookingClosed: r.bookingClosed,
    forBooking: r.forBooking === 1,
  };
}

/**
 * One page of every payment (payment rows and orders paid by hand), newest first, and how many
 * match in all: the payment rows from their kept counts, the orders counted. One transaction, so
 * they agree.
 */
export function listAdminPayments(db: Db, query: AdminPaymentsQuery): AdminPaymentList {
  const { page, status, method } = query;
  const filters = { status: status !== null, method: method !== null };
  const offset = (page - 1) * adminPaymentsPageSize;
  const params = { ...(status !== null ? { $status: status } : {}), ...(method !== null ? { $method: method } : {}) };
  const statements = listStatements(db, filters);
  const { rows, total } = db.$client.transaction(() => ({
    rows: statements.page.all({ ...params, $end: offset + adminPaymentsPageSize, $limit: adminPaymentsPageSize, $offset: offset }),
    total:
      // The kept counts per status and method (payment_counts, migration 0040), not a count of every payment.
      (db
        .select({ n: sql<number>`coalesce(sum(${paymentCounts.n}), 0)` })
        .from(paymentCounts)
        .where(and(...[status !== null && eq(paymentCounts.status, status), method !== null && eq(paymentCounts.method, method)].filter((c) => c !== false)))
        .get()?.n ?? 0) + (statements.orders.get(params)?.n ?? 0),
  }))();
  return {
    payments: rows.map(toAdminPayment),
    total,
    page,
    pageSize: adminPaymentsPageSize,
  };
}

export type MarkPaymentPaidResult = { ok: true } | { ok: false; reason: "not_found" } | { ok: false; reason: "not_allowed"; message: string };

/**
 * Marks a payment request paid: status `completed` and `paidAt` now, audited with the status
 * before and after, in one immediate transaction. The transition table (`domain/payment.ts`)
 * decides: only a request still `requested` (not a PayPal payment, not a shop order's payment,
 * not one already paid) can be, and a booking's only while the booking takes money (not
 * cancelled, not paid by another request). Any number of simultaneous marks of one booking's
 * requests record one payment and one invoice: the transaction takes the write lock before it
 * reads, and the booking's other open requests are closed with it.
 */
export function markPaymentRequestPaid(db: Db, id: string, actor: AuditActor, now = new Date()): MarkPaymentPaidResult {
  return immediate(db, (): MarkPaymentPaidResult => {
    const before = db.select().from(payments).where(eq(payments.id, id)).get();
    if (!before) return { ok: false, reason: "not_found" };
    const outcome = paymentActionOutcome(
      { status: before.status, method: before.method, forShopOrder: before.shopOrderId !== null, bookingClosed: bookingClosedTo(db, before) },
      "mark_paid",
    );
    if (!outcome.ok) return { ok: false, reason: "not_allowed", message: outcome.message };
    const completed = outcome.to;
    const paid = db
      .update(payments)
      .set({ status: completed, paidAt: now, markedPaidBy: actor.username, updatedAt: now })
      .where(and(eq(payments.id, id), eq(payments.status, before.status)))
      .returning()
      .get();
    if (!paid) throw new Error(`payment ${id} changed while it was being marked paid`);
    if (paid.bookingId !== null) closeOpenPayments(db, { bookingId: paid.bookingId, instalmentNumber: paid.instalmentNumber, exceptId: paid.id });
    issueInvoice(db, { payment: paid }, getSettings(db), now);
    recordAudit(
      db,
      actor,
      {
        kind: "payments",
        action: "payment.mark_paid",
        recordId: before.referenceCode,
        summary: `Marked payment request ${before.referenceCode} (${before.serviceName}, ${before.amount} ${before.currency}) paid.`,
        before: { status: before.status },
        after: { status: completed, paidAt: now.toISOString() },
      },
      now,
    );
    return { ok: true };
  });
}

/** One payment row as the list shows it, or undefined. */
export function adminPayment(db: Db, id: string): AdminPayment | undefined {
  const r = db.$client
    .query<RawPaymentRow, { $id: string }>(`SELECT * FROM (${paymentRowsSql({ status: false, method: false }).replace("LIMIT $end", "")}) WHERE id = $id`)
    .get({ $id: id });
  return r ? toAdminPayment(r) : undefined;
}
