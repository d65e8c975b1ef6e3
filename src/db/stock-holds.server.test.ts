import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { customerWithSession } from "../../tests/factories";
import { testAddress } from "../../tests/helpers/shop";
import { queryPlan, statementsPreparedBy } from "../../tests/helpers/query-plan";
import { countRows } from "../../tests/helpers/test-app";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { cancelOrder, changeOrder, placeOrder } from "./orders.server";
import { orderPaymentStatuses, orderStatuses } from "../domain/order";
import { holdsUnpaidStock } from "../domain/stock-limits";
import { cartItems, orders, products } from "./schema";
import { updateSetting } from "./settings.server";
import { openUnpaidOrderCount, unitsHeldByUnpaidOrders } from "./stock-holds.server";

const t = testAppPerTest();

const checkout = { shippingAddress: testAddress, paymentMethod: "bank_transfer" } as const;
const owner = { actor: "admin" as const };

function product(slug: string) {
  const row = t.db.select().from(products).where(eq(products.slug, slug)).get();
  if (!row) throw new Error(`no product ${slug}`);
  return row;
}
const camera = () => product("covert-body-worn-camera-4k"); // stock 18
const tracker = () => product("personal-gps-safety-tracker"); // stock 40
const stockOf = (id: number) => t.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)).get()?.s;
const fill = (userId: string, productId: number, quantity: number) => t.db.insert(cartItems).values({ userId, productId, quantity }).run();

/** Places an order of `quantity` of `productId` for the customer, or throws with the refusal. */
function order(userId: string, productId: number, quantity = 1) {
  fill(userId, productId, quantity);
  const placed = placeOrder(t.db, userId, checkout);
  if (!placed.ok) throw new Error(placed.reason);
  return placed.order;
}

test("an unconfirmed e-mail address places no order: nothing is taken and the cart is kept", () => {
  const { userId } = customerWithSession(t.db, "ann@example.com", { verified: false });
  fill(userId, camera().id, 2);
  const before = stockOf(camera().id);
  expect(placeOrder(t.db, userId, checkout)).toEqual({ ok: false, reason: "email_unverified" });
  expect(stockOf(camera().id)).toBe(before);
  expect(countRows(t, "orders")).toBe(0);
  expect(countRows(t, "cart_items")).toBe(1);
});

test("a customer holds at most two open unpaid orders by default; a paid or cancelled one frees a place", () => {
  const { userId } = customerWithSession(t.db, "ann@example.com");
  const first = order(userId, tracker().id);
  order(userId, tracker().id);
  fill(userId, camera().id, 1);
  const before = stockOf(camera().id);
  expect(placeOrder(t.db, userId, checkout)).toEqual({ ok: false, reason: "too_many_open_orders", limit: 2 });
  expect(stockOf(camera().id)).toBe(before);
  expect(countRows(t, "orders")).toBe(2);
  expect(countRows(t, "cart_items")).toBe(1);

  // Another customer is not held back by Ann's orders.
  const ben = customerWithSession(t.db, "ben@example.com").userId;
  expect(order(ben, camera().id).status).toBe("pending");

  expect(changeOrder(t.db, first.id, { kind: "mark_paid" }, owner).ok).toBe(true);
  expect(openUnpaidOrderCount(t.db, userId)).toBe(1);
  expect(placeOrder(t.db, userId, checkout).ok).toBe(true);
  expect(openUnpaidOrderCount(t.db, userId)).toBe(2);
});

test("the number of open orders is the owner's setting", () => {
  updateSetting(t.db, "maxOpenOrders", 1);
  const { userId } = customerWithSession(t.db, "ann@example.com");
  const first = order(userId, tracker().id);
  fill(userId, tracker().id, 1);
  expect(placeOrder(t.db, userId, checkout)).toEqual({ ok: false, reason: "too_many_open_orders", limit: 1 });
  expect(cancelOrder(t.db, first.id, { actor: "customer", userId }).ok).toBe(true);
  expect(placeOrder(t.db, userId, checkout).ok).toBe(true);
});

