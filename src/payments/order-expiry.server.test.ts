/**
 * The order-expiry job with a fake clock: orders past their hold are cancelled with their stock
 * back exactly once and the customer e-mailed; a PayPal order PayPal may have been paid for is
 * settled with PayPal first and cancelled only when PayPal shows no capture.
 */
import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { customerWithSession } from "../../tests/factories";
import { testAddress } from "../../tests/helpers/shop";
import { payPalAppPerTest } from "../../tests/helpers/per-test";
import { placeOrder } from "../db/orders.server";
import { databaseFile, openDatabase } from "../db/client.server";
import { attachProviderOrder, captureMarkGoodForMs, captureUnderWay, clearCaptureMark, markCaptureStarted, startOrderPayment } from "../db/payments.server";
import { cartItems, orders, payments, products } from "../db/schema";
import type { OrderPaymentMethod } from "../shared/checkout";
import { capturePayPalOrder } from "./capture.server";
import { expireUnpaidOrders, orderExpiryNote } from "./order-expiry.server";
import { paypalClientFromEnv, type PayPalClient } from "./paypal.server";

const { standIn, t } = payPalAppPerTest({ delayMs: 0 });
let paypal: PayPalClient;
beforeEach(() => {
  paypal = paypalClientFromEnv(t.deps.env, { retryDelayMs: 10 })!;
});

const placedAt = new Date("2026-11-23T01:00:00Z");
const minutes = (n: number) => new Date(placedAt.getTime() + n * 60_000);

const camera = () => t.db.select().from(products).where(eq(products.slug, "covert-body-worn-camera-4k")).get()!;
const stock = () => camera().stockQuantity;
const orderRow = (id: number) => t.db.select().from(orders).where(eq(orders.id, id)).get()!;
const mails = () => t.db.$client.query('SELECT "to", subject FROM outbox ORDER BY id').all() as { to: string; subject: string }[];

function placed(paymentMethod: OrderPaymentMethod, email = "ann@example.com", quantity = 2) {
  const { userId } = customerWithSession(t.db, email, { verified: true });
  t.db.insert(cartItems).values({ userId, productId: camera().id, quantity }).run();
  const result = placeOrder(t.db, userId, { shippingAddress: testAddress, paymentMethod }, placedAt);
  if (!result.ok) throw new Error(result.reason);
  t.db.$client.run("DELETE FROM outbox");
  return { userId, email, order: result.order };
}

/** A PayPal attempt for the order, as POST /paypal/order leaves it: our row linked to PayPal's order. */
async function attempt(p: { userId: string; email: string; order: { orderNumber: string } }) {
  const started = startOrderPayment(t.db, { userId: p.userId, email: p.email, orderNumber: p.order.orderNumber }, minutes(1));
  if (!started.ok) throw new Error(started.reason);
  const created = await paypal.createOrder({
    requestId: `test-${started.payment.id}`,
    referenceCode: started.payment.referenceCode,
    paymentId: started.payment.id,
    description: started.payment.serviceName,
    amount: started.payment.amount,
    currency: "USD",
  });
  attachProviderOrder(t.db, started.payment.id, created.id);
  return { paymentId: started.payment.id, paypalOrderId: created.id };
}
const paymentStatus = (id: string) => (t.db.$client.query("SELECT status FROM payments WHERE id = ?").get(id) as { status: string }).status;

