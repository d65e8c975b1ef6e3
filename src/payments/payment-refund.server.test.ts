/**
 * Refunds of a booking's payment (`paymentRefunds`, decision 084): through PayPal's API for a
 * PayPal payment (checked by the stand-in against PayPal's published spec), as a refund owed for any
 * other; each audited, the customer told the truth, and a payment refunded only once.
 */
import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, outbox, payments, refunds } from "../db/schema";
import type { PaymentStatus } from "../domain/payment";
import { customerWithBooking } from "../../tests/factories";
import { standInCredentials } from "../../tests/helpers/paypal-stand-in";
import { adminClient } from "../../tests/helpers/admins";
import { payPalAppPerTest } from "../../tests/helpers/per-test";
import { errorOf } from "../../tests/helpers/test-app";
import { paymentRefunds } from "./payment-refund.server";
import { PayPalClient } from "./paypal.server";

const { standIn, t } = payPalAppPerTest({ delayMs: 0 });
beforeEach(() => {
  standIn.refunds.made.length = 0;
  standIn.refunds.behaviour = "ok";
});

let serial = 0;
/** A completed payment of a new booking by `method` (PayPal: captured through the stand-in first). */
async function paidBooking(method: string, opts: { status?: PaymentStatus; amount?: string; currency?: string } = {}) {
  serial++;
  const email = `client${serial}@example.com`;
  const booked = customerWithBooking(t.db, email, { time: "free" });
  const amount = opts.amount ?? "348.00";
  const currency = opts.currency ?? "AUD";
  const referenceCode = `PAY-RFND-${String(serial).padStart(4, "2")}`;
  let capture: { orderId: string; captureId: string } | null = null;
  if (method === "paypal") {
    const client = new PayPalClient({ ...standInCredentials, apiBase: standIn.url }, { retries: 0 });
    const created = await client.createOrder({
      requestId: `create-${serial}`,
      referenceCode,
      paymentId: referenceCode,
      description: "Booking",
      amount,
      currency,
    });
    const captured = await client.captureOrder(created.id, `capture-${serial}`);
    capture = { orderId: created.id, captureId: captured.capture?.id ?? "" };
  }
  const payment = t.db
    .insert(payments)
    .values({
      userId: booked.userId,
      bookingId: booked.bookingId,
      serviceName: "Discreet Check Up",
      method,
      amount,
      currency,
      referenceCode,
      providerOrderId: capture?.orderId ?? null,
      providerCaptureId: capture?.captureId ?? null,
      status: opts.status ?? "completed",
      paidAt: new Date(),
    })
    .returning()
    .get();
  return { ...booked, email, payment };
}

const owner = { admin: { id: 1, username: "owner" } };
const statusOf = (id: string) => t.db.select({ s: payments.status }).from(payments).where(eq(payments.id, id)).get()?.s;
const mailTo = (email: string) => t.db.select({ subject: outbox.subject, text: outbox.text }).from(outbox).where(eq(outbox.to, email)).all();
const auditOf = (recordId: string) => t.db.select().from(auditLog).where(eq(auditLog.recordId, recordId)).all();

