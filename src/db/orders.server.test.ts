import { beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { customerWithSession, paymentDetails } from "../../tests/factories";
import { testAddress } from "../../tests/helpers/shop";
import { countRows } from "../../tests/helpers/test-app";
import { testAppPerTest } from "../../tests/helpers/per-test";
import type { CheckoutInput } from "../shared/checkout";
import { customerMailPerHour, enqueueCustomerMail, enqueueMail } from "../mail/outbox.server";
import { placeCustomerOrder } from "../actions/place-order.server";
import { orderCancelMail, orderChangeMail } from "../mail/order-mail.server";
import { cancelOrder, changeOrder, customerOrder, customerOrderRow, customerOrders, expiredUnpaidOrders, type OrderChange, placeOrder } from "./orders.server";
import { cartItems, categories, orderEvents, orderItems, orders, outbox as outboxTable, products, settings, users } from "./schema";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@pi.example", PUBLIC_URL: "https://pi.example" });
// Bank transfer and crypto are on offer only with the owner's real details (decision 067).
beforeEach(() => paymentDetails(t.db));

const checkout = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({ shippingAddress: testAddress, paymentMethod: "bank_transfer", ...overrides });

function product(slug: string) {
  const row = t.db.select().from(products).where(eq(products.slug, slug)).get();
  if (!row) throw new Error(`no product ${slug}`);
  return row;
}
const stockOf = (id: number) => t.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)).get()?.s;
function customerWith(lines: [number, number][], email = "ann@example.com") {
  const { userId } = customerWithSession(t.db, email, { verified: true });
  for (const [productId, quantity] of lines) t.db.insert(cartItems).values({ userId, productId, quantity }).run();
  return userId;
}
const tableCounts = () => ({
  orders: countRows(t, "orders"),
  items: countRows(t, "order_items"),
  events: countRows(t, "order_events"),
  cart: countRows(t, "cart_items"),
});

