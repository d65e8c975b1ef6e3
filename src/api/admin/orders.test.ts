import { adminWithToken } from "../../../tests/factories";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { changeOrder, placeOrder } from "../../db/orders.server";
import { cartItems, orderEvents, orders, outbox, payments, products, users } from "../../db/schema";
import { PayPalClient } from "../../payments/paypal.server";
import type { AdminOrderDetail, AdminOrderList } from "../../shared/admin-orders";
import type { CheckoutInput } from "../../shared/checkout";
import { adminClient, type AdminClient } from "../../../tests/helpers/admins";
import { testOrigin } from "../../../tests/helpers/browser";
import { type PayPalStandIn, standInEnv, standInCredentials, startPayPalStandIn } from "../../../tests/helpers/paypal-stand-in";
import { customerWithSession } from "../../../tests/factories";
import { productIdOf, testAddress } from "../../../tests/helpers/shop";
import { countRows, createTestApp, errorOf, type TestApp } from "../../../tests/helpers/test-app";

let standIn: PayPalStandIn;
beforeAll(() => {
  standIn = startPayPalStandIn();
});
afterAll(() => standIn.close());

let t: TestApp;
let admin: AdminClient;
beforeEach(() => {
  t = createTestApp(standInEnv(standIn));
  admin = adminClient(t);
  standIn.refunds.behaviour = "ok";
});
afterEach(() => t.close());

const productId = (slug: string) => productIdOf(t.db, slug);
const stockOf = (id: number) => t.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)).get()?.s;

/** A customer (made once per e-mail) places an order for `quantity` of `slug`; answers its number and id. */
function placed(email: string, opts: { slug?: string; quantity?: number; paymentMethod?: CheckoutInput["paymentMethod"]; at?: Date; name?: string } = {}) {
  const existing = t.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  const userId = existing?.id ?? customerWithSession(t.db, email, { firstName: opts.name, verified: true }).userId;
  t.db
    .insert(cartItems)
    .values({ userId, productId: productId(opts.slug ?? "covert-dash-cam-4k"), quantity: opts.quantity ?? 1 })
    .run();
  const result = placeOrder(t.db, userId, { shippingAddress: testAddress, paymentMethod: opts.paymentMethod ?? "bank_transfer" }, opts.at ?? new Date());
  if (!result.ok) throw new Error(result.reason);
  return { orderNumber: result.order.orderNumber, id: result.order.id, total: result.order.totalAmount };
}

