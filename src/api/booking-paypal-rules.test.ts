/**
 * A booking's PayPal payments, against the PayPal stand-in (which checks the refund call against
 * PayPal's published OpenAPI document): a PayPal start and a payment request replace each other,
 * a booking cancelled or paid is never charged, and a capture that completes after its booking was
 * cancelled is recorded, refunded through PayPal at once, and the owner alerted.
 */
import { describe, expect, test } from "bun:test";
import { customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { payPalAppPerTest } from "../../tests/helpers/per-test";
import { errorOf } from "../../tests/helpers/test-app";
import type { PaymentRequestResult } from "../shared/payment";

const { standIn, t } = payPalAppPerTest({ delayMs: 0 });

const asCustomer = (cookie: string) => ({ headers: { Cookie: cookie, Origin: testOrigin } });
const startPayPal = (bookingId: string, cookie: string) => t.json("/paypal/order", { bookingId }, asCustomer(cookie));
const capture = (orderId: string) => t.request(`/paypal/order/${orderId}/capture`, { method: "POST" });
const requestPayment = async (bookingId: string, cookie: string, method: string) =>
  (await (await t.json("/api/payment-requests", { bookingId, method }, asCustomer(cookie))).json()) as PaymentRequestResult;
const cancelBooking = (bookingId: string, cookie: string) => t.request(`/api/bookings/${bookingId}/cancel`, { method: "POST", ...asCustomer(cookie) });

type Row = { method: string; status: string; referenceCode: string; captureId: string | null };
const rowsOf = (bookingId: string) =>
  t.db.$client
    .query(
      "SELECT method, status, reference_code AS referenceCode, provider_capture_id AS captureId FROM payments WHERE booking_id = ? ORDER BY created_at, rowid",
    )
    .all(bookingId) as Row[];
const ownerMail = () =>
  t.db.$client.query(`SELECT subject, text FROM outbox WHERE "to" = 'owner@example.com' ORDER BY id`).all() as { subject: string; text: string }[];
const invoices = () => (t.db.$client.query("SELECT count(*) AS n FROM invoices").get() as { n: number }).n;
const captureCalls = () => standIn.requestsTo(/^\/v2\/checkout\/orders\/[^/]+\/capture$/).length;

/** Waits until the stand-in has been asked to capture (the capture is then under way). */
async function captureSent() {
  const deadline = Date.now() + 5000;
  while (captureCalls() === 0) {
    if (Date.now() > deadline) throw new Error("the capture was never sent");
    await Bun.sleep(5);
  }
}

describe("one open payment per booking, PayPal included", () => {
  test("a PayPal start replaces the open request, a request replaces the unfinished PayPal payment, whose capture is then refused", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const first = await requestPayment(ann.bookingId, ann.cookie, "instructions");
    const started = await startPayPal(ann.bookingId, ann.cookie);
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as { id: string };
    expect(rowsOf(ann.bookingId).map((r) => [r.method, r.status])).toEqual([
      ["instructions", "cancelled"],
      ["paypal", "created"],
    ]);

    // Asked again by bank transfer: the PayPal payment left unfinished is closed with it.
    const again = await requestPayment(ann.bookingId, ann.cookie, "instructions");
    expect(again.referenceCode).not.toBe(first.referenceCode);
    expect(rowsOf(ann.bookingId).map((r) => [r.method, r.status])).toEqual([
      ["instructions", "cancelled"],
      ["paypal", "cancelled"],
      ["instructions", "requested"],
    ]);
    const res = await capture(id);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("payment_closed");
    expect(captureCalls()).toBe(0);
  });

  test("a booking cancelled after its PayPal payment started is not charged: the capture is 409 and PayPal is never asked", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const { id } = (await (await startPayPal(ann.bookingId, ann.cookie)).json()) as { id: string };
    expect((await cancelBooking(ann.bookingId, ann.cookie)).status).toBe(200);
    const res = await capture(id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: "booking_not_payable",
      message: "This booking is cancelled, so there is nothing to pay. Nothing was taken.",
    });
    expect(captureCalls()).toBe(0);
    expect((await startPayPal(ann.bookingId, ann.cookie)).status).toBe(409);
    expect(invoices()).toBe(0);
  });
});

describe("a capture that completes after its booking was cancelled", () => {
  test("is recorded, refunded through PayPal at once (as PayPal's spec defines the call), the owner alerted and the customer told", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const { id } = (await (await startPayPal(ann.bookingId, ann.cookie)).json()) as { id: string };
    // PayPal takes the money but answers late; the customer cancels the booking meanwhile.
    Object.assign(standIn.behaviour, { capture: "slow-once", delayMs: 400 });
    const capturing = capture(id);
    await captureSent();
    expect((await cancelBooking(ann.bookingId, ann.cookie)).status).toBe(200);

    const res = await capturing;
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("booking_closed");
    expect(error.message).toContain("Your booking was cancelled before this payment reached us, so we have refunded it in full through PayPal");

    const [row] = rowsOf(ann.bookingId);
    expect(row).toMatchObject({ method: "paypal", status: "refunded" });
    expect(standIn.refunds.made).toEqual([
      { id: expect.any(String), captureId: row!.captureId!, amount: "37.50", currency: "USD", requestId: expect.any(String) },
    ]);
    expect(standIn.violations).toEqual([]);
    const refund = t.db.$client.query("SELECT status, reason, created_by AS createdBy FROM refunds").all();
    expect(refund).toEqual([{ status: "completed", reason: "The booking was cancelled before its PayPal payment completed.", createdBy: null }]);

    // The owner is alerted; no receipt, no "payment received", no tax invoice for a cancelled booking.
    const alerts = ownerMail().filter((m) => m.subject.includes(row!.referenceCode));
    expect(alerts.map((m) => m.subject)).toEqual([
      `[CHECK] PayPal payment for a cancelled booking, being refunded: $37.50 USD for Discreet Check Up (${row!.referenceCode})`,
    ]);
    expect(alerts[0]?.text).toContain("A PayPal payment completed after its booking was cancelled.");
    expect(ownerMail().some((m) => m.subject.startsWith("Payment received"))).toBe(false);
    expect(invoices()).toBe(0);
  });

  test("when PayPal refuses the refund, the payment stays recorded as paid and the owner is told to refund it", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const { id } = (await (await startPayPal(ann.bookingId, ann.cookie)).json()) as { id: string };
    Object.assign(standIn.behaviour, { capture: "slow-once", delayMs: 400 });
    standIn.refunds.behaviour = "declined";
    try {
      const capturing = capture(id);
      await captureSent();
      expect((await cancelBooking(ann.bookingId, ann.cookie)).status).toBe(200);
      const res = await capturing;
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toContain("so it will be refunded in full. We have been told");
    } finally {
      standIn.refunds.behaviour = "ok";
    }
    const [row] = rowsOf(ann.bookingId);
    expect(row?.status).toBe("completed");
    expect(ownerMail().map((m) => m.subject.split(":")[0])).toContain("[ACTION] Refund a PayPal payment for a cancelled booking");
    expect(standIn.violations).toEqual([]);
  });
});
