/**
 * Paying a shop order with PayPal (docs/product.md#orders): only its customer, for the order's own
 * total, only while it is open; a capture marks it paid once, and one for an order cancelled
 * meanwhile is held for review. Against the PayPal stand-in.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { testOrigin } from "../../tests/helpers/browser";
import { standInCredentials } from "../../tests/helpers/paypal-stand-in";
import { customerWithSession } from "../../tests/factories";
import { testAddress } from "../../tests/helpers/shop";
import { countRows, type ErrorBody } from "../../tests/helpers/test-app";
import { payPalAppPerTest } from "../../tests/helpers/per-test";
import { cancelOrder, placeOrder } from "../db/orders.server";
import { cartItems, orders, products } from "../db/schema";
import { paypalClientFromEnv } from "../payments/paypal.server";
import { reconcilePayments } from "../payments/reconcile.server";
import type { OrderPaymentMethod } from "../shared/checkout";

const { standIn, t } = payPalAppPerTest({ delayMs: 400, env: { PAYPAL_TIMEOUT_MS: "120" } });

type PaymentRow = { status: string; amount: string; serviceName: string; shopOrderId: number | null; captureId: string | null; orderId: string | null };
const paymentRows = () =>
  t.db.$client
    .query(
      "SELECT status, amount, service_name AS serviceName, shop_order_id AS shopOrderId, provider_capture_id AS captureId, provider_order_id AS orderId FROM payments ORDER BY created_at",
    )
    .all() as PaymentRow[];
const mails = () => t.db.$client.query('SELECT "to", subject FROM outbox ORDER BY id').all() as { to: string; subject: string }[];
const orderRow = (id: number) => t.db.select().from(orders).where(eq(orders.id, id)).get()!;

/** A customer with a session who placed an order for one camera (399.00, free shipping at that price or not). */
function placedOrder(email = "ann@example.com", paymentMethod: OrderPaymentMethod = "paypal") {
  const customer = customerWithSession(t.db, email, { verified: true });
  const camera = t.db.select().from(products).where(eq(products.slug, "covert-body-worn-camera-4k")).get()!;
  t.db.insert(cartItems).values({ userId: customer.userId, productId: camera.id, quantity: 1 }).run();
  const placed = placeOrder(t.db, customer.userId, { shippingAddress: testAddress, paymentMethod });
  if (!placed.ok) throw new Error(placed.reason);
  // Only the e-mails of paying for it matter here.
  t.db.$client.run("DELETE FROM outbox");
  return { ...customer, order: placed.order };
}

const createFor = (orderNumber: string, cookie?: string, extra: Record<string, unknown> = {}) =>
  t.json("/paypal/order", { orderNumber, ...extra }, cookie ? { headers: { Cookie: cookie, Origin: testOrigin } } : {});
async function createdFor(orderNumber: string, cookie: string) {
  const res = await createFor(orderNumber, cookie);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const capture = (id: string) => t.request(`/paypal/order/${id}/capture`, { method: "POST" });

describe("POST /paypal/order for a shop order", () => {
  test("GET /paypal/setup names the public client id, for the order page's buttons", async () => {
    const res = await t.request("/paypal/setup");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ clientId: standInCredentials.clientId, clientToken: expect.stringMatching(/^client-token-/) });
  });

  test("charges the order's own total whatever the browser sends, naming the order", async () => {
    const { cookie, order } = placedOrder();
    const res = await createFor(order.orderNumber.toLowerCase(), cookie, { amount: "1.00", currency: "USD", intent: "CAPTURE" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(standIn.orders.get(id)).toMatchObject({ amount: order.totalAmount, currency: "USD" });
    expect(paymentRows()).toEqual([
      { status: "created", amount: order.totalAmount, serviceName: `Order ${order.orderNumber}`, shopOrderId: order.id, captureId: null, orderId: id },
    ]);
  });

  test("signed out is 401; someone else's or an unknown order is 404; nothing is created", async () => {
    const { order } = placedOrder();
    const other = customerWithSession(t.db, "bob@example.com");
    expect((await createFor(order.orderNumber)).status).toBe(401);
    const notTheirs = await createFor(order.orderNumber, other.cookie);
    expect(notTheirs.status).toBe(404);
    expect(((await notTheirs.json()) as ErrorBody).error.code).toBe("not_found");
    expect((await createFor("PI-2222-3333", other.cookie)).status).toBe(404);
    expect(countRows(t, "payments")).toBe(0);
    expect(standIn.requestsTo("/v2/checkout/orders")).toHaveLength(0);
  });

  test("exactly one of a service and an order; a malformed order number is a field error", async () => {
    const { cookie, order } = placedOrder();
    const both = await t.json("/paypal/order", { serviceId: "partner", orderNumber: order.orderNumber }, { headers: { Cookie: cookie, Origin: testOrigin } });
    expect(both.status).toBe(400);
    expect(((await both.json()) as ErrorBody).error.fields).toEqual({ orderNumber: "Pay for either a service or a shop order, not both" });
    const neither = await t.json("/paypal/order", {}, { headers: { Cookie: cookie, Origin: testOrigin } });
    expect(((await neither.json()) as ErrorBody).error.fields).toEqual({ serviceId: "Choose a service" });
    const malformed = await createFor("PI-0000", cookie);
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error.fields?.orderNumber).toContain("order number");
    expect(countRows(t, "payments")).toBe(0);
  });

  test("an order not open, not paid with PayPal, or past its hold is 409 with nothing created", async () => {
    const a = placedOrder("a@example.com");
    cancelOrder(t.db, a.order.id, { actor: "customer", userId: a.userId });
    const cancelled = await createFor(a.order.orderNumber, a.cookie);
    expect(cancelled.status).toBe(409);
    expect(((await cancelled.json()) as ErrorBody).error).toMatchObject({ code: "order_not_payable", message: expect.stringContaining("cancelled") });

    const b = placedOrder("b@example.com", "bank_transfer");
    const bank = await createFor(b.order.orderNumber, b.cookie);
    expect(bank.status).toBe(409);
    expect(((await bank.json()) as ErrorBody).error.message).toContain("not to be paid with PayPal");

    const c = placedOrder("c@example.com");
    t.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, c.order.id))
      .run();
    const late = await createFor(c.order.orderNumber, c.cookie);
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorBody).error.message).toContain("time to pay for this order has run out");

    expect(countRows(t, "payments")).toBe(0);
    expect(standIn.requestsTo("/v2/checkout/orders")).toHaveLength(0);
  });

  test("a second click opens a fresh attempt for the same total", async () => {
    const { cookie, order } = placedOrder();
    const first = await createdFor(order.orderNumber, cookie);
    const second = await createdFor(order.orderNumber, cookie);
    expect(second).not.toBe(first);
    expect(paymentRows().map((p) => [p.amount, p.shopOrderId])).toEqual([
      [order.totalAmount, order.id],
      [order.totalAmount, order.id],
    ]);
  });
});

