/**
 * Refunds from the back office (decision 084): a booking's payment refunded from the payments list
 * (POST /api/admin/payments/{id}/refund, the password again), and a refund the owner sends by hand
 * as a task: owed, on the to-do list, the customer told it is on its way, and "we have sent your
 * refund" only once the owner marks it sent (POST /api/admin/refunds/{id}/sent) with the date.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, orderEvents, orders, outbox, payments, refunds } from "../../db/schema";
import { bookingPagePath } from "../../domain/booking";
import { businessToday } from "../../domain/slots";
import { formatDate } from "../../domain/format";
import { defaultSettings } from "../../shared/settings";
import type { AdminStats } from "../../shared/admin-stats";
import type { AdminTodo } from "../../shared/admin-todo";
import type { AdminPaymentList } from "../../shared/admin-payments";
import { adminTokenFor, customerWithBooking, placedOrders } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import { errorOf } from "../../../tests/helpers/test-app";
import { adminAppPerTest } from "../../../tests/helpers/per-test";

const { t, admin } = adminAppPerTest();

let serial = 0;
/** A booking paid by bank transfer (a payment request the owner marked paid), for `amount`. */
async function bookingPaidByTransfer(amount = "328.00") {
  serial++;
  const email = `client${serial}@example.com`;
  const booked = customerWithBooking(t.db, email, { time: "free" });
  const payment = t.db
    .insert(payments)
    .values({
      userId: booked.userId,
      bookingId: booked.bookingId,
      serviceName: "Discreet Check Up",
      method: "instructions",
      amount,
      currency: "AUD",
      referenceCode: `PAY-BANK-${String(serial).padStart(4, "2")}`,
      status: "requested",
    })
    .returning()
    .get();
  expect((await admin.json(`/api/admin/payments/${payment.id}/paid`)).status).toBe(200);
  return { ...booked, email, payment };
}

const today = () => businessToday(new Date(), defaultSettings.timezone);
const mailTo = (email: string) => t.db.select({ subject: outbox.subject, text: outbox.text }).from(outbox).where(eq(outbox.to, email)).all();
const paymentStatus = (id: string) => t.db.select({ s: payments.status }).from(payments).where(eq(payments.id, id)).get()?.s;
// Revenue is per currency (decision 086), never added across: the booking payments here are in AUD, the orders in the setting's USD.
const revenue = async (currency = "AUD") => (await admin.read<AdminStats>("/api/admin/stats")).revenue.find((r) => r.currency === currency)?.total ?? "0.00";
const refundsGroup = async () => (await admin.read<AdminTodo>("/api/admin/todo")).groups.find((g) => g.key === "refunds");

