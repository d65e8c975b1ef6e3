import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { paymentDetails } from "../../tests/factories";
import { browser, testOrigin } from "../../tests/helpers/browser";
import { countRows, createTestApp, type ErrorBody, type TestApp } from "../../tests/helpers/test-app";
import { changeOrder } from "../db/orders.server";
import { cartItems, orders, outbox, products, settings } from "../db/schema";
import type { OrderSummaryView, OrderView } from "../shared/orders";

let t: TestApp;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
  // Bank transfer and crypto are on offer only with the owner's real details (decision 067).
  paymentDetails(t.db);
});
afterEach(() => t.close());

type Browser = ReturnType<typeof browser>;
type Placed = Pick<
  OrderView,
  "orderNumber" | "status" | "paymentStatus" | "subtotal" | "discountAmount" | "shippingAmount" | "taxAmount" | "totalAmount" | "items"
>;

const address = { name: "Ann Lee", line1: "1 King William St", suburb: "Adelaide", state: "SA", postcode: "5000", phone: "0412 345 678" };
const body = (overrides: Record<string, unknown> = {}) => ({ shippingAddress: address, paymentMethod: "bank_transfer", ...overrides });

function product(slug: string) {
  const row = t.db.select().from(products).where(eq(products.slug, slug)).get();
  if (!row) throw new Error(`no product ${slug}`);
  return row;
}
const camera = () => product("covert-body-worn-camera-4k"); // 449, on sale at 399, stock 18
const tracker = () => product("personal-gps-safety-tracker"); // 129, stock 40
const stockOf = (id: number) => t.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)).get()?.s;
const setSetting = (key: string, value: unknown) =>
  t.db
    .update(settings)
    .set({ value: JSON.stringify(value) })
    .where(eq(settings.key, key))
    .run();

async function customer(email: string, lines: [number, number][], opts: { verified?: boolean } = {}) {
  const b = browser(t);
  const id = b.signInAs(email, opts);
  for (const [productId, quantity] of lines) t.db.insert(cartItems).values({ userId: id, productId, quantity }).run();
  return Object.assign(b, { id });
}
const place = (b: Browser, payload: unknown) => b.postJson("/api/orders", payload);
const counts = () => ({ orders: countRows(t, "orders"), items: countRows(t, "order_items"), cart: countRows(t, "cart_items"), outbox: countRows(t, "outbox") });

describe("signed out", () => {
  test("every route answers 401 in the JSON shape and writes nothing", async () => {
    const ann = await customer("ann@example.com", [[camera().id, 1]]);
    const placed = (await (await place(ann, body())).json()) as Placed;
    const before = counts();
    const calls: [string, string][] = [
      ["POST", "/api/orders"],
      ["GET", "/api/orders"],
      ["GET", `/api/orders/${placed.orderNumber}`],
      ["POST", `/api/orders/${placed.orderNumber}/cancel`],
    ];
    for (const [method, path] of calls) {
      const res = await t.request(path, {
        method,
        headers: { "Content-Type": "application/json", Origin: testOrigin },
        body: method === "POST" ? JSON.stringify(body()) : undefined,
      });
      expect(res.status).toBe(401);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(((await res.json()) as ErrorBody).error.code).toBe("unauthorized");
    }
    expect(counts()).toEqual(before);
  });
});

