/**
 * Refunds (decision 084): money going back for a booking's payment or a shop order. Each write is one
 * IMMEDIATE transaction holding the refund row, the payment's or order's new status, the audit entry
 * and (through the caller's callback) the customer's e-mail, so none is ever written without the
 * others. A PayPal refund is recorded once PayPal has made it (`completed`); any other is `owed`
 * until the owner marks it `sent`, with the date they sent it.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { bookingPagePath } from "../domain/booking";
import { paymentStatusLabels } from "../domain/payment";
import type { RefundStatus } from "../domain/refund";
import { orderPagePath } from "../shared/orders";
import { type AuditActor, recordAudit, recordSiteChange } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { changeOrder, type ChangeOrderResult, type OrderChangeEffects } from "./orders.server";
import { publicDataChanged } from "./public-data.server";
import { unverifyReviewsOfRefundedOrder } from "./reviews.server";
import { bookings, orderEvents, orders, payments, refunds, users } from "./schema";

/** Who refunds: an admin in the portal, or the site itself with the reason in the owner's words. */
export type RefundBy = { admin: AuditActor } | { site: string };

type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Where a refund's e-mail goes and what it names; `to` null when the customer has no proven address. */
export type RefundMailTarget = {
  to: string | null;
  /** "booking BK-7KQ4" or "order PI-7KQ4-M2XD". */
  subject: string;
  /** The page's path on the site. */
  path: string;
  amount: string;
  currency: string;
  method: string;
};

/** A payment row refunded here: a completed payment of a booking (the whole booking or an instalment). */
export function paymentToRefund(db: Db, paymentId: string): PaymentRow | undefined {
  return db.select().from(payments).where(eq(payments.id, paymentId)).get();
}

/** Why this payment may not be refunded (a 409's message), or null when it may. */
export function paymentRefundRefusal(payment: Pick<PaymentRow, "status" | "bookingId" | "shopOrderId">): string | null {
  if (payment.shopOrderId !== null) return "This payment is for a shop order: refund the order instead.";
  if (payment.bookingId === null) return "Only a booking's payment can be refunded here.";
  if (payment.status === "refunded") return "This payment has already been refunded.";
  if (payment.status === "refund_owed") return "A refund of this payment is already owed: mark it sent from the to-do list once you have sent it.";
  if (payment.status !== "completed") return `Only a completed payment can be refunded; this one is ${paymentStatusLabels[payment.status].toLowerCase()}.`;
  return null;
}

/** The customer of a user id as a refund's e-mail needs them: their address once proven. */
function provenEmail(db: Db, userId: string | null): string | null {
  if (!userId) return null;
  const row = db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).get();
  return row?.verifiedAt ? row.email : null;
}

/** Where a booking payment's refund mail goes and what it names. */
function paymentMailTarget(db: Db, payment: PaymentRow): RefundMailTarget {
  const booking = payment.bookingId
    ? db.select({ reference: bookings.reference, userId: bookings.userId }).from(bookings).where(eq(bookings.id, payment.bookingId)).get()
    : undefined;
  const reference = booking?.reference ?? null;
  return {
    to: provenEmail(db, payment.userId ?? booking?.userId ?? null),
    subject: reference ? `booking ${reference}` : `payment ${payment.referenceCode}`,
    path: reference ? bookingPagePath(reference) : "/dashboard",
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
  };
}

/** The audit entry of a refund, by an admin or by the site. Call inside the refund's transaction. */
function auditRefund(db: Db, by: RefundBy, entry: Parameters<typeof recordAudit>[2], now: Date): void {
  if ("admin" in by) recordAudit(db, by.admin, entry, now);
  else recordSiteChange(db, entry, now);
}

export type RecordPaymentRefundResult =
  | { ok: true; refund: RefundRow }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_allowed"; message: string };

/**
 * Records the refund of a booking's completed payment: `completed` (PayPal made it, with its id;
 * the payment becomes `refunded`) or `owed` (the owner sends it; the payment becomes `refund_owed`,
 * which no longer counts as money received). Refused, changing nothing, unless the payment is still
 * a completed booking payment. `onRecorded` (the customer's e-mail) runs inside the transaction.
 */
