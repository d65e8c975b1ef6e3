/**
 * A booking's PayPal capture whose answer was lost, found captured by the payment check after the
 * booking was cancelled: recorded, refunded through PayPal at once (the stand-in checks the call
 * against PayPal's published OpenAPI document), and the owner alerted; never counted as paid.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { payPalAppPerTest } from "../../tests/helpers/per-test";
import { errorOf } from "../../tests/helpers/test-app";
import { paypalClientFromEnv, type PayPalClient } from "../payments/paypal.server";
import { reconcilePayments } from "../payments/reconcile.server";

// A short timeout, so a capture "times out" quickly; the stand-in's slow answers take longer.
const { standIn, t } = payPalAppPerTest({ delayMs: 400, env: { PAYPAL_TIMEOUT_MS: "120" } });
let paypal: PayPalClient;
beforeEach(() => {
  paypal = paypalClientFromEnv(t.deps.env, { retryDelayMs: 10 })!;
});
afterEach(() => {
  expect(standIn.violations).toEqual([]);
});

test("the payment check finds a capture of a booking cancelled meanwhile: refunded through PayPal at once, the owner alerted", async () => {
  const ann = customerWithBooking(t.db, "ann@example.com");
  const asAnn = { headers: { Cookie: ann.cookie, Origin: testOrigin } };
  const { id } = (await (await t.json("/paypal/order", { bookingId: ann.bookingId }, asAnn)).json()) as { id: string };
  // PayPal takes the money, but every answer is lost and PayPal cannot be asked: the payment is unknown.
  Object.assign(standIn.behaviour, { capture: "slow", getOrder: "error" });
  const res = await t.request(`/paypal/order/${id}/capture`, { method: "POST" });
  expect((await errorOf(res)).code).toBe("payment_pending");
  Object.assign(standIn.behaviour, { capture: "ok", getOrder: "ok" });
  expect((await t.request(`/api/bookings/${ann.bookingId}/cancel`, { method: "POST", ...asAnn })).status).toBe(200);

  const report = await reconcilePayments(t.deps, paypal, { now: new Date(Date.now() + 10 * 60_000) });
  expect(report).toMatchObject({ checked: 1, found: 1 });
  const row = t.db.$client.query("SELECT status, reference_code AS referenceCode, provider_capture_id AS captureId FROM payments").get() as {
    status: string;
    referenceCode: string;
    captureId: string;
  };
  expect(row.status).toBe("refunded");
  expect(standIn.refunds.made.map((r) => ({ captureId: r.captureId, amount: r.amount, currency: r.currency }))).toEqual([
    { captureId: row.captureId, amount: "37.50", currency: "USD" },
  ]);
  const owner = t.db.$client.query(`SELECT subject FROM outbox WHERE "to" = 'owner@example.com' ORDER BY id`).all() as { subject: string }[];
  expect(owner.map((m) => m.subject)).toContain(
    `[CHECK] PayPal payment for a cancelled booking, being refunded: $37.50 USD for Discreet Check Up (${row.referenceCode})`,
  );
  expect(owner.some((m) => m.subject.startsWith("Payment found"))).toBe(false);
  expect((t.db.$client.query("SELECT count(*) AS n FROM invoices").get() as { n: number }).n).toBe(0);
});