describe("placing an order", () => {
  test("201 with the server's totals at today's prices; prices in the body are ignored; cart emptied, stock taken", async () => {
    const ann = await customer("ann@example.com", [[camera().id, 2]]);
    const before = stockOf(camera().id) ?? 0;
    const res = await place(ann, { ...body(), subtotal: "1.00", totalAmount: "1.00", items: [{ productId: camera().id, unitPrice: "0.01" }] });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const order = (await res.json()) as Placed;
    expect(order.orderNumber).toMatch(/^PI-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      subtotal: "798.00",
      discountAmount: "0.00",
      shippingAmount: "0.00",
      taxAmount: "0.00", // no ABN on a fresh site: no GST (decision 068)
      totalAmount: "798.00",
    });
    expect(order.items).toMatchObject([{ productId: camera().id, name: camera().name, quantity: 2, unitPrice: "399.00", totalPrice: "798.00" }]);
    expect(stockOf(camera().id)).toBe(before - 2);
    expect(countRows(t, "cart_items")).toBe(0);
  });

  test("queues the customer's confirmation with payment instructions and the business notice", async () => {
    const ann = await customer("ann@example.com", [[camera().id, 1]]);
    const order = (await (await place(ann, body())).json()) as Placed;
    const mail = t.db.select({ to: outbox.to, subject: outbox.subject, text: outbox.text }).from(outbox).all();
    const toAnn = mail.find((m) => m.to === "ann@example.com");
    const toOwner = mail.find((m) => m.to === "owner@example.com");
    expect(toAnn?.text).toContain(order.orderNumber);
    expect(toAnn?.text).toContain(`http://localhost/orders/${order.orderNumber.toLowerCase()}`);
    expect(toOwner?.text).toContain(order.orderNumber);
  });

  test("shipping is free at exactly the threshold and the flat fee just below it", async () => {
    t.db.update(products).set({ price: "100.00", salePrice: null }).where(eq(products.id, tracker().id)).run();
    setSetting("freeShippingThreshold", 200);
    setSetting("flatShippingFee", 15);
    const ann = await customer("ann@example.com", [[tracker().id, 2]]);
    const atThreshold = (await (await place(ann, body())).json()) as Placed;
    expect(atThreshold).toMatchObject({ subtotal: "200.00", shippingAmount: "0.00", totalAmount: "200.00" });

    t.db.update(products).set({ price: "99.99" }).where(eq(products.id, tracker().id)).run();
    const ben = await customer("ben@example.com", [[tracker().id, 2]]);
    const below = (await (await place(ben, body())).json()) as Placed;
    expect(below).toMatchObject({ subtotal: "199.98", shippingAmount: "15.00", totalAmount: "214.98" });
  });

  test("paying by cryptocurrency takes the discount from settings off the goods", async () => {
    setSetting("cryptoDiscountPercent", 10);
    const ann = await customer("ann@example.com", [[camera().id, 1]]);
    const order = (await (await place(ann, body({ paymentMethod: "crypto" }))).json()) as Placed;
    expect(order).toMatchObject({ subtotal: "399.00", discountAmount: "39.90", shippingAmount: "0.00", totalAmount: "359.10" });
  });

  test("bad fields answer 400 with messages keyed by field, and nothing changes", async () => {
    const ann = await customer("ann@example.com", [[camera().id, 1]]);
    const before = counts();
    const res = await place(ann, {
      shippingAddress: { ...address, postcode: "50000", state: "XX", name: "" },
      billingAddress: { ...address, phone: "call me" },
      paymentMethod: "cheque",
    });
    expect(res.status).toBe(400);
    const fields = ((await res.json()) as ErrorBody).error.fields ?? {};
    expect(fields["shippingAddress.postcode"]).toBe("Postcode must be 4 digits");
    expect(fields["shippingAddress.state"]).toBe("Choose a state or territory");
    expect(fields["shippingAddress.name"]).toBe("Name is required");
    expect(fields["billingAddress.phone"]).toContain("Enter a phone number");
    expect(fields.paymentMethod).toBe("Choose how you will pay");
    for (const junk of ["not json", "[]", "null"]) {
      const r = await ann.jar.take(
        await t.request("/api/orders", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: testOrigin, Cookie: ann.jar.header() },
          body: junk,
        }),
      );
      expect(r.status).toBe(400);
    }
    expect(counts()).toEqual(before);
    expect(stockOf(camera().id)).toBe(camera().stockQuantity);
  });

  test("an empty cart answers 400", async () => {
    const ann = await customer("ann@example.com", []);
    const res = await place(ann, body());
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: "empty_cart",
      message: "Your cart is empty. Add something from the shop before checking out.",
    });
    expect(countRows(t, "orders")).toBe(0);
  });

  test("products sold out or short of stock answer 409 naming them, and nothing is taken", async () => {
    const soldOut = product("cellular-trail-camera");
    const obd = product("obd-fleet-gps-tracker"); // stock 3
    const ann = await customer("ann@example.com", [
      [camera().id, 1],
      [soldOut.id, 1],
      [obd.id, 5],
    ]);
    const res = await place(ann, body());
    expect(res.status).toBe(409);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.code).toBe("unavailable");
    expect(error.message).toContain(`${soldOut.name} (no longer available)`);
    expect(error.message).toContain(`${obd.name} (only 3 left, 5 in your cart)`);
    expect(error.message).not.toContain(camera().name);
    expect(countRows(t, "orders")).toBe(0);
    expect(stockOf(camera().id)).toBe(camera().stockQuantity);
    expect(countRows(t, "cart_items")).toBe(3);
  });

  test("a product restricted in the shipping state answers 400 naming the product and the state", async () => {
    t.db
      .update(products)
      .set({ restrictedStates: ["VIC", "WA"] })
      .where(eq(products.id, camera().id))
      .run();
    const ann = await customer("ann@example.com", [[camera().id, 1]]);
    const res = await place(ann, body({ shippingAddress: { ...address, state: "VIC" } }));
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.fields?.["shippingAddress.state"]).toContain(`${camera().name} cannot be shipped to Victoria`);
    expect(countRows(t, "orders")).toBe(0);
    expect((await place(ann, body())).status).toBe(201);
  });

  test("PayPal is refused with a field message when it is not configured, accepted when it is", async () => {
    const ann = await customer("ann@example.com", [[camera().id, 1]]);
    const res = await place(ann, body({ paymentMethod: "paypal" }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields?.paymentMethod).toBe("PayPal is not available at the moment. Please choose another payment method.");
    expect(countRows(t, "orders")).toBe(0);
    t.close();

    t = createTestApp({ PAYPAL_CLIENT_ID: "client", PAYPAL_CLIENT_SECRET: "secret" });
    const ben = await customer("ben@example.com", [[camera().id, 1]]);
    const ok = await place(ben, body({ paymentMethod: "paypal" }));
    expect(ok.status).toBe(201);
  });

  test("more than 10 orders from one account in 15 minutes answer 429; another account is not held back", async () => {
    const ann = await customer("ann@example.com", []);
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await place(ann, body())).status;
    expect(last).toBe(429);
    const ben = await customer("ben@example.com", [[camera().id, 1]]);
    expect((await place(ben, body())).status).toBe(201);
  });
});