export function recordPaymentRefund(
  db: Db,
  input: { paymentId: string; status: Extract<RefundStatus, "owed" | "completed">; providerRefundId?: string; note?: string; by: RefundBy },
  now = new Date(),
  onRecorded?: (refund: RefundRow, target: RefundMailTarget) => void,
): RecordPaymentRefundResult {
  return immediate(db, (): RecordPaymentRefundResult => {
    const payment = paymentToRefund(db, input.paymentId);
    if (!payment) return { ok: false, reason: "not_found" };
    const refusal = paymentRefundRefusal(payment);
    if (refusal) return { ok: false, reason: "not_allowed", message: refusal };
    const reason = "site" in input.by ? [input.by.site, input.note].filter(Boolean).join(". ") : (input.note ?? null);
    const refund = db
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        status: input.status,
        providerRefundId: input.providerRefundId ?? null,
        reason: reason || null,
        createdAt: now,
        createdBy: "admin" in input.by ? input.by.admin.username : null,
      })
      .returning()
      .get();
    const after = input.status === "completed" ? "refunded" : "refund_owed";
    db.update(payments).set({ status: after, updatedAt: now }).where(eq(payments.id, payment.id)).run();
    const money = `${payment.amount} ${payment.currency}`;
    auditRefund(
      db,
      input.by,
      {
        kind: "payments",
        action: input.status === "completed" ? "payment.refund" : "payment.refund_owed",
        recordId: payment.referenceCode,
        summary:
          input.status === "completed"
            ? `Refunded payment ${payment.referenceCode} (${money}) through PayPal, refund ${input.providerRefundId ?? ""}.`
            : `Recorded a refund owed of payment ${payment.referenceCode} (${money}, paid by ${payment.method}).`,
        before: { status: payment.status },
        after: { status: after, refundId: refund.id, ...(refund.reason ? { reason: refund.reason } : {}) },
      },
      now,
    );
    onRecorded?.(refund, paymentMailTarget(db, payment));
    return { ok: true, refund };
  });
}

/** Where an order's refund mail goes and what it names. */
function orderMailTarget(db: Db, order: typeof orders.$inferSelect): RefundMailTarget {
  return {
    to: provenEmail(db, order.userId),
    subject: `order ${order.orderNumber}`,
    path: orderPagePath(order.orderNumber),
    amount: order.totalAmount,
    currency: order.currency,
    method: order.paymentMethod ?? "manual",
  };
}

/**
 * The refund of a shop order in one transaction with its refund row: through PayPal (`completed`,
 * the order's payment `refunded`) or owed (the order `refunded`, its payment `refund_owed` until the
 * owner sends it). The order's transition table decides; the row is written only when it allows.
 */
export function recordOrderRefund(
  db: Db,
  orderId: number,
  input: { status: Extract<RefundStatus, "owed" | "completed">; providerRefundId?: string; note?: string; admin: AuditActor },
  now = new Date(),
  effects?: OrderChangeEffects,
): ChangeOrderResult {
  let reviewsChanged = false;
  const outcome = immediate(db, () => {
    const before = db.select().from(orders).where(eq(orders.id, orderId)).get();
    const result = changeOrder(
      db,
      orderId,
      { kind: "refund", note: input.note, owed: input.status === "owed" },
      { actor: "admin", adminId: input.admin.id, audit: input.admin },
      now,
      effects,
    );
    if (!result.ok || !before) return result;
    if (unverifyReviewsOfRefundedOrder(db, orderId)) reviewsChanged = true;
    const refund = {
      amount: before.totalAmount,
      currency: before.currency,
      method: before.paymentMethod ?? "manual",
      status: input.status,
      providerRefundId: input.providerRefundId ?? null,
      reason: input.note ?? null,
      createdAt: now,
      createdBy: input.admin.username,
      sentOn: null,
      sentBy: null,
      sentAt: null,
    };
    // An order is refunded once (the table ends it); were one put back by hand and refunded again, its one refund row says the latest.
    db.insert(refunds)
      .values({ orderId, ...refund })
      .onConflictDoUpdate({ target: refunds.orderId, set: refund })
      .run();
    return result;
  });
  if (reviewsChanged) publicDataChanged(db);
  return outcome;
}

export type MarkRefundSentResult = { ok: true; refund: RefundRow } | { ok: false; reason: "not_found" } | { ok: false; reason: "not_allowed"; message: string };

/**
 * The owner sent a refund that was owed, on `sentOn` (YYYY-MM-DD, checked by the caller): the refund
 * `sent`, the payment or the order's payment `refunded` (the order's history says so), audited, and
 * `onSent` (the customer's e-mail) run inside the same transaction. Only an owed refund is marked sent.
 */