describe("capturing a shop order's payment", () => {
  test("marks the order paid once with the capture id, and e-mails the customer and the business", async () => {
    const { cookie, order } = placedOrder();
    const id = await createdFor(order.orderNumber, cookie);
    const answers = await Promise.all(Array.from({ length: 5 }, () => capture(id)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const [payment] = paymentRows();
    expect(payment?.status).toBe("completed");
    const stored = orderRow(order.id);
    expect(stored).toMatchObject({ status: "processing", paymentStatus: "paid", paymentIntentId: payment?.captureId, holdExpiresAt: null });
    expect(t.db.$client.query("SELECT actor, status, payment_status AS p FROM order_events WHERE order_id = ? ORDER BY id").all(order.id)).toEqual([
      { actor: "customer", status: "pending", p: "pending" },
      { actor: "system", status: "processing", p: "paid" },
    ]);
    expect(mails()).toEqual([
      { to: "ann@example.com", subject: `Payment received for order ${order.orderNumber}` },
      { to: "owner@example.com", subject: expect.stringContaining(`Order ${order.orderNumber}`) },
    ]);
  });

  test("an order cancelled before the capture is refused with 409, and nothing is captured", async () => {
    const { cookie, order, userId } = placedOrder();
    const id = await createdFor(order.orderNumber, cookie);
    cancelOrder(t.db, order.id, { actor: "customer", userId });
    const res = await capture(id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.code).toBe("order_not_payable");
    expect(standIn.requestsTo(/\/capture$/)).toHaveLength(0);
    expect(paymentRows()[0]?.status).toBe("created");
  });

  test("a capture that lands after the order was cancelled goes to review, the business is told, the customer sees why", async () => {
    const { cookie, order } = placedOrder();
    const id = await createdFor(order.orderNumber, cookie);
    // The hold runs out while PayPal is capturing: the order is cancelled before the answer arrives.
    standIn.behaviour.capture = "slow-once";
    const pending = capture(id);
    await Bun.sleep(10);
    expect(cancelOrder(t.db, order.id, { actor: "system", note: "Payment not received in time" })).toEqual({ ok: true });
    const res = await pending;
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("order_closed");
    expect(body.error.message).toContain(`Order ${order.orderNumber} was cancelled before your payment reached us`);
    expect(paymentRows()[0]?.status).toBe("review");
    expect(orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "pending" });
    expect(mails()).toEqual([{ to: "owner@example.com", subject: expect.stringContaining("[CHECK] PayPal payment needs review") }]);
  });

  test("the payment check settles a lost capture of an order payment: the order is paid once", async () => {
    const { cookie, order } = placedOrder();
    const id = await createdFor(order.orderNumber, cookie);
    standIn.behaviour.capture = "slow";
    standIn.behaviour.getOrder = "error";
    const lost = await capture(id);
    expect(((await lost.json()) as ErrorBody).error.code).toBe("payment_pending");
    expect(paymentRows()[0]?.status).toBe("unknown");
    expect(orderRow(order.id).paymentStatus).toBe("pending");

    standIn.behaviour.getOrder = "ok";
    const paypal = paypalClientFromEnv(t.deps.env, { retryDelayMs: 10 })!;
    const later = { now: new Date(Date.now() + 10 * 60_000) };
    expect(await reconcilePayments(t.deps, paypal, later)).toMatchObject({ found: 1 });
    expect(await reconcilePayments(t.deps, paypal, later)).toMatchObject({ checked: 0, found: 0 });
    expect(orderRow(order.id)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    expect(t.db.$client.query("SELECT count(*) AS n FROM order_events WHERE order_id = ? AND payment_status = 'paid'").get(order.id)).toEqual({ n: 1 });
    expect(mails().filter((m) => m.subject === `Payment received for order ${order.orderNumber}`)).toHaveLength(1);
  });
});