describe("what one customer may hold (decision 024)", () => {
  /** Places Ann's cart, expects the refusal `status`, and that nothing changed (orders, items, cart, mail, stock); answers the error. */
  async function refused(ann: Browser, status: number) {
    const before = { ...counts(), camera: stockOf(camera().id), tracker: stockOf(tracker().id) };
    const res = await place(ann, body());
    expect(res.status).toBe(status);
    expect({ ...counts(), camera: stockOf(camera().id), tracker: stockOf(tracker().id) }).toEqual(before);
    return ((await res.json()) as ErrorBody).error;
  }
  const addToCart = (userId: string, productId: number, quantity: number) => t.db.insert(cartItems).values({ userId, productId, quantity }).run();
  /** Ann places an order of `quantity` trackers. */
  async function trackersOrdered(ann: Browser & { id: string }, quantity: number) {
    addToCart(ann.id, tracker().id, quantity);
    expect((await place(ann, body())).status).toBe(201);
  }

  test("an unconfirmed e-mail address answers 403 saying so; nothing is taken, no mail queued, the cart is kept", async () => {
    const ann = await customer("ann@example.com", [[camera().id, 2]], { verified: false });
    expect(await refused(ann, 403)).toEqual({
      code: "email_unverified",
      message: "Please confirm your e-mail address before placing an order: open the link we e-mailed you, or have it sent again. Your cart is kept.",
    });
  });

  test("more than 10 of one product with the open orders, then a third open unpaid order, answer 409 naming why; the cart is kept", async () => {
    const ann = await customer("ann@example.com", []);
    await trackersOrdered(ann, 6);
    addToCart(ann.id, tracker().id, 5);
    expect(await refused(ann, 409)).toMatchObject({
      code: "product_limit",
      message: `You can have at most 10 of each product in your cart and unpaid orders together: ${tracker().name} (6 in unpaid orders, 5 in your cart). Please lower the quantity in your cart, or pay for your open order first.`,
    });
    t.db.delete(cartItems).run();
    await trackersOrdered(ann, 4);
    addToCart(ann.id, camera().id, 1);
    expect(await refused(ann, 409)).toEqual({
      code: "too_many_open_orders",
      message: "You already have 2 unpaid orders. Please pay for one or cancel it before placing another. Your cart is kept.",
    });
  });
});