export function markRefundSent(
  db: Db,
  refundId: string,
  sentOn: string,
  admin: AuditActor,
  now = new Date(),
  onSent?: (refund: RefundRow, target: RefundMailTarget) => void,
): MarkRefundSentResult {
  return immediate(db, (): MarkRefundSentResult => {
    const before = db.select().from(refunds).where(eq(refunds.id, refundId)).get();
    if (!before) return { ok: false, reason: "not_found" };
    if (before.status === "sent") return { ok: false, reason: "not_allowed", message: `This refund was already marked sent on ${before.sentOn}.` };
    if (before.status === "completed") return { ok: false, reason: "not_allowed", message: "This refund was made through PayPal; there is nothing to send." };
    const refund = db
      .update(refunds)
      .set({ status: "sent", sentOn, sentBy: admin.username, sentAt: now })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, "owed")))
      .returning()
      .get();
    if (!refund) return { ok: false, reason: "not_allowed", message: "This refund is no longer owed." };
    const money = `${refund.amount} ${refund.currency}`;
    let target: RefundMailTarget | undefined;
    let recordId: string = refund.id;
    let kind: "payments" | "orders" = "payments";
    if (refund.paymentId) {
      const payment = paymentToRefund(db, refund.paymentId);
      db.update(payments)
        .set({ status: "refunded", updatedAt: now })
        .where(and(eq(payments.id, refund.paymentId), eq(payments.status, "refund_owed")))
        .run();
      if (payment) {
        recordId = payment.referenceCode;
        target = paymentMailTarget(db, payment);
      }
    } else if (refund.orderId !== null) {
      kind = "orders";
      const order = db.select().from(orders).where(eq(orders.id, refund.orderId)).get();
      if (order) {
        recordId = order.orderNumber;
        if (order.paymentStatus === "refund_owed") {
          db.update(orders).set({ paymentStatus: "refunded", updatedAt: now }).where(eq(orders.id, order.id)).run();
          db.insert(orderEvents)
            .values({
              orderId: order.id,
              status: order.status,
              paymentStatus: "refunded",
              actor: "admin",
              adminId: admin.id,
              note: `Refund sent on ${sentOn}`,
              createdAt: now,
            })
            .run();
        }
        target = orderMailTarget(db, order);
      }
    }
    recordAudit(
      db,
      admin,
      {
        kind,
        action: kind === "orders" ? "order.refund_sent" : "payment.refund_sent",
        recordId,
        summary: `Marked the refund of ${money} for ${recordId} sent on ${sentOn}.`,
        before: { status: before.status },
        after: { status: "sent", sentOn },
      },
      now,
    );
    if (target) onSent?.(refund, target);
    return { ok: true, refund };
  });
}

/** One refund owed, as the to-do list shows it: who, how much, how, the payment's reference, and what the site knows of where to send it. */
export type OwedRefund = {
  id: string;
  amount: string;
  currency: string;
  method: string;
  createdAt: Date;
  /** The booking's reference or the order's number, for the record's address. */
  bookingReference: string | null;
  bookingId: string | null;
  orderNumber: string | null;
  /** The customer's payment reference (PAY-…) or the order's number, which their transfer quoted. */
  paymentReference: string;
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
};

/** How many refunds are owed. */
export function owedRefundCount(db: Db): number {
  return db.select({ n: count() }).from(refunds).where(eq(refunds.status, "owed")).get()?.n ?? 0;
}

/** The refunds owed, oldest first (refunds_status_idx), up to `limit`. */
export function owedRefunds(db: Db, limit: number): OwedRefund[] {
  const owed = db.select().from(refunds).where(eq(refunds.status, "owed")).orderBy(asc(refunds.createdAt), asc(refunds.id)).limit(limit).all();
  return owed.map((r) => {
    const payment = r.paymentId ? paymentToRefund(db, r.paymentId) : undefined;
    const booking = payment?.bookingId
      ? db
          .select({ id: bookings.id, reference: bookings.reference, userId: bookings.userId, phone: bookings.contactPhone })
          .from(bookings)
          .where(eq(bookings.id, payment.bookingId))
          .get()
      : undefined;
    const order = r.orderId !== null ? db.select().from(orders).where(eq(orders.id, r.orderId)).get() : undefined;
    const userId = payment?.userId ?? booking?.userId ?? order?.userId ?? null;
    const user = userId
      ? db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).get()
      : undefined;
    const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ") || order?.shippingAddress.name || null;
    return {
      id: r.id,
      amount: r.amount,
      currency: r.currency,
      method: r.method,
      createdAt: r.createdAt,
      bookingReference: booking?.reference ?? null,
      bookingId: booking?.id ?? null,
      orderNumber: order?.orderNumber ?? null,
      paymentReference: payment?.referenceCode ?? order?.orderNumber ?? r.id,
      customerName: name,
      customerEmail: user?.email ?? payment?.email ?? null,
      customerPhone: booking?.phone ?? order?.shippingAddress.phone ?? null,
    };
  });
}

/** The refund of a payment, if one was recorded. */
export function refundOfPayment(db: Db, paymentId: string): RefundRow | undefined {
  return db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).get();
}

/** One refund, by its id. */
export function refundById(db: Db, id: string): RefundRow | undefined {
  return db.select().from(refunds).where(eq(refunds.id, id)).get();
}