test("an order takes the stock, copies the items at today's prices, records its start and empties the cart", () => {
  const camera = product("covert-body-worn-camera-4k"); // on sale at 399
  const userId = customerWith([[camera.id, 2]]);
  const before = camera.stockQuantity;
  const now = new Date("2026-11-23T01:00:00Z");
  const result = placeOrder(t.db, userId, checkout(), now);
  if (!result.ok) throw new Error(result.reason);
  expect(result.order.orderNumber).toMatch(/^PI-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  expect(result.order).toMatchObject({
    status: "pending",
    paymentStatus: "pending",
    subtotal: "798.00",
    shippingAmount: "0.00",
    totalAmount: "798.00",
    taxAmount: "0.00", // no ABN on a fresh site: no GST (decision 068)
  });
  expect(result.order.holdExpiresAt.getTime()).toBe(now.getTime() + 3 * 86_400_000);
  expect(stockOf(camera.id)).toBe(before - 2);
  const item = t.db.select().from(orderItems).get();
  expect(item).toMatchObject({ productId: camera.id, quantity: 2, unitPrice: "399.00", totalPrice: "798.00" });
  expect(item?.productSnapshot).toMatchObject({ name: camera.name, slug: camera.slug });
  const stored = t.db.select().from(orders).get();
  expect(stored?.shippingAddress).toMatchObject({ city: "Adelaide", state: "SA", country: "AU" });
  expect(stored?.billingAddress).toEqual(stored?.shippingAddress);
  expect(t.db.select().from(orderEvents).all()).toMatchObject([{ status: "pending", paymentStatus: "pending", actor: "customer" }]);
  expect(countRows(t, "cart_items")).toBe(0);
});

test("an empty cart places nothing", () => {
  const userId = customerWith([]);
  expect(placeOrder(t.db, userId, checkout())).toEqual({ ok: false, reason: "empty_cart" });
  expect(tableCounts()).toEqual({ orders: 0, items: 0, events: 0, cart: 0 });
});

test("a product short of stock or no longer sold is named, and nothing is taken", () => {
  const camera = product("covert-body-worn-camera-4k");
  const soldOut = product("cellular-trail-camera");
  const userId = customerWith([
    [camera.id, 1],
    [soldOut.id, 1],
  ]);
  const result = placeOrder(t.db, userId, checkout());
  expect(result).toEqual({ ok: false, reason: "unavailable", products: [{ productId: soldOut.id, name: soldOut.name, available: 0, requested: 1 }] });
  expect(stockOf(camera.id)).toBe(camera.stockQuantity);

  t.db.update(products).set({ stockQuantity: 5 }).where(eq(products.id, soldOut.id)).run();
  t.db
    .update(categories)
    .set({ isActive: false })
    .where(eq(categories.id, soldOut.categoryId ?? -1))
    .run();
  const hidden = placeOrder(t.db, userId, checkout());
  expect(hidden).toMatchObject({ ok: false, reason: "unavailable" });
  expect(hidden.ok === false && hidden.reason === "unavailable" && hidden.products).toContainEqual({
    productId: soldOut.id,
    name: soldOut.name,
    available: 0,
    requested: 1,
  });
  expect(tableCounts()).toEqual({ orders: 0, items: 0, events: 0, cart: 2 });
});

test("a product restricted in the shipping state is refused by name and state", () => {
  const camera = product("covert-body-worn-camera-4k");
  t.db
    .update(products)
    .set({ restrictedStates: ["VIC", "NSW"] })
    .where(eq(products.id, camera.id))
    .run();
  const userId = customerWith([[camera.id, 1]]);
  const result = placeOrder(t.db, userId, checkout({ shippingAddress: { ...testAddress, state: "VIC" } }));
  expect(result).toEqual({ ok: false, reason: "restricted", state: "VIC", products: [{ productId: camera.id, name: camera.name }] });
  expect(stockOf(camera.id)).toBe(camera.stockQuantity);
  expect(placeOrder(t.db, userId, checkout()).ok).toBe(true);
});

test("an order with a product that needs an ID check starts on hold", () => {
  const recorder = product("digital-voice-recorder-pro");
  expect(recorder.requiresVerification).toBe(true);
  const result = placeOrder(t.db, customerWith([[recorder.id, 1]]), checkout());
  expect(result).toMatchObject({ ok: true, order: { status: "on_hold" } });
});

test("paying by cryptocurrency takes the crypto discount off the goods; PayPal holds stock for an hour", () => {
  t.db
    .insert(settings)
    .values({ key: "cryptoDiscountPercent", value: "10" })
    .onConflictDoUpdate({ target: settings.key, set: { value: "10" } })
    .run();
  const camera = product("covert-body-worn-camera-4k");
  const crypto = placeOrder(t.db, customerWith([[camera.id, 1]]), checkout({ paymentMethod: "crypto" }));
  expect(crypto).toMatchObject({ ok: true, order: { subtotal: "399.00", discountAmount: "39.90", totalAmount: "359.10" } });
  const now = new Date("2026-11-23T01:00:00Z");
  const paypal = placeOrder(t.db, customerWith([[camera.id, 1]], "bob@example.com"), checkout({ paymentMethod: "paypal" }), now);
  if (!paypal.ok) throw new Error(paypal.reason);
  expect(paypal.order.holdExpiresAt.getTime()).toBe(now.getTime() + 60 * 60_000);
});

test("cancelling gives the stock back exactly once, and a cancelled order cannot be cancelled again", () => {
  const camera = product("covert-body-worn-camera-4k");
  const userId = customerWith([[camera.id, 3]]);
  const placed = placeOrder(t.db, userId, checkout());
  if (!placed.ok) throw new Error(placed.reason);
  expect(stockOf(camera.id)).toBe(camera.stockQuantity - 3);
  expect(cancelOrder(t.db, placed.order.id, { actor: "customer", userId: "someone-else" })).toEqual({ ok: false, reason: "not_found" });
  expect(cancelOrder(t.db, placed.order.id, { actor: "customer", userId })).toEqual({ ok: true });
  expect(stockOf(camera.id)).toBe(camera.stockQuantity);
  expect(cancelOrder(t.db, placed.order.id, { actor: "system" })).toEqual({ ok: false, reason: "not_allowed" });
  expect(stockOf(camera.id)).toBe(camera.stockQuantity);
  expect(t.db.select({ status: orderEvents.status, actor: orderEvents.actor }).from(orderEvents).all()).toEqual([
    { status: "pending", actor: "customer" },
    { status: "cancelled", actor: "customer" },
  ]);
});

test("a paid order is not cancelled by its customer or by expiry", () => {
  const camera = product("covert-body-worn-camera-4k");
  const userId = customerWith([[camera.id, 1]]);
  const placed = placeOrder(t.db, userId, checkout(), new Date("2026-11-01T00:00:00Z"));
  if (!placed.ok) throw new Error(placed.reason);
  t.db.update(orders).set({ paymentStatus: "paid", status: "processing" }).where(eq(orders.id, placed.order.id)).run();
  expect(cancelOrder(t.db, placed.order.id, { actor: "customer", userId })).toEqual({ ok: false, reason: "not_allowed" });
  expect(expiredUnpaidOrders(t.db, new Date("2026-12-01T00:00:00Z"))).toEqual([]);
});

test("unpaid orders past their hold are found for the expiry job; a deleted product's snapshot survives cancelling", () => {
  const camera = product("covert-body-worn-camera-4k");
  const placedAt = new Date("2026-11-20T00:00:00Z");
  const placed = placeOrder(t.db, customerWith([[camera.id, 1]]), checkout(), placedAt);
  if (!placed.ok) throw new Error(placed.reason);
  expect(expiredUnpaidOrders(t.db, new Date("2026-11-22T23:59:59Z"))).toEqual([]);
  expect(expiredUnpaidOrders(t.db, new Date("2026-11-23T00:00:00Z"))).toEqual([placed.order.id]);
  t.db.delete(products).where(eq(products.id, camera.id)).run();
  expect(cancelOrder(t.db, placed.order.id, { actor: "system" })).toEqual({ ok: true });
  expect(t.db.select().from(orderItems).get()).toMatchObject({ productId: null, productSnapshot: { name: camera.name } });
});

/** Each change's e-mails, as the owner's actions and the payment jobs hand them to the change. */
const mailOf = (change: OrderChange["kind"]) => orderChangeMail(t.deps, change);
const outbox = () => t.db.select({ to: outboxTable.to, subject: outboxTable.subject, text: outboxTable.text }).from(outboxTable).all();

/** The customer's order placed as checkout places it, with its e-mails. */
function placed(lines: [number, number][], input: Partial<CheckoutInput> = {}, email = "ann@example.com") {
  const userId = customerWith(lines, email);
  const view = placeCustomerOrder(t.deps, userId, checkout(input), new Date("2026-11-23T01:00:00Z"));
  const order = customerOrderRow(t.db, userId, view.orderNumber);
  if (!order) throw new Error("the order was not kept");
  return { userId, order, view };
}

test("placing an order e-mails the customer how to pay (the order number as the reference) and tells the business", () => {
  const camera = product("covert-body-worn-camera-4k");
  const { view } = placed([[camera.id, 1]]);
  const sent = outbox();
  expect(sent.map((m) => [m.to, m.subject])).toEqual([
    ["ann@example.com", `Order ${view.orderNumber} received`],
    ["owner@pi.example", `New order ${view.orderNumber}: $399`],
  ]);
  // Bank transfer is on offer only with real details, and the e-mail shows them (decision 067).
  expect(sent[0]?.text).toContain(`  Reference: ${view.orderNumber}`);
  expect(sent[0]?.text).toContain("  BSB: 065-000\n  Account number: 12345678");
  expect(sent[0]?.text).not.toContain("will follow");
  expect(sent[0]?.text).toContain(`https://pi.example/orders/${view.orderNumber.toLowerCase()}`);
  expect(sent[1]?.text).toContain(`Manage it in the admin portal: https://pi.example/admin/orders/${view.orderNumber.toLowerCase()}`);
  expect(view).toMatchObject({ status: "pending", canCancel: true, items: [{ name: camera.name, quantity: 1, unitPrice: "399.00" }] });
  expect(view.shippingAddress).toEqual(testAddress);
});

test("the owner's path: mark paid, ship with tracking, deliver; each step kept in the history and the customer told", () => {
  const camera = product("covert-body-worn-camera-4k");
  const { order } = placed([[camera.id, 1]]);
  const owner = { actor: "admin" as const };
  expect(changeOrder(t.db, order.id, { kind: "ship", trackingNumber: "AP123456789" }, owner)).toMatchObject({ ok: false, reason: "not_allowed" });
  const paid = changeOrder(t.db, order.id, { kind: "mark_paid", note: "Transfer seen" }, owner, new Date(), mailOf("mark_paid"));
  expect(paid).toMatchObject({ ok: true, order: { status: "processing", paymentStatus: "paid", holdExpiresAt: null, canCancel: false } });
  const shipped = changeOrder(t.db, order.id, { kind: "ship", trackingNumber: "AP123456789" }, owner, new Date(), mailOf("ship"));
  expect(shipped).toMatchObject({ ok: true, order: { status: "shipped", trackingNumber: "AP123456789" } });
  if (!shipped.ok) throw new Error("not shipped");
  expect(shipped.order.trackingUrl).toBe("https://auspost.com.au/mypost/track/details/AP123456789");
  expect(changeOrder(t.db, order.id, { kind: "deliver" }, owner)).toMatchObject({ ok: true, order: { status: "delivered" } });
  expect(changeOrder(t.db, order.id, { kind: "mark_paid" }, owner)).toMatchObject({ ok: false, reason: "not_allowed" });
  expect(customerOrder(t.db, "someone-else", order.orderNumber)).toBeUndefined();
  const mine = customerOrder(t.db, (t.db.select().from(orders).get()?.userId ?? "") as string, order.orderNumber);
  expect(mine?.history.map((h) => [h.status, h.paymentStatus, h.actor, h.note])).toEqual([
    ["pending", "pending", "customer", "Order placed"],
    ["processing", "paid", "admin", "Transfer seen"],
    ["shipped", "paid", "admin", null],
    ["delivered", "paid", "admin", null],
  ]);
  const subjects = outbox().map((m) => m.subject);
  expect(subjects).toContain(`Payment received for order ${order.orderNumber}`);
  expect(subjects).toContain(`Order ${order.orderNumber} has shipped`);
  expect(outbox().find((m) => m.subject.endsWith("has shipped"))?.text).toContain("Tracking number: AP123456789");
});

test("an ID-checked order is not shipped until verified; verification after payment moves it on to processing", () => {
  const restricted = t.db.select().from(products).where(eq(products.requiresVerification, true)).get();
  if (!restricted) throw new Error("no ID-checked product in the seed");
  t.db.update(products).set({ restrictedStates: [], stockQuantity: 10, isActive: true }).where(eq(products.id, restricted.id)).run();
  const { order } = placed([[restricted.id, 1]]);
  const owner = { actor: "admin" as const };
  expect(changeOrder(t.db, order.id, { kind: "mark_paid" }, owner)).toMatchObject({ ok: true, order: { status: "on_hold", paymentStatus: "paid" } });
  expect(changeOrder(t.db, order.id, { kind: "ship", trackingNumber: "AP123456789" }, owner)).toMatchObject({ ok: false, reason: "not_allowed" });
  expect(changeOrder(t.db, order.id, { kind: "verify" }, owner)).toMatchObject({ ok: true, order: { status: "processing" } });
  expect(changeOrder(t.db, order.id, { kind: "verify" }, owner)).toMatchObject({ ok: false, reason: "not_allowed" });
});

test("a refund before shipping puts the items back on sale once; after shipping it does not", () => {
  const camera = product("covert-body-worn-camera-4k");
  const owner = { actor: "admin" as const };
  const first = placed([[camera.id, 2]], {}, "a@example.com").order;
  changeOrder(t.db, first.id, { kind: "mark_paid" }, owner);
  expect(stockOf(camera.id)).toBe(camera.stockQuantity - 2);
  expect(changeOrder(t.db, first.id, { kind: "refund", note: "Customer changed their mind" }, owner, new Date(), mailOf("refund"))).toMatchObject({
    ok: true,
    order: { status: "refunded", paymentStatus: "refunded" },
  });
  expect(stockOf(camera.id)).toBe(camera.stockQuantity);
  expect(changeOrder(t.db, first.id, { kind: "refund" }, owner)).toMatchObject({ ok: false, reason: "not_allowed" });
  expect(cancelOrder(t.db, first.id, { actor: "admin" })).toEqual({ ok: false, reason: "not_allowed" });
  expect(stockOf(camera.id)).toBe(camera.stockQuantity);

  const second = placed([[camera.id, 1]], {}, "b@example.com").order;
  changeOrder(t.db, second.id, { kind: "mark_paid" }, owner);
  changeOrder(t.db, second.id, { kind: "ship", trackingNumber: "AP987654321" }, owner);
  expect(changeOrder(t.db, second.id, { kind: "refund" }, owner)).toMatchObject({ ok: true });
  expect(stockOf(camera.id)).toBe(camera.stockQuantity - 1);
  expect(outbox().some((m) => m.subject === `Refund for order ${first.orderNumber}`)).toBe(true);
});

test("a customer's cancellation is e-mailed with its reason; expiry says the payment did not arrive", () => {
  const camera = product("covert-body-worn-camera-4k");
  const mine = placed([[camera.id, 1]], {}, "c@example.com");
  expect(cancelOrder(t.db, mine.order.id, { actor: "customer", userId: mine.userId }, new Date(), orderCancelMail(t.deps, "customer"))).toEqual({ ok: true });
  const lapsed = placed([[camera.id, 1]], {}, "d@example.com");
  expect(cancelOrder(t.db, lapsed.order.id, { actor: "system" }, new Date(), orderCancelMail(t.deps, "system"))).toEqual({ ok: true });
  const cancelled = outbox().filter((m) => m.subject.endsWith("cancelled"));
  expect(cancelled.map((m) => m.to)).toEqual(["c@example.com", "d@example.com"]);
  expect(cancelled[0]?.text).toContain("As you asked");
  expect(cancelled[1]?.text).toContain("did not receive its payment in time");
  expect(customerOrders(t.db, mine.userId)).toMatchObject([{ orderNumber: mine.order.orderNumber, status: "cancelled", itemCount: 1 }]);
});

test("order e-mails never go to an address its customer has not proved; the business is still told", () => {
  const camera = product("covert-body-worn-camera-4k");
  const { userId } = customerWithSession(t.db, "proved@example.com");
  t.db.insert(cartItems).values({ userId, productId: camera.id, quantity: 1 }).run();
  const view = placeCustomerOrder(t.deps, userId, checkout());
  const result = { order: customerOrderRow(t.db, userId, view.orderNumber) ?? { id: 0 } };
  expect(outbox().map((m) => m.to)).toEqual(["proved@example.com", "owner@pi.example"]);
  // Orders need a proved address, so an unproved one comes from an e-mail change after ordering.
  t.db.update(users).set({ email: "unproved@example.com", emailVerifiedAt: null }).where(eq(users.id, userId)).run();
  const owner = { actor: "admin" as const };
  expect(changeOrder(t.db, result.order.id, { kind: "mark_paid" }, owner, new Date(), mailOf("mark_paid"))).toMatchObject({ ok: true });
  expect(outbox().map((m) => m.to)).toEqual(["proved@example.com", "owner@pi.example"]);
  // Once the new address is proved, the next change reaches it.
  t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId)).run();
  expect(changeOrder(t.db, result.order.id, { kind: "ship", trackingNumber: "AP123456789" }, owner, new Date(), mailOf("ship"))).toMatchObject({ ok: true });
  expect(outbox().map((m) => m.to)).toEqual(["proved@example.com", "owner@pi.example", "unproved@example.com"]);
});