describe("refunding a booking's payment", () => {
  test("PayPal: the whole capture refunded through PayPal's API with a request id, then recorded completed, audited and mailed", async () => {
    const { payment, email, reference } = await paidBooking("paypal");
    const result = await paymentRefunds(t.deps)(payment.id, owner, "Client cancelled in time");
    expect(result).toMatchObject({ ok: true, status: "completed" });
    const [made] = standIn.refunds.made;
    expect(made).toMatchObject({ captureId: payment.providerCaptureId, amount: "348.00", currency: "AUD", requestId: `refund-${payment.referenceCode}` });
    expect(standIn.violations).toEqual([]);
    expect(statusOf(payment.id)).toBe("refunded");
    const row = t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id)).get();
    expect(row).toMatchObject({ status: "completed", providerRefundId: made?.id, amount: "348.00", currency: "AUD", method: "paypal", createdBy: "owner" });
    const [mail] = mailTo(email);
    expect(mail?.subject).toBe(`Refund for booking ${reference}`);
    expect(mail?.text).toContain("We have refunded $348.00 AUD");
    expect(auditOf(payment.referenceCode).map((a) => a.action)).toEqual(["payment.refund"]);
    // Once: a second refund is refused before PayPal is asked again.
    expect(await paymentRefunds(t.deps)(payment.id, owner)).toMatchObject({ ok: false, reason: "not_allowed" });
    expect(standIn.refunds.made).toHaveLength(1);
  });

  test("bank transfer: a refund owed, the payment no longer counted as paid, the customer told it is on its way (not refunded)", async () => {
    const { payment, email, reference } = await paidBooking("instructions", { amount: "328.00" });
    const result = await paymentRefunds(t.deps)(payment.id, owner);
    expect(result).toMatchObject({ ok: true, status: "owed" });
    expect(standIn.refunds.made).toHaveLength(0);
    expect(statusOf(payment.id)).toBe("refund_owed");
    expect(t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id)).get()).toMatchObject({ status: "owed", sentOn: null });
    const [mail] = mailTo(email);
    expect(mail?.subject).toBe(`Your refund for booking ${reference} is on its way`);
    expect(mail?.text).toContain("Your refund of $328.00 AUD");
    expect(mail?.text).not.toContain("refunded");
    expect(auditOf(payment.referenceCode).map((a) => a.action)).toEqual(["payment.refund_owed"]);
    expect(await paymentRefunds(t.deps)(payment.id, owner)).toMatchObject({
      ok: false,
      reason: "not_allowed",
      message: expect.stringContaining("already owed"),
    });
  });

  test("the site refunds with its reason, audited as the site", async () => {
    const { payment } = await paidBooking("paypal");
    const result = await paymentRefunds(t.deps)(payment.id, { site: "Paid after the booking was cancelled" });
    expect(result).toMatchObject({ ok: true, status: "completed" });
    const row = t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id)).get();
    expect(row).toMatchObject({ createdBy: null, reason: "Paid after the booking was cancelled" });
    expect(auditOf(payment.referenceCode)[0]).toMatchObject({ adminId: null, adminUsername: "the site" });
  });

  test("refused, changing nothing: unknown, not completed, not a booking's; PayPal's refusal is a paypal failure", async () => {
    expect(await paymentRefunds(t.deps)("no-such-payment", owner)).toMatchObject({ ok: false, reason: "not_found" });
    const requested = await paidBooking("instructions", { status: "requested" });
    expect(await paymentRefunds(t.deps)(requested.payment.id, owner)).toMatchObject({ ok: false, reason: "not_allowed" });
    const service = t.db
      .insert(payments)
      .values({ serviceName: "Partner Check", method: "cash", amount: "148.00", referenceCode: "PAY-SERV-2222", status: "completed" })
      .returning()
      .get();
    expect(await paymentRefunds(t.deps)(service.id, owner)).toMatchObject({
      ok: false,
      reason: "not_allowed",
      message: "Only a booking's payment can be refunded here.",
    });
    const paypal = await paidBooking("paypal");
    const pending = await paidBooking("paypal");
    standIn.refunds.behaviour = "declined";
    try {
      expect(await paymentRefunds(t.deps)(paypal.payment.id, owner)).toMatchObject({ ok: false, reason: "paypal", code: "refund_failed" });
      standIn.refunds.behaviour = "pending";
      expect(await paymentRefunds(t.deps)(pending.payment.id, owner)).toMatchObject({ ok: false, reason: "paypal", code: "refund_not_completed" });
    } finally {
      standIn.refunds.behaviour = "ok";
    }
    for (const p of [requested.payment, service, paypal.payment, pending.payment]) expect(statusOf(p.id)).toBe(p.status);
    expect(t.db.select().from(refunds).all()).toHaveLength(0);
  });
});

describe("POST /api/admin/payments/{id}/refund for a PayPal payment", () => {
  test("answers completed once PayPal refunded it; 502 with PayPal's reason (nothing changed) when PayPal refuses", async () => {
    const admin = adminClient(t);
    const { payment } = await paidBooking("paypal");
    const res = await admin.json(`/api/admin/payments/${payment.id}/refund`, { note: "Cancelled in time" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "completed", amount: "348.00", currency: "AUD" });
    expect(statusOf(payment.id)).toBe("refunded");

    const refused = await paidBooking("paypal");
    standIn.refunds.behaviour = "declined";
    const failed = await admin.json(`/api/admin/payments/${refused.payment.id}/refund`);
    expect(failed.status).toBe(502);
    expect(await errorOf(failed)).toMatchObject({ code: "refund_failed", message: expect.stringContaining("Nothing was changed") });
    expect(statusOf(refused.payment.id)).toBe("completed");
    expect(standIn.violations).toEqual([]);
  });
});