test("at most 10 units of one product in the cart and open unpaid orders together; the product is named", () => {
  const { userId } = customerWithSession(t.db, "ann@example.com");
  order(userId, camera().id, 6);
  fill(userId, camera().id, 5);
  fill(userId, tracker().id, 1);
  const before = { camera: stockOf(camera().id), tracker: stockOf(tracker().id) };
  expect(placeOrder(t.db, userId, checkout)).toEqual({
    ok: false,
    reason: "product_limit",
    limit: 10,
    products: [{ productId: camera().id, name: camera().name, held: 6, requested: 5 }],
  });
  expect({ camera: stockOf(camera().id), tracker: stockOf(tracker().id) }).toEqual(before);
  expect(countRows(t, "cart_items")).toBe(2);

  // Four more make ten: allowed.
  t.db.update(cartItems).set({ quantity: 4 }).where(eq(cartItems.productId, camera().id)).run();
  expect(placeOrder(t.db, userId, checkout).ok).toBe(true);
});

test("a cart line above the limit by itself is refused too (a cart filled before the limit was lowered)", () => {
  updateSetting(t.db, "maxUnitsPerProduct", 3);
  const { userId } = customerWithSession(t.db, "ann@example.com");
  fill(userId, tracker().id, 4);
  expect(placeOrder(t.db, userId, checkout)).toMatchObject({ ok: false, reason: "product_limit", limit: 3, products: [{ held: 0, requested: 4 }] });
  expect(countRows(t, "orders")).toBe(0);
});

test("units held: open unpaid orders only, per product, for one customer or everyone", () => {
  const ann = customerWithSession(t.db, "ann@example.com").userId;
  const ben = customerWithSession(t.db, "ben@example.com").userId;
  const paid = order(ann, camera().id, 3);
  order(ann, camera().id, 2);
  order(ben, camera().id, 4);
  const cancelled = order(ben, tracker().id, 5);
  changeOrder(t.db, paid.id, { kind: "mark_paid" }, owner);
  cancelOrder(t.db, cancelled.id, { actor: "customer", userId: ben });

  expect(unitsHeldByUnpaidOrders(t.db)).toEqual(new Map([[camera().id, 6]]));
  expect(unitsHeldByUnpaidOrders(t.db, { userId: ann })).toEqual(new Map([[camera().id, 2]]));
  expect(unitsHeldByUnpaidOrders(t.db, { productIds: [tracker().id] })).toEqual(new Map());
  expect(unitsHeldByUnpaidOrders(t.db, { productIds: [] })).toEqual(new Map());
});

test("one customer's held units are read from their own orders, not from every item ever sold of the product", async () => {
  const { userId } = customerWithSession(t.db, "held@example.com");
  order(userId, camera().id, 2);
  const client = t.db.$client;
  const statements = await statementsPreparedBy(client, () =>
    expect(unitsHeldByUnpaidOrders(t.db, { userId, productIds: [camera().id] }).get(camera().id)).toBe(2),
  );
  const held = statements.filter((s) => s.includes('from "order_items"'));
  expect(held).toHaveLength(1);
  const plan = queryPlan(client, held[0] as string).join(" | ");
  expect(plan).toContain("USING INDEX orders_user_idx");
  expect(plan).not.toContain("order_items_product_idx");
});

test("what holds unpaid stock is one definition: the SQL counts exactly the states the rule names", () => {
  const { userId } = customerWithSession(t.db, "states@example.com");
  const placed = order(userId, camera().id);
  const counted: string[] = [];
  const ruled: string[] = [];
  for (const status of orderStatuses) {
    for (const paymentStatus of orderPaymentStatuses) {
      t.db.update(orders).set({ status, paymentStatus }).where(eq(orders.id, placed.id)).run();
      if (openUnpaidOrderCount(t.db, userId) === 1) counted.push(`${status}/${paymentStatus}`);
      if (holdsUnpaidStock({ status, paymentStatus })) ruled.push(`${status}/${paymentStatus}`);
    }
  }
  expect(counted).toEqual(ruled);
  expect(ruled).toEqual(["pending/pending", "pending/failed", "on_hold/pending", "on_hold/failed"]);
});