test("an order's confirmation is owed: however much the address was mailed this hour, by the business or by strangers, the order is placed and confirmed (decision 064)", () => {
  const camera = product("covert-body-worn-camera-4k");
  const userId = customerWith([[camera.id, 1]]);
  for (let i = 0; i < customerMailPerHour; i++) enqueueMail(t.db, { to: "ANN@example.com", subject: `Earlier mail ${i}`, text: "..." });
  for (let i = 0; i < customerMailPerHour; i++)
    enqueueCustomerMail(t.db, { to: "ann@example.com", subject: `A stranger's request ${i}`, text: "..." }, new Date(), "skip");
  const view = placeCustomerOrder(t.deps, userId, checkout());
  expect(
    outbox()
      .filter((m) => m.subject === `Order ${view.orderNumber} received`)
      .map((m) => m.to),
  ).toEqual(["ann@example.com"]);
});

test("what the customer typed into the address is quoted as the lines it fills, and no more", () => {
  const camera = product("covert-body-worn-camera-4k");
  const hostile = {
    ...testAddress,
    name: "Ann Lee\r\n\r\nYour payment failed. Pay again to BSB 123-456, account 99999999.\r\n",
    line1: "1 King William St\u202e\u200b\tLevel 2",
    line2: "\n\nTotal: $0.00",
  };
  const { view } = placed([[camera.id, 1]], { shippingAddress: hostile, notes: "Leave at door\nThank you for your order with us" });
  const [toCustomer, toOwner] = outbox();
  const shippedTo = (text: string) => text.slice(text.indexOf("Shipping to:\n"), text.indexOf("\n\nSee your order"));
  expect(shippedTo(toCustomer!.text).split("\n")).toEqual([
    "Shipping to:",
    "  Ann Lee Your payment failed. Pay again to BSB 123-456, account 99999999.",
    "  1 King William St Level 2",
    "  Total: $0.00",
    "  Adelaide SA 5000",
  ]);
  expect(toCustomer!.text.split("\n").filter((l) => l.startsWith("Total:"))).toHaveLength(1);
  expect(toCustomer!.text).not.toMatch(/[\r\t\u202e\u200b]/);
  expect(toOwner!.text).toContain("Customer: Ann Lee Your payment failed. Pay again to BSB 123-456, account 99999999., ann@example.com, 0412 345 678");
  expect(toOwner!.text).toContain("Notes: Leave at door Thank you for your order with us");
  expect(view.orderNumber).toBeTruthy();
});
