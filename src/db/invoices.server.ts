/**
 * Tax invoices (decision 033). `issueInvoice` runs inside the immediate transaction that records a
 * payment, so the number it takes (one more than the highest ever issued; rows are never deleted,
 * a trigger sees to it) is never shared and never reused, however many payments arrive at once.
 * The reads answer an invoice only to whoever may see it: the customer whose order or payment it
 * is, or the owner.
 */
import { and, desc, eq, max, sql } from "drizzle-orm";
import { formatInvoiceNumber, gstCharged, invoiceHeading, invoiceTitle, type InvoiceView } from "../domain/invoice";
import { centsToDecimal, toCents } from "../domain/pricing";
import { includedGstCents } from "../domain/totals";
import { paymentMethodLabel } from "../shared/admin-analytics";
import type { Settings } from "../shared/settings";
import type { Db } from "./client.server";
import { addressView, orderItemViews } from "./order-items.server";
import { prepared } from "./prepared.server";
import { invoices, orders, payments, users } from "./schema";

type Payment = typeof payments.$inferSelect;

type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** What an invoice is issued for: a shop order just paid, or a service payment just received. */
export type InvoiceSubject = { order: OrderRow } | { payment: Payment };

/**
 * Issues the invoice of `subject` with the next number and answers it; an order or payment that
 * has one already keeps it (marking paid again never issues a second). Call it only inside the
 * immediate transaction that records the payment.
 */
export function issueInvoice(db: Db, subject: InvoiceSubject, settings: Pick<Settings, "businessName" | "abn" | "gstEnabled">, now: Date): InvoiceRow {
  const existing =
    "order" in subject
      ? db.select().from(invoices).where(eq(invoices.orderId, subject.order.id)).get()
      : db.select().from(invoices).where(eq(invoices.paymentId, subject.payment.id)).get();
  if (existing) return existing;
  const last =
    db
      .select({ n: max(invoices.number) })
      .from(invoices)
      .get()?.n ?? 0;
  const money =
    "order" in subject
      ? { totalAmount: subject.order.totalAmount, taxAmount: subject.order.taxAmount, currency: subject.order.currency }
      : {
          totalAmount: subject.payment.amount,
          // GST only while the business has an ABN and GST is on (decision 068).
          taxAmount: gstCharged(settings) ? centsToDecimal(includedGstCents(toCents(subject.payment.amount) ?? 0)) : "0.00",
          currency: subject.payment.currency,
        };
  return db
    .insert(invoices)
    .values({
      number: last + 1,
      orderId: "order" in subject ? subject.order.id : null,
      paymentId: "payment" in subject ? subject.payment.id : null,
      businessName: settings.businessName,
      abn: settings.abn,
      ...money,
      issuedAt: now,
    })
    .returning()
    .get();
}

/** An order's invoice as its copies show it. */
function orderInvoiceView(db: Db, row: InvoiceRow, order: OrderRow): InvoiceView {
  const bill = addressView(order.billingAddress);
  return {
    ...invoiceHeading(row),
    reference: `Order ${order.orderNumber}`,
    billTo: [bill.name, bill.line1, ...(bill.line2 ? [bill.line2] : []), `${bill.suburb} ${bill.state} ${bill.postcode}`],
    lines: orderItemViews(db, order.id).map((i) => ({ description: i.name, quantity: i.quantity, unitPrice: i.unitPrice, total: i.totalPrice })),
    adjustments: [
      { label: "Subtotal", amount: order.subtotal },
      ...(Number(order.discountAmount) > 0 ? [{ label: "Discount", amount: `-${order.discountAmount}` }] : []),
      { label: "Shipping", amount: order.shippingAmount },
    ],
    paymentMethod: paymentMethodLabel(order.paymentMethod ?? ""),
    refunded: order.paymentStatus === "refunded",
  };
}

/** A service payment's invoice as its copies show it. */
function paymentInvoiceView(db: Db, row: InvoiceRow, payment: Payment): InvoiceView {
  const customer = payment.userId
    ? db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, payment.userId)).get()
    : undefined;
  const name = [customer?.firstName, customer?.lastName].filter(Boolean).join(" ");
  return {
    ...invoiceHeading(row),
    reference: `Payment ${payment.referenceCode}`,
    billTo: [...(name ? [name] : []), ...(payment.email ? [payment.email] : [])],
    lines: [{ description: payment.serviceName, quantity: 1, unitPrice: payment.amount, total: payment.amount }],
    adjustments: [],
    paymentMethod: payment.method === "paypal" ? "PayPal" : payment.method === "cash" ? "Cash deposit" : "Bank transfer or cryptocurrency",
    refunded: payment.status === "refunded",
  };
}