describe("reading orders", () => {
  test("the list and each order are the caller's own; anyone else's or a malformed number is 404", async () => {
    const ann = await customer("ann@example.com", [[camera().id, 1]]);
    const order = (await (await place(ann, body({ notes: "Leave at the door" }))).json()) as Placed;
    const ben = await customer("ben@example.com", []);

    const list = await ann.get("/api/orders");
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect((await list.json()) as OrderSummaryView[]).toMatchObject([{ orderNumber: order.orderNumber, itemCount: 1, totalAmount: "399.00" }]);
    expect(await (await ben.get("/api/orders")).json()).toEqual([]);

    const mine = await ann.get(`/api/orders/${order.orderNumber}`);
    expect(mine.status).toBe(200);
    expect((await mine.json()) as OrderView).toMatchObject({ orderNumber: order.orderNumber, notes: "Leave at the door", canCancel: true });
    // Paths are matched in any case: the lowercase page URL names the same order.
    expect((await ann.get(`/api/orders/${order.orderNumber.toLowerCase()}`)).status).toBe(200);

    for (const [who, path] of [
      [ben, `/api/orders/${order.orderNumber}`],
      [ann, "/api/orders/PI-2222-2222"],
      [ann, "/api/orders/not-an-order"],
    ] as const) {
      const res = await who.get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(((await res.json()) as ErrorBody).error.code).toBe("not_found");
    }
  });
});

describe("cancelling", () => {
  test("the customer cancels an unpaid order: stock back, history kept, e-mail queued", async () => {
    const ann = await customer("ann@example.com", [[camera().id, 3]]);
    const before = stockOf(camera().id) ?? 0;
    const order = (await (await place(ann, body())).json()) as Placed;
    expect(stockOf(camera().id)).toBe(before - 3);
    const mailBefore = countRows(t, "outbox");

    const res = await ann.postJson(`/api/orders/${order.orderNumber}/cancel`, {});
    expect(res.status).toBe(200);
    expect((await res.json()) as OrderView).toMatchObject({ status: "cancelled", canCancel: false });
    expect(stockOf(camera().id)).toBe(before);
    // The customer's notice and the business's alert (src/api/alerts.test.ts).
    expect(countRows(t, "outbox")).toBe(mailBefore + 2);

    // A second cancel gives nothing back twice.
    const again = await ann.postJson(`/api/orders/${order.orderNumber}/cancel`, {});
    expect(again.status).toBe(409);
    expect(stockOf(camera().id)).toBe(before);
  });

  test("a paid or shipped order answers 409; someone else's answers 404", async () => {
    const ann = await customer("ann@example.com", [[camera().id, 1]]);
    const order = (await (await place(ann, body())).json()) as Placed;
    const ben = await customer("ben@example.com", []);
    const other = await ben.postJson(`/api/orders/${order.orderNumber}/cancel`, {});
    expect(other.status).toBe(404);

    const row = t.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)).get();
    if (!row) throw new Error("order not stored");
    expect(changeOrder(t.db, row.id, { kind: "mark_paid" }, { actor: "admin" }).ok).toBe(true);
    const stock = stockOf(camera().id);
    const paid = await ann.postJson(`/api/orders/${order.orderNumber}/cancel`, {});
    expect(paid.status).toBe(409);
    expect(((await paid.json()) as ErrorBody).error.message).toBe("This order can no longer be cancelled: it has been paid, shipped or closed.");

    expect(changeOrder(t.db, row.id, { kind: "ship", trackingNumber: "AP123456789" }, { actor: "admin" }).ok).toBe(true);
    expect((await ann.postJson(`/api/orders/${order.orderNumber}/cancel`, {})).status).toBe(409);
    expect(stockOf(camera().id)).toBe(stock);
    expect(t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, row.id)).get()?.s).toBe("shipped");
  });
});