const list = (query = "") => admin.read<AdminOrderList>(`/api/admin/orders${query}`);
async function detail(orderNumber: string): Promise<AdminOrderDetail> {
  const res = await admin.get(`/api/admin/orders/${orderNumber}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminOrderDetail;
}
const orderRow = (id: number) => t.db.select().from(orders).where(eq(orders.id, id)).get()!;
const mailTo = (email: string) =>
  t.db
    .select({ subject: outbox.subject })
    .from(outbox)
    .where(eq(outbox.to, email))
    .all()
    .map((m) => m.subject);

test("the routes are behind the admin token", async () => {
  const { orderNumber } = placed("ann@example.com");
  expect((await t.request("/api/admin/orders")).status).toBe(401);
  expect((await t.request(`/api/admin/orders/${orderNumber}`)).status).toBe(401);
  const res = await t.json(`/api/admin/orders/${orderNumber}/mark-paid`, {}, { headers: { Origin: testOrigin } });
  expect(res.status).toBe(401);
  expect(orderRow(placed("bob@example.com").id).paymentStatus).toBe("pending");
});

describe("GET /api/admin/orders", () => {
  test("newest first with the customer, filtered by status and by payment status", async () => {
    const minute = 60_000;
    const now = Date.now();
    const a = placed("ann@example.com", { at: new Date(now - 3 * minute), name: "Ann" });
    const b = placed("bob@example.com", { at: new Date(now - 2 * minute), name: "Bob" });
    const c = placed("cy@example.com", { at: new Date(now - minute), name: "Cy" });
    changeOrder(t.db, b.id, { kind: "mark_paid" }, { actor: "admin" });

    const all = await list();
    expect(all.orders.map((o) => o.orderNumber)).toEqual([c.orderNumber, b.orderNumber, a.orderNumber]);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.orders[2]).toMatchObject({ customerName: "Ann", customerEmail: "ann@example.com", status: "pending", paymentStatus: "pending" });

    expect((await list("?status=processing")).orders.map((o) => o.orderNumber)).toEqual([b.orderNumber]);
    expect((await list("?payment=pending")).orders.map((o) => o.orderNumber)).toEqual([c.orderNumber, a.orderNumber]);
    expect((await list("?status=pending&payment=paid")).total).toBe(0);
    expect((await list("?status=&payment=")).total).toBe(3);
  });

  test("search by order number, name or e-mail; the searcher's % and _ match only themselves", async () => {
    const a = placed("ann_lee@example.com", { name: "Annabel" });
    const b = placed("bob@example.com", { name: "Bob" });
    expect((await list(`?search=${b.orderNumber.toLowerCase()}`)).orders.map((o) => o.orderNumber)).toEqual([b.orderNumber]);
    expect((await list("?search=annabel")).orders.map((o) => o.orderNumber)).toEqual([a.orderNumber]);
    expect((await list("?search=BOB@EXAMPLE")).orders.map((o) => o.orderNumber)).toEqual([b.orderNumber]);
    expect((await list("?search=ann_")).total).toBe(1);
    expect((await list("?search=n_l")).total).toBe(1);
    expect((await list("?search=b_b")).total).toBe(0);
    expect((await list("?search=%25")).total).toBe(0);
  });

  test("pages of 20 with the total", async () => {
    const now = Date.now();
    const numbers: string[] = [];
    for (let i = 0; i < 23; i++)
      numbers.unshift(placed(`c${i}@example.com`, { at: new Date(now - (30 - i) * 60_000), slug: "realtime-gps-tracker-magnetic" }).orderNumber);
    const first = await list();
    expect(first.orders.map((o) => o.orderNumber)).toEqual(numbers.slice(0, 20));
    const second = await list("?page=2");
    expect(second).toMatchObject({ total: 23, page: 2 });
    expect(second.orders.map((o) => o.orderNumber)).toEqual(numbers.slice(20));
    expect((await list("?page=3")).orders).toEqual([]);
  });

  test("a bad query is a 400 with the field's message", async () => {
    for (const query of ["?status=lost", "?payment=maybe", "?page=0", "?page=abc"]) {
      const res = await admin.get(`/api/admin/orders${query}`);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_error");
      expect(Object.keys(error.fields ?? {})).toHaveLength(1);
    }
  });
});

describe("GET /api/admin/orders/{orderNumber}", () => {
  test("the order with its customer, items, payments, history with the admin's name, and the actions allowed now", async () => {
    const { orderNumber, id } = placed("ann@example.com", { name: "Ann" });
    const d0 = await detail(orderNumber);
    expect(d0).toMatchObject({ orderNumber, status: "pending", paymentStatus: "pending", customer: { name: "Ann", email: "ann@example.com" }, payments: [] });
    expect(d0.items).toHaveLength(1);
    expect(d0.actions).toEqual(["mark_paid", "cancel"]);
    expect(d0.history).toEqual([expect.objectContaining({ actor: "customer", note: "Order placed", admin: null })]);

    t.db
      .insert(payments)
      .values({ serviceName: `Order ${orderNumber}`, method: "paypal", amount: d0.totalAmount, referenceCode: "PAY-T-1", shopOrderId: id, status: "completed" })
      .run();
    expect((await admin.json(`/api/admin/orders/${orderNumber}/mark-paid`, { note: "Seen in the bank" })).status).toBe(200);
    const d1 = await detail(orderNumber);
    expect(d1.payments).toEqual([expect.objectContaining({ method: "paypal", status: "completed", referenceCode: "PAY-T-1" })]);
    expect(d1.history.at(-1)).toMatchObject({ actor: "admin", admin: "owner", note: "Seen in the bank", status: "processing", paymentStatus: "paid" });
    expect(d1.actions).toEqual(["ship", "refund"]);
    // Staff are offered everything but the refund (decision 040), which their token cannot do anyway.
    const staff = adminWithToken(t.db, "desk", null, "staff").authorization;
    const asStaff = (await (await t.request(`/api/admin/orders/${orderNumber}`, { headers: { Authorization: staff } })).json()) as AdminOrderDetail;
    expect(asStaff.actions).toEqual(["ship"]);
  });

  test("an unknown order is a 404", async () => {
    const res = await admin.get("/api/admin/orders/PI-2222-2222");
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });
});

describe("the actions", () => {
  test("mark paid, ship (tracking number checked first), deliver: each e-mails the customer as it should; repeats are 409s", async () => {
    const { orderNumber, id } = placed("ann@example.com");
    const path = (a: string) => `/api/admin/orders/${orderNumber}/${a}`;

    const early = await admin.json(path("ship"), { trackingNumber: "AP123456789", carrier: "auspost" });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toContain("cannot be shipped");
    expect((await admin.json(path("deliver"))).status).toBe(409);

    const paid = await admin.json(path("mark-paid"));
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as AdminOrderDetail).status).toBe("processing");
    expect(mailTo("ann@example.com")).toContain(`Payment received for order ${orderNumber}`);
    const again = await admin.json(path("mark-paid"));
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("A paid payment cannot be marked paid.");

    const events = countRows(t, "order_events");
    for (const body of [{}, { trackingNumber: "x" }, { trackingNumber: "has_underscore 123" }, { trackingNumber: "- - - 12" }, { trackingNumber: 123456 }]) {
      const bad = await admin.json(path("ship"), { carrier: "auspost", ...body });
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).fields?.trackingNumber).toBe(
        "Enter the tracking number from the label: 6 to 40 letters and digits (spaces and dashes are fine)",
      );
    }
    const noCarrier = await admin.json(path("ship"), { trackingNumber: "AP123456789" });
    expect((await errorOf(noCarrier)).fields?.carrier).toBe("Choose who carries the parcel");
    expect(countRows(t, "order_events")).toBe(events);
    expect(orderRow(id).status).toBe("processing");

    const shipped = await admin.json(path("ship"), { trackingNumber: " AP123456789 ", carrier: "auspost" });
    expect(shipped.status).toBe(200);
    expect((await shipped.json()) as AdminOrderDetail).toMatchObject({ status: "shipped", trackingNumber: "AP123456789", actions: ["deliver", "refund"] });
    expect(mailTo("ann@example.com")).toContain(`Order ${orderNumber} has shipped`);

    const delivered = await admin.json(path("deliver"));
    expect(delivered.status).toBe(200);
    expect(orderRow(id)).toMatchObject({ status: "delivered" });
    expect((await admin.json(path("deliver"))).status).toBe(409);
    expect((await admin.json(path("cancel"))).status).toBe(409);
  });

  test("verify an order on hold: to pending when unpaid; only once", async () => {
    t.db.update(products).set({ requiresVerification: true }).where(eq(products.slug, "covert-dash-cam-4k")).run();
    const { orderNumber, id } = placed("ann@example.com");
    expect((await detail(orderNumber)).actions).toEqual(["mark_paid", "verify", "cancel"]);
    const res = await admin.json(`/api/admin/orders/${orderNumber}/verify`, { document: "driver_licence", note: "Licence checked" });
    expect(res.status).toBe(200);
    expect(orderRow(id).status).toBe("pending");
    expect(orderRow(id).verifiedAt).not.toBeNull();
    const again = await admin.json(`/api/admin/orders/${orderNumber}/verify`, { document: "passport" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("Only an order on hold for ID verification can be marked verified.");
  });

  test("cancel puts the stock back once and e-mails the customer; a paid order cannot be cancelled", async () => {
    const dashCam = productId("covert-dash-cam-4k");
    const before = stockOf(dashCam)!;
    const { orderNumber, id } = placed("ann@example.com", { quantity: 2 });
    expect(stockOf(dashCam)).toBe(before - 2);
    const res = await admin.json(`/api/admin/orders/${orderNumber}/cancel`, { note: "Customer rang" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminOrderDetail).status).toBe("cancelled");
    expect(stockOf(dashCam)).toBe(before);
    expect(mailTo("ann@example.com")).toContain(`Order ${orderNumber} cancelled`);
    expect(t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).all().at(-1)).toMatchObject({ actor: "admin", note: "Customer rang" });
    const again = await admin.json(`/api/admin/orders/${orderNumber}/cancel`);
    expect(again.status).toBe(409);
    expect(stockOf(dashCam)).toBe(before);

    const paid = placed("bob@example.com");
    await admin.json(`/api/admin/orders/${paid.orderNumber}/mark-paid`);
    const refused = await admin.json(`/api/admin/orders/${paid.orderNumber}/cancel`);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toContain("only be refunded");
    expect(orderRow(paid.id).status).toBe("processing");
  });

  test("a paid order on hold for the ID check is never cancelled: the portal offers a refund, which puts the stock back", async () => {
    t.db.update(products).set({ requiresVerification: true }).where(eq(products.slug, "covert-dash-cam-4k")).run();
    const dashCam = productId("covert-dash-cam-4k");
    const before = stockOf(dashCam)!;
    const { orderNumber, id } = placed("ann@example.com", { quantity: 2 });
    expect((await admin.json(`/api/admin/orders/${orderNumber}/mark-paid`)).status).toBe(200);
    expect(orderRow(id)).toMatchObject({ status: "on_hold", paymentStatus: "paid" });
    expect((await detail(orderNumber)).actions).toEqual(["verify", "refund"]);

    const refused = await admin.json(`/api/admin/orders/${orderNumber}/cancel`, { note: "ID not good enough" });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe("A paid order cannot be cancelled; it can only be refunded.");
    expect(orderRow(id)).toMatchObject({ status: "on_hold", paymentStatus: "paid", stockReleasedAt: null });
    expect(stockOf(dashCam)).toBe(before - 2);

    const refunded = await admin.json(`/api/admin/orders/${orderNumber}/refund`, { note: "ID not good enough" });
    expect(refunded.status).toBe(200);
    // Paid by bank transfer: the refund is owed until the owner marks it sent (decision 084).
    expect(orderRow(id)).toMatchObject({ status: "refunded", paymentStatus: "refund_owed" });
    expect(stockOf(dashCam)).toBe(before);
  });

  test("refund of a manually paid order: stock back while unshipped, the customer told; an unpaid order cannot be refunded", async () => {
    const dashCam = productId("covert-dash-cam-4k");
    const before = stockOf(dashCam)!;
    const { orderNumber, id } = placed("ann@example.com");
    const early = await admin.json(`/api/admin/orders/${orderNumber}/refund`);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe("Only a paid order can be refunded.");
    await admin.json(`/api/admin/orders/${orderNumber}/mark-paid`);
    const res = await admin.json(`/api/admin/orders/${orderNumber}/refund`, { note: "Paid back by bank transfer" });
    expect(res.status).toBe(200);
    // Owed until the owner marks it sent, and the customer told it is on its way, not that it was made (decision 084).
    expect(orderRow(id)).toMatchObject({ status: "refunded", paymentStatus: "refund_owed" });
    expect(stockOf(dashCam)).toBe(before);
    expect(mailTo("ann@example.com")).toContain(`Your refund for order ${orderNumber} is on its way`);
    expect(mailTo("ann@example.com")).not.toContain(`Refund for order ${orderNumber}`);
    expect(standIn.requestsTo(/refund$/)).toHaveLength(0);
  });

  test("bad bodies are 400s and change nothing; unknown orders 404", async () => {
    const { orderNumber, id } = placed("ann@example.com");
    const long = await admin.json(`/api/admin/orders/${orderNumber}/mark-paid`, { note: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).fields?.note).toBeDefined();
    const junk = await admin.send("POST", `/api/admin/orders/${orderNumber}/cancel`, undefined, "{not json");
    expect(junk.status).toBe(400);
    expect(orderRow(id)).toMatchObject({ status: "pending", paymentStatus: "pending" });
    for (const action of ["mark-paid", "deliver", "cancel", "refund"]) {
      expect((await admin.json(`/api/admin/orders/PI-2222-2222/${action}`)).status).toBe(404);
    }
    expect((await admin.json("/api/admin/orders/PI-2222-2222/verify", { document: "passport" })).status).toBe(404);
    expect((await admin.json("/api/admin/orders/PI-2222-2222/ship", { trackingNumber: "AP123456789", carrier: "auspost" })).status).toBe(404);
  });
});

describe("refund of a PayPal order", () => {
  /** A PayPal order for `email`, captured through the stand-in and recorded as paid, with its payment row. */
  async function paidWithPayPal(email: string) {
    const order = placed(email, { paymentMethod: "paypal" });
    const client = new PayPalClient({ ...standInCredentials, apiBase: standIn.url }, { retries: 0 });
    const created = await client.createOrder({
      requestId: `create-${order.orderNumber}`,
      referenceCode: order.orderNumber,
      paymentId: order.orderNumber,
      description: `Order ${order.orderNumber}`,
      amount: order.total,
      currency: "USD",
    });
    const capture = await client.captureOrder(created.id, `capture-${order.orderNumber}`);
    const captureId = capture.capture?.id ?? "";
    const payment = t.db
      .insert(payments)
      .values({
        serviceName: `Order ${order.orderNumber}`,
        method: "paypal",
        amount: order.total,
        referenceCode: `PAY-${order.orderNumber}`,
        providerOrderId: created.id,
        providerCaptureId: captureId,
        shopOrderId: order.id,
        status: "completed",
      })
      .returning({ id: payments.id })
      .get();
    const paid = changeOrder(t.db, order.id, { kind: "mark_paid", captureId }, { actor: "system" });
    if (!paid.ok) throw new Error("could not mark paid");
    return { ...order, captureId, paymentId: payment.id };
  }
  const paymentStatus = (id: string) => t.db.select({ s: payments.status }).from(payments).where(eq(payments.id, id)).get()?.s;

  test("PayPal refunds the capture first (the order's total, with a request id); the refund id goes in the history and the payment row is refunded", async () => {
    const order = await paidWithPayPal("ann@example.com");
    const res = await admin.json(`/api/admin/orders/${order.orderNumber}/refund`, { note: "Returned unopened" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminOrderDetail;
    expect(body).toMatchObject({ status: "refunded", paymentStatus: "refunded", actions: [] });
    const [refund] = standIn.refunds.made;
    expect(refund).toMatchObject({ captureId: order.captureId, amount: order.total, currency: "USD", requestId: `refund-${order.orderNumber}` });
    expect(body.history.at(-1)?.note).toBe(`PayPal refund ${refund?.id}. Returned unopened`);
    expect(body.payments[0]?.status).toBe("refunded");
    expect(paymentStatus(order.paymentId)).toBe("refunded");
    expect(mailTo("ann@example.com")).toContain(`Refund for order ${order.orderNumber}`);
    expect(standIn.violations).toEqual([]);
    // Done once: a second refund is refused here, before PayPal is asked again.
    expect((await admin.json(`/api/admin/orders/${order.orderNumber}/refund`)).status).toBe(409);
    expect(standIn.requestsTo(/refund$/)).toHaveLength(1);
  });

  test.each([
    { behaviour: "declined", code: "refund_failed", message: () => "REFUND_FAILED_INSUFFICIENT_FUNDS" },
    {
      behaviour: "pending",
      code: "refund_not_completed",
      message: () => `PayPal reports refund ${standIn.refunds.made.at(-1)?.id} as PENDING. Nothing was changed here; check it in PayPal.`,
    },
  ] as const)("a refund PayPal answers $behaviour is a 502 ($code) and changes nothing", async ({ behaviour, code, message }) => {
    const order = await paidWithPayPal("ann@example.com");
    const events = countRows(t, "order_events");
    const mails = countRows(t, "outbox");
    standIn.refunds.behaviour = behaviour;
    const res = await admin.json(`/api/admin/orders/${order.orderNumber}/refund`);
    expect(res.status).toBe(502);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    expect(error.message).toContain(message());
    expect(orderRow(order.id)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    expect(paymentStatus(order.paymentId)).toBe("completed");
    expect(countRows(t, "order_events")).toBe(events);
    expect(countRows(t, "outbox")).toBe(mails);
    expect(standIn.violations).toEqual([]);
  });

  test("PayPal failing with 500s (retried with the same request id) is a 502 and changes nothing", async () => {
    const order = await paidWithPayPal("bob@example.com");
    standIn.refunds.behaviour = "error";
    const res = await admin.json(`/api/admin/orders/${order.orderNumber}/refund`);
    expect(res.status).toBe(502);
    const tries = standIn.requestsTo(`/v2/payments/captures/${order.captureId}/refund`);
    expect(tries.length).toBeGreaterThan(1);
    expect(new Set(tries.map((r) => r.requestId))).toEqual(new Set([`refund-${order.orderNumber}`]));
    expect(orderRow(order.id)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    expect(paymentStatus(order.paymentId)).toBe("completed");
  });

  test("without PayPal configured a PayPal order's refund is a 502 and changes nothing", async () => {
    t.close();
    t = createTestApp();
    admin = adminClient(t);
    const order = placed("dan@example.com", { paymentMethod: "paypal" });
    expect(changeOrder(t.db, order.id, { kind: "mark_paid", captureId: "CAPTURE-1" }, { actor: "system" }).ok).toBe(true);
    const events = countRows(t, "order_events");
    const refundCalls = standIn.requestsTo(/refund$/).length;
    const res = await admin.json(`/api/admin/orders/${order.orderNumber}/refund`);
    expect(res.status).toBe(502);
    expect((await errorOf(res)).code).toBe("paypal_unavailable");
    expect(orderRow(order.id)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    expect(countRows(t, "order_events")).toBe(events);
    expect(standIn.requestsTo(/refund$/)).toHaveLength(refundCalls);
  });
});