/** The view of an invoice row, or undefined when what it invoices is gone. */
function invoiceView(db: Db, row: InvoiceRow): InvoiceView | undefined {
  if (row.orderId !== null) {
    const order = db.select().from(orders).where(eq(orders.id, row.orderId)).get();
    return order ? orderInvoiceView(db, row, order) : undefined;
  }
  const payment = row.paymentId ? db.select().from(payments).where(eq(payments.id, row.paymentId)).get() : undefined;
  return payment ? paymentInvoiceView(db, row, payment) : undefined;
}

/** The invoice of the customer's order with this number; undefined for anyone else's order or one never paid. */
export function customerOrderInvoice(db: Db, userId: string, orderNumber: string): InvoiceView | undefined {
  const order = db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)))
    .get();
  const row = order ? db.select().from(invoices).where(eq(invoices.orderId, order.id)).get() : undefined;
  return row && order ? orderInvoiceView(db, row, order) : undefined;
}

/** The invoice of the customer's service payment with this reference code; undefined for anyone else's or one not paid. */
export function customerPaymentInvoice(db: Db, userId: string, referenceCode: string): InvoiceView | undefined {
  const payment = db
    .select()
    .from(payments)
    .where(and(eq(payments.referenceCode, referenceCode), eq(payments.userId, userId)))
    .get();
  if (!payment || payment.shopOrderId !== null) return undefined;
  const row = db.select().from(invoices).where(eq(invoices.paymentId, payment.id)).get();
  return row ? paymentInvoiceView(db, row, payment) : undefined;
}

/** Any invoice by its number, for the owner. */
export function invoiceByNumber(db: Db, n: number): InvoiceView | undefined {
  const row = db.select().from(invoices).where(eq(invoices.number, n)).get();
  return row ? invoiceView(db, row) : undefined;
}

/** The invoice numbers of an order and of a payment, for the owner's records ("INV-000042"), or null. */
export function orderInvoiceNumber(db: Db, orderId: number): string | null {
  const row = db.select({ n: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId)).get();
  return row ? formatInvoiceNumber(row.n) : null;
}
/** What an order's invoice is called ("Tax invoice" or "Invoice", as the invoice itself says), or null before it has one. */
export function orderInvoiceTitle(db: Db, orderId: number): string | null {
  const row = db.select({ abn: invoices.abn, taxAmount: invoices.taxAmount }).from(invoices).where(eq(invoices.orderId, orderId)).get();
  return row ? invoiceTitle(row) : null;
}
export function paymentInvoiceNumber(db: Db, paymentId: string): string | null {
  const row = db.select({ n: invoices.number }).from(invoices).where(eq(invoices.paymentId, paymentId)).get();
  return row ? formatInvoiceNumber(row.n) : null;
}

/** The customer's paid service payments (newest first) with their invoice numbers, for the dashboard. */
export function customerInvoicedPayments(
  db: Db,
  userId: string,
): {
  referenceCode: string;
  serviceName: string;
  amount: string;
  currency: string;
  paidAt: string;
  invoiceNumber: string;
  invoiceTitle: string;
  refunded: boolean;
}[] {
  // Prepared once: the dashboard runs it on every visit.
  return prepared(db, "customer-invoiced-payments", (d) =>
    d
      .select({
        referenceCode: payments.referenceCode,
        serviceName: payments.serviceName,
        amount: payments.amount,
        currency: payments.currency,
        paidAt: payments.paidAt,
        createdAt: payments.createdAt,
        status: payments.status,
        n: invoices.number,
        abn: invoices.abn,
        taxAmount: invoices.taxAmount,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(eq(payments.userId, sql.placeholder("userId")))
      .orderBy(desc(invoices.number))
      .prepare(),
  )
    .all({ userId })
    .map((p) => ({
      referenceCode: p.referenceCode,
      serviceName: p.serviceName,
      amount: p.amount,
      currency: p.currency,
      paidAt: (p.paidAt ?? p.createdAt).toISOString(),
      invoiceNumber: formatInvoiceNumber(p.n),
      invoiceTitle: invoiceTitle(p),
      refunded: p.status === "refunded",
    }));
}