describe("expiring unpaid orders", () => {
  test("nothing is cancelled before the hold runs out", async () => {
    const { order } = placed("paypal");
    expect(await expireUnpaidOrders(t.deps, paypal, minutes(59))).toEqual({ cancelled: 0, settled: 0, deferred: 0 });
    expect(orderRow(order.id).status).toBe("pending");
  });

  test("an order past its hold is cancelled by the site, its stock back exactly once, the customer e-mailed", async () => {
    const before = stock();
    const { order } = placed("paypal");
    const manual = placed("bank_transfer", "bob@example.com", 1);
    expect(stock()).toBe(before - 3);

    expect(await expireUnpaidOrders(t.deps, paypal, minutes(61))).toEqual({ cancelled: 1, settled: 0, deferred: 0 });
    expect(orderRow(order.id)).toMatchObject({ status: "cancelled", cancelledAt: minutes(61), stockReleasedAt: minutes(61) });
    expect(orderRow(manual.order.id).status).toBe("pending");
    expect(stock()).toBe(before - 1);
    const events = t.db.$client.query("SELECT actor, status, note FROM order_events WHERE order_id = ? ORDER BY id").all(order.id);
    expect(events).toEqual([
      { actor: "customer", status: "pending", note: "Order placed" },
      { actor: "system", status: "cancelled", note: orderExpiryNote },
    ]);
    expect(mails()).toEqual([{ to: "ann@example.com", subject: `Order ${order.orderNumber} cancelled` }]);

    // Later runs (a restart, the next minute) change nothing more.
    expect(await expireUnpaidOrders(t.deps, paypal, minutes(62))).toEqual({ cancelled: 0, settled: 0, deferred: 0 });
    expect(stock()).toBe(before - 1);
    expect(mails()).toHaveLength(1);

    // The manual order's three days run out too.
    expect(await expireUnpaidOrders(t.deps, null, minutes(3 * 24 * 60 + 1))).toMatchObject({ cancelled: 1 });
    expect(stock()).toBe(before);
  });

  test("an attempt PayPal shows uncaptured does not keep the order", async () => {
    const before = stock();
    const p = placed("paypal");
    const { paymentId } = await attempt(p);
    expect(await expireUnpaidOrders(t.deps, paypal, minutes(61))).toEqual({ cancelled: 1, settled: 0, deferred: 0 });
    expect(orderRow(p.order.id).status).toBe("cancelled");
    expect(paymentStatus(paymentId)).toBe("created");
    expect(stock()).toBe(before);
  });

  test("an attempt on an order PayPal no longer holds (404) took nothing: the order is cancelled, its stock back", async () => {
    const before = stock();
    const p = placed("paypal");
    const { paymentId, paypalOrderId } = await attempt(p);
    t.db.$client.run("UPDATE payments SET status = 'unknown' WHERE id = ?", [paymentId]);
    standIn.behaviour.getOrder = "gone";
    expect(await expireUnpaidOrders(t.deps, paypal, minutes(61))).toEqual({ cancelled: 1, settled: 0, deferred: 0 });
    expect(orderRow(p.order.id).status).toBe("cancelled");
    expect(stock()).toBe(before);
    expect(standIn.requestsTo(`/v2/checkout/orders/${paypalOrderId}`)).toHaveLength(1);
    expect(standIn.violations).toEqual([]);
  });

  test("an attempt PayPal shows captured is recorded and the order paid, not cancelled", async () => {
    const before = stock();
    const p = placed("paypal");
    const { paymentId, paypalOrderId } = await attempt(p);
    // The capture's answer was lost: PayPal holds the money, our row says `unknown`.
    await paypal.captureOrder(paypalOrderId, `test-capture-${paymentId}`);
    t.db.$client.run("UPDATE payments SET status = 'unknown' WHERE id = ?", [paymentId]);

    expect(await expireUnpaidOrders(t.deps, paypal, minutes(61))).toEqual({ cancelled: 0, settled: 1, deferred: 0 });
    expect(paymentStatus(paymentId)).toBe("completed");
    expect(orderRow(p.order.id)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    expect(stock()).toBe(before - 2);
    expect(mails().map((m) => m.subject)).toContain(`Payment received for order ${p.order.orderNumber}`);
  });

  test("an order is left alone while its capture is under way in any worker process, or PayPal cannot be asked about an attempt", async () => {
    const p = placed("paypal");
    const { paymentId } = await attempt(p);
    // Another worker process (its own connection to the same database) is sending the capture.
    const otherWorker = openDatabase(databaseFile(t.dataDir));
    try {
      const before = t.db.select().from(payments).where(eq(payments.id, paymentId)).get()!;
      const mark = markCaptureStarted(otherWorker, paymentId)!;
      expect(await expireUnpaidOrders(t.deps, paypal, minutes(61))).toEqual({ cancelled: 0, settled: 0, deferred: 1 });
      // The mark leaves the payment's request id (from updatedAt) as it was.
      expect(t.db.select().from(payments).where(eq(payments.id, paymentId)).get()!.updatedAt).toEqual(before.updatedAt);
      clearCaptureMark(otherWorker, paymentId, mark);
    } finally {
      otherWorker.$client.close();
    }
    standIn.behaviour.getOrder = "error";
    expect(await expireUnpaidOrders(t.deps, paypal, minutes(62))).toEqual({ cancelled: 0, settled: 0, deferred: 1 });
    expect(orderRow(p.order.id).status).toBe("pending");

    standIn.behaviour.getOrder = "ok";
    expect(await expireUnpaidOrders(t.deps, paypal, minutes(63))).toEqual({ cancelled: 1, settled: 0, deferred: 0 });
  });

  test("while a capture waits for PayPal, the expiry run by another worker process leaves its order alone; the capture then pays it", async () => {
    const p = placed("paypal");
    const { paymentId, paypalOrderId } = await attempt(p);
    // The hold runs out while the customer's capture is with PayPal.
    Object.assign(standIn.behaviour, { capture: "slow", delayMs: 400 });
    const capturing = capturePayPalOrder(t.deps, paypal, paypalOrderId);
    const otherWorker = openDatabase(databaseFile(t.dataDir));
    try {
      await Bun.sleep(100);
      expect(captureUnderWay(otherWorker, [paymentId])).toBe(true);
      expect(await expireUnpaidOrders({ ...t.deps, db: otherWorker }, paypal, minutes(61))).toMatchObject({ cancelled: 0 });
      expect(orderRow(p.order.id).status).toBe("pending");
      await capturing;
      expect(captureUnderWay(otherWorker, [paymentId])).toBe(false);
    } finally {
      otherWorker.$client.close();
    }
    expect(paymentStatus(paymentId)).toBe("completed");
    expect(orderRow(p.order.id)).toMatchObject({ paymentStatus: "paid" });
  });

  test("a capture mark left by a process that stopped mid-capture holds the order only for a while", async () => {
    const p = placed("paypal");
    const { paymentId } = await attempt(p);
    t.db.$client.run("UPDATE payments SET capture_started_at = ? WHERE id = ?", [Date.now() - captureMarkGoodForMs - 1000, paymentId]);
    expect(await expireUnpaidOrders(t.deps, paypal, minutes(61))).toEqual({ cancelled: 1, settled: 0, deferred: 0 });
  });

  test("two captures of one payment at once: the first to end leaves the other's mark", async () => {
    const p = placed("paypal");
    const { paymentId } = await attempt(p);
    const first = markCaptureStarted(t.db, paymentId)!;
    const second = markCaptureStarted(t.db, paymentId)!;
    expect(second.getTime()).toBeGreaterThan(first.getTime());
    clearCaptureMark(t.db, paymentId, first);
    expect(captureUnderWay(t.db, [paymentId])).toBe(true);
    expect(await expireUnpaidOrders(t.deps, paypal, minutes(61))).toEqual({ cancelled: 0, settled: 0, deferred: 1 });
    clearCaptureMark(t.db, paymentId, second);
    expect(captureUnderWay(t.db, [paymentId])).toBe(false);
  });
});
