/**
 * The owner's list of service payments and payment requests (`/api/admin/payments`), newest first
 * through `payments_created_idx`, and marking a payment request paid: the one change the owner
 * makes by hand, since the money for a request (instructions, cash deposit) arrives outside the site.
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { formatInvoiceNumber } from "../domain/invoice";
import { type PaymentStatus, paymentActionOutcome } from "../domain/payment";
import { type AdminPayment, type AdminPaymentList, type AdminPaymentsQuery, adminPaymentsPageSize } from "../shared/admin-payments";
import { type AuditActor, recordAudit } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { issueInvoice } from "./invoices.server";
import { getSettings } from "./settings.server";
import { orders, paymentCounts, payments, users } from "./schema";

/** The list's filter, over the payments or over their kept counts (`payment_counts`), which have the same two columns. */
function filterConditions(
  query: AdminPaymentsQuery,
  columns: { status: SQLiteColumn; method: SQLiteColumn } = { status: payments.status, method: payments.method },
): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(columns.status, query.status));
  if (query.method) conditions.push(eq(columns.method, query.method));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const rowColumns = {
  id: payments.id,
  referenceCode: payments.referenceCode,
  serviceName: payments.serviceName,
  amount: payments.amount,
  currency: payments.currency,
  method: payments.method,
  email: payments.email,
  firstName: users.firstName,
  lastName: users.lastName,
  accountEmail: users.email,
  status: payments.status,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  markedPaidBy: payments.markedPaidBy,
  orderNumber: orders.orderNumber,
  // Spelled out: inside sql`` Drizzle leaves columns unqualified.
  invoice: sql<number | null>`(SELECT i.number FROM invoices i WHERE i.payment_id = "payments"."id" OR i.order_id = "payments"."shop_order_id")`,
};

/** A row of `rowColumns`: the user and the order are left joins, so their columns may be null. */
type PaymentRow = Omit<
  typeof payments.$inferSelect,
  "userId" | "serviceId" | "providerOrderId" | "providerCaptureId" | "shopOrderId" | "bookingId" | "updatedAt"
> & {
  firstName: string | null;
  lastName: string | null;
  accountEmail: string | null;
  orderNumber: string | null;
  invoice: number | null;
};

function toAdminPayment(r: PaymentRow): AdminPayment {
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
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
    markedPaidBy: r.markedPaidBy,
    orderNumber: r.orderNumber,
    invoiceNumber: r.invoice === null ? null : formatInvoiceNumber(r.invoice),
  };
}

/**
 * One page of payments, newest first, and how many match in all, from the kept counts (one
 * transaction, so they agree).
 */
export function listAdminPayments(db: Db, query: AdminPaymentsQuery): AdminPaymentList {
  const { page } = query;
  const where = filterConditions(query);
  const { rows, total } = db.$client.transaction(() => ({
    rows: db
      .select(rowColumns)
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .leftJoin(orders, eq(orders.id, payments.shopOrderId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(adminPaymentsPageSize)
      .offset((page - 1) * adminPaymentsPageSize)
      .all(),
    // The kept counts per status and method (payment_counts, migration 0040), not a count of every payment.
    total:
      db
        .select({ n: sql<number>`coalesce(sum(${paymentCounts.n}), 0)` })
        .from(paymentCounts)
        .where(filterConditions(query, { status: paymentCounts.status, method: paymentCounts.method }))
        .get()?.n ?? 0,
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
 * not one already paid) can be.
 */
export function markPaymentRequestPaid(db: Db, id: string, actor: AuditActor, now = new Date()): MarkPaymentPaidResult {
  return immediate(db, (): MarkPaymentPaidResult => {
    const before = db.select().from(payments).where(eq(payments.id, id)).get();
    if (!before) return { ok: false, reason: "not_found" };
    const outcome = paymentActionOutcome({ status: before.status, method: before.method, forShopOrder: before.shopOrderId !== null }, "mark_paid");
    if (!outcome.ok) return { ok: false, reason: "not_allowed", message: outcome.message };
    const completed = outcome.to;
    const paid = db
      .update(payments)
      .set({ status: completed, paidAt: now, markedPaidBy: actor.username, updatedAt: now })
      .where(eq(payments.id, id))
      .returning()
      .get();
    if (paid) issueInvoice(db, { payment: paid }, getSettings(db), now);
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

/** One payment as the list shows it, or undefined. */
export function adminPayment(db: Db, id: string): AdminPayment | undefined {
  const r = db
    .select(rowColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(orders, eq(orders.id, payments.shopOrderId))
    .where(eq(payments.id, id))
    .get();
  return r ? toAdminPayment(r) : undefined;
}
