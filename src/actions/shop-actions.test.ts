/**
 * The shop's customer actions as the site runs them, through both ways in: placing an order by the
 * island's JSON route and by the plain checkout form spends one budget, refused fields spend none,
 * and the form's refusal carries Retry-After as the JSON one does; a payment request refused for its
 * fields spends nothing either; the wishlist's hearts (JSON) and its forms share one budget, which
 * a malformed request does not spend.
 */
import { beforeEach, describe, expect, test } from "bun:test";
import { paymentDetails } from "../../tests/factories";
import { eq } from "drizzle-orm";
import { browser } from "../../tests/helpers/browser";
import { testAddress } from "../../tests/helpers/shop";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { countRows, type ErrorBody } from "../../tests/helpers/test-app";
import { cartItems, products, wishlistItems } from "../db/schema";
import { wishlistChangeLimit } from "./add-to-wishlist.server";
import { paymentRequestLimit } from "./request-payment.server";
import { checkoutMessages } from "./place-order.server";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@example.com" });
// Bank transfer is on offer only with the owner's real details (decision 067).
beforeEach(() => paymentDetails(t.db));

const camera = () => {
  const row = t.db.select().from(products).where(eq(products.slug, "covert-body-worn-camera-4k")).get();
  if (!row) throw new Error("no camera in the seed");
  return row;
};

/** A signed-in, confirmed customer with one camera in the cart. */
function shopper(email = "ann@example.com") {
  const b = browser(t);
  const userId = b.signInAs(email, { verified: true });
  t.db.insert(cartItems).values({ userId, productId: camera().id, quantity: 1 }).run();
  return b;
}

const orderJson = { shippingAddress: testAddress, paymentMethod: "bank_transfer" };
const checkoutForm = (overrides: Record<string, string> = {}) => ({
  "shippingAddress.name": testAddress.name,
  "shippingAddress.line1": testAddress.line1,
  "shippingAddress.line2": "",
  "shippingAddress.suburb": testAddress.suburb,
  "shippingAddress.state": testAddress.state,
  "shippingAddress.postcode": testAddress.postcode,
  "shippingAddress.phone": testAddress.phone,
  billingSame: "on",
  paymentMethod: "bank_transfer",
  notes: "",
  ...overrides,
});

describe("placing an order: one action, one budget", () => {
  test("ten refusals by the JSON route use the budget up: the checkout form is then refused with 429, its message and Retry-After, and nothing is placed", async () => {
    const ann = shopper();
    // An order the server refuses (PayPal is not configured here) still counts, as an attempt to order.
    for (let i = 0; i < 10; i++) expect((await ann.postJson("/api/orders", { ...orderJson, paymentMethod: "paypal" })).status).toBe(400);
    const res = await ann.post("/checkout", checkoutForm());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.text()).toContain(checkoutMessages.rateLimited);
    expect(countRows(t, "orders")).toBe(0);
  });

  test("ten form posts use the budget up for the JSON route too", async () => {
    const ann = shopper();
    for (let i = 0; i < 10; i++) expect((await ann.post("/checkout", checkoutForm({ paymentMethod: "paypal" }))).status).toBe(400);
    const res = await ann.postJson("/api/orders", orderJson);
    expect(res.status).toBe(429);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({ code: "rate_limited", message: checkoutMessages.rateLimited });
  });

  test("a form with fields to fix spends nothing: after ten of them the order is placed", async () => {
    const ann = shopper();
    for (let i = 0; i < 10; i++) expect((await ann.post("/checkout", checkoutForm({ "shippingAddress.postcode": "12" }))).status).toBe(400);
    const res = await ann.postJson("/api/orders", orderJson);
    expect(res.status).toBe(201);
    expect(countRows(t, "orders")).toBe(1);
  });
});

describe("asking how to pay", () => {
  test("a request with fields to fix spends nothing: after more of them than the budget, a good one is recorded", async () => {
    const budget = paymentRequestLimit.limiter(t.deps.limits).max;
    for (let i = 0; i <= budget; i++) expect((await t.json("/api/payment-requests", { serviceId: "checkup", method: "carrier pigeon" })).status).toBe(400);
    const res = await t.json("/api/payment-requests", { serviceId: "checkup", method: "instructions", email: "jane@example.com" });
    expect(res.status).toBe(201);
    expect(countRows(t, "payments")).toBe(1);
  });
});

describe("changing the wishlist: one budget for the hearts and the forms", () => {
  test("malformed removals by the JSON route spend nothing; the budget spent by the forms then refuses the JSON route, and nothing more is written", async () => {
    const ann = browser(t);
    ann.signInAs("ann@example.com", { verified: true });
    const budget = wishlistChangeLimit.limiter(t.deps.limits).max;
    for (let i = 0; i <= budget; i++) expect((await ann.send("DELETE", "/api/wishlist/not-a-number")).status).toBe(400);
    expect((await ann.postJson("/api/wishlist", { productId: camera().id })).status).toBe(201);
    for (let i = 1; i < budget; i++) expect((await ann.post(`/wishlist/items/${camera().id}/delete`, { returnTo: "/wishlist" })).status).toBe(303);
    const refused = await ann.postJson("/api/wishlist", { productId: camera().id });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(t.db.select().from(wishlistItems).all()).toEqual([]);
  });
});