describe("POST /api/admin/payments/{id}/refund", () => {
  test("a bank transfer is a refund owed: on the to-do list with what the owner needs, the customer told it is on its way, not counted as revenue", async () => {
    expect(await revenue()).toBe("0.00");
    const { payment, email, reference } = await bookingPaidByTransfer();
    expect(await revenue()).toBe("328.00");
    const res = await admin.json(`/api/admin/payments/${payment.id}/refund`, { note: "Cancelled in time" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "owed", amount: "328.00", currency: "AUD" });
    expect(paymentStatus(payment.id)).toBe("refund_owed");
    // An owed refund is money going back: it leaves the revenue at once.
    expect(await revenue()).toBe("0.00");
    const mail = mailTo(email).find((m) => m.subject.includes("refund"));
    expect(mail?.subject).toBe(`Your refund for booking ${reference} is on its way`);
    expect(mail?.text).toContain("Your refund of $328.00 AUD for booking");
    expect(mail?.text).not.toMatch(/we have refunded/i);

    const group = await refundsGroup();
    expect(group?.count).toBe(1);
    const [item] = group?.items ?? [];
    expect(item?.label).toBe(`client${serial} · $328.00 AUD`);
    expect(item?.detail).toContain("Bank transfer or cryptocurrency");
    expect(item?.detail).toContain(payment.referenceCode);
    expect(item?.detail).toContain(email);
    expect(item?.detail).toContain("no bank details kept");
    expect(item?.markRefundSent).toEqual({ refundId: expect.any(String), today: today() });
    // The payments list filters them.
    const owed = await admin.read<AdminPaymentList>("/api/admin/payments?status=refund_owed");
    expect(owed.payments.map((p) => p.id)).toEqual([payment.id]);
    expect(t.db.select().from(auditLog).where(eq(auditLog.action, "payment.refund_owed")).all()).toHaveLength(1);
  });

  test("409 for a payment not completed, already owed, or not a booking's; 404 unknown; 400 a long note; the password again", async () => {
    const { payment } = await bookingPaidByTransfer();
    const request = t.db
      .insert(payments)
      .values({ serviceName: "Partner Check", method: "cash", amount: "148.00", referenceCode: "PAY-REQS-2222", status: "requested" })
      .returning()
      .get();
    const service = t.db
      .insert(payments)
      .values({ serviceName: "Partner Check", method: "cash", amount: "148.00", referenceCode: "PAY-SERV-2222", status: "completed" })
      .returning()
      .get();
    const long = await admin.json(`/api/admin/payments/${payment.id}/refund`, { note: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).fields?.note).toBeDefined();
    const stale = adminTokenFor(t.db, "owner", 11);
    const refused = await t.request(`/api/admin/payments/${payment.id}/refund`, {
      method: "POST",
      headers: { Authorization: stale.authorization, Origin: testOrigin, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("reauth_required");
    expect(paymentStatus(payment.id)).toBe("completed");

    expect((await admin.json(`/api/admin/payments/${payment.id}/refund`)).status).toBe(200);
    const again = await admin.json(`/api/admin/payments/${payment.id}/refund`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toContain("already owed");
    expect((await admin.json(`/api/admin/payments/${request.id}/refund`)).status).toBe(409);
    expect((await admin.json(`/api/admin/payments/${service.id}/refund`)).status).toBe(409);
    expect((await admin.json("/api/admin/payments/no-such-payment/refund")).status).toBe(404);
    expect(t.db.select().from(refunds).all()).toHaveLength(1);
  });
});

describe("a booking whose payment was paid back", () => {
  test("reads 'Refund on its way', then 'Refunded', and is not offered for payment again", async () => {
    const booked = await bookingPaidByTransfer();
    const status = async () => {
      const res = await t.request(bookingPagePath(booked.reference), { headers: { Cookie: booked.cookie } });
      expect(res.status).toBe(200);
      return await res.text();
    };
    expect((await admin.json(`/api/admin/payments/${booked.payment.id}/refund`, {})).status).toBe(200);
    const owedPage = await status();
    expect(owedPage).toContain("Refund on its way");
    expect(owedPage).not.toContain(">Pay now<");
    expect(owedPage).toContain("We are refunding your payment: it is on its way");
    const again = await t.request("/api/payment-requests", {
      method: "POST",
      headers: { Cookie: booked.cookie, "Content-Type": "application/json", Origin: testOrigin },
      body: JSON.stringify({ bookingId: booked.bookingId, method: "instructions" }),
    });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("This booking's payment was refunded, so it cannot be paid again here. Please contact us.");

    const refundId = t.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, booked.payment.id)).get()?.id;
    expect((await admin.json(`/api/admin/refunds/${refundId}/sent`, { sentOn: today() })).status).toBe(200);
    const sentPage = await status();
    expect(sentPage).toContain("Refunded");
    expect(sentPage).toContain("Your payment was refunded, as we e-mailed you.");
  });
});

describe("POST /api/admin/refunds/{id}/sent", () => {
  test("marks an owed refund sent on the date given: the payment refunded, audited, the customer told it was sent on that date; only once", async () => {
    const { payment, email, reference } = await bookingPaidByTransfer();
    expect((await admin.json(`/api/admin/payments/${payment.id}/refund`)).status).toBe(200);
    const refundId = (await refundsGroup())?.items[0]?.markRefundSent?.refundId ?? "";

    const tomorrow = new Date(Date.now() + 36 * 3600_000);
    const future = await admin.json(`/api/admin/refunds/${refundId}/sent`, { sentOn: businessToday(tomorrow, defaultSettings.timezone) });
    expect(future.status).toBe(400);
    expect((await errorOf(future)).fields?.sentOn).toBe("The date the refund was sent cannot be later than today.");
    for (const sentOn of ["", "yesterday", "2026-02-30"]) expect((await admin.json(`/api/admin/refunds/${refundId}/sent`, { sentOn })).status).toBe(400);
    expect(paymentStatus(payment.id)).toBe("refund_owed");
    expect(mailTo(email).filter((m) => m.subject.startsWith("Refund sent"))).toHaveLength(0);

    const sentOn = today();
    const res = await admin.json(`/api/admin/refunds/${refundId}/sent`, { sentOn });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ refundId, status: "sent", sentOn });
    expect(paymentStatus(payment.id)).toBe("refunded");
    expect(t.db.select().from(refunds).where(eq(refunds.id, refundId)).get()).toMatchObject({ status: "sent", sentOn, sentBy: "owner" });
    const sent = mailTo(email).find((m) => m.subject.startsWith("Refund sent"));
    expect(sent?.subject).toBe(`Refund sent for booking ${reference}`);
    expect(sent?.text).toContain(`We have sent your refund of $328.00 AUD for booking ${reference} on ${formatDate(sentOn)}.`);
    expect(t.db.select().from(auditLog).where(eq(auditLog.action, "payment.refund_sent")).get()?.summary).toContain(`sent on ${sentOn}`);
    expect((await refundsGroup())?.count).toBe(0);

    const twice = await admin.json(`/api/admin/refunds/${refundId}/sent`, { sentOn });
    expect(twice.status).toBe(409);
    expect((await admin.json("/api/admin/refunds/no-such-refund/sent", { sentOn })).status).toBe(404);
  });
});

describe("refunding a bank-transfer order", () => {
  test("is a refund owed, not announced as made: the order 'Refund on its way' until marked sent, then refunded with the date", async () => {
    const [order] = placedOrders(t.db, "ann@example.com");
    if (!order) throw new Error("no order");
    expect((await admin.json(`/api/admin/orders/${order.orderNumber}/mark-paid`)).status).toBe(200);
    expect(await revenue("USD")).not.toBe("0.00");
    const res = await admin.json(`/api/admin/orders/${order.orderNumber}/refund`, { note: "Changed their mind" });
    expect(res.status).toBe(200);
    const row = () => t.db.select().from(orders).where(eq(orders.id, order.orderId)).get()!;
    expect(row()).toMatchObject({ status: "refunded", paymentStatus: "refund_owed" });
    expect(await revenue("USD")).toBe("0.00");
    const total = row().totalAmount;
    const amountText = `$${Number(total).toLocaleString("en-US", { minimumFractionDigits: 2 })} ${row().currency}`;
    const mails = mailTo("ann@example.com");
    expect(mails.map((m) => m.subject)).not.toContain(`Refund for order ${order.orderNumber}`);
    const onItsWay = mails.find((m) => m.subject === `Your refund for order ${order.orderNumber} is on its way`);
    expect(onItsWay?.text).toContain(`Your refund of ${amountText} for order ${order.orderNumber} is on its way.`);
    expect(mails.some((m) => /we have refunded/i.test(m.text))).toBe(false);

    const group = await refundsGroup();
    expect(group?.items[0]).toMatchObject({ label: expect.stringContaining(amountText), href: `/admin/orders/${order.orderNumber.toLowerCase()}` });
    expect(group?.items[0]?.detail).toContain("Bank transfer");
    const refundId = group?.items[0]?.markRefundSent?.refundId ?? "";
    const sentOn = today();
    expect((await admin.json(`/api/admin/refunds/${refundId}/sent`, { sentOn })).status).toBe(200);
    expect(row()).toMatchObject({ status: "refunded", paymentStatus: "refunded" });
    const history = t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.orderId)).all();
    expect(history.at(-1)).toMatchObject({ paymentStatus: "refunded", actor: "admin", note: `Refund sent on ${sentOn}` });
    expect(mailTo("ann@example.com").find((m) => m.subject === `Refund sent for order ${order.orderNumber}`)?.text).toContain(
      `We have sent your refund of ${amountText} for order ${order.orderNumber} on ${formatDate(sentOn)}.`,
    );
    expect(t.db.select().from(auditLog).where(eq(auditLog.action, "order.refund_sent")).all()).toHaveLength(1);
  });
});
