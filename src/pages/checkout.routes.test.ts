import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { paymentDetails } from "../../tests/factories";
import { browser } from "../../tests/helpers/browser";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { changeOrder } from "../db/orders.server";
import { getSettings, updateSetting } from "../db/settings.server";
import { checklistFor, goLiveEnvironment } from "../server/go-live.server";
import { defaultSettings } from "../shared/settings";
import { testAddress } from "../../tests/helpers/shop";
import { cartItems, orders, products } from "../db/schema";
import type { OrderPaymentStatus, OrderStatus } from "../domain/order";

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
  // The owner's real bank account and a Bitcoin address: every manual method on offer (decision 067).
  paymentDetails(t.db);
});
afterEach(() => t.close());

function product(slug: string) {
  const row = t.db.select().from(products).where(eq(products.slug, slug)).get();
  if (!row) throw new Error(`no product ${slug}`);
  return row;
}
const camera = () => product("covert-body-worn-camera-4k"); // on sale at 399
const stockOf = (id: number) => t.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)).get()?.s;

function customer(email: string, lines: [number, number][], opts: { verified?: boolean } = {}) {
  const b = browser(t);
  const id = b.signInAs(email, opts);
  for (const [productId, quantity] of lines) t.db.insert(cartItems).values({ userId: id, productId, quantity }).run();
  return Object.assign(b, { id });
}

const form = (overrides: Record<string, string> = {}) => ({
  "shippingAddress.name": "Ann Lee",
  "shippingAddress.line1": "1 King William St",
  "shippingAddress.line2": "",
  "shippingAddress.suburb": "Adelaide",
  "shippingAddress.state": "SA",
  "shippingAddress.postcode": "5000",
  "shippingAddress.phone": "0412 345 678",
  billingSame: "on",
  paymentMethod: "bank_transfer",
  notes: "",
  ...overrides,
});

/** The text content of the element with `id`'s error paragraph, as rendered. */
const errorUnder = (html: string, id: string) => html.match(new RegExp(`id="${id}-error"[^>]*>([^<]*)<`))?.[1];

describe("GET /checkout", () => {
  test("signed out, it says so and sends the visitor to sign in and back", async () => {
    const res = await t.request("/checkout");
    expect(res.status).toBe(401);
    expect(await res.text()).toContain(`/api/login?returnTo=${encodeURIComponent("/checkout")}`);
  });

  test("an empty cart goes back to the cart with a notice", async () => {
    const ann = customer("ann@example.com", []);
    const res = await ann.get("/checkout");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/cart?cart=empty-checkout");
    const cart = await ann.get("/cart?cart=empty-checkout");
    expect(await cart.text()).toContain("Your cart is empty. Add something from the shop before checking out.");
  });

  test("shows the items at today's prices, the totals, the eight states and the methods on offer (no PayPal unconfigured)", async () => {
    const ann = customer("ann@example.com", [[camera().id, 1]]);
    const res = await ann.get("/checkout");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain(`1 × ${camera().name}`);
    expect(html).toMatch(/data-testid="checkout-total"[^>]*>\$399</);
    expect(html).toMatch(/data-testid="checkout-shipping"[^>]*>Free</);
    expect(html).toMatch(/<form[^>]*action="\/checkout" method="post"/);
    for (const state of [
      "Australian Capital Territory",
      "New South Wales",
      "Northern Territory",
      "Queensland",
      "South Australia",
      "Tasmania",
      "Victoria",
      "Western Australia",
    ]) {
      expect(html).toContain(`>${state}</option>`);
    }
    expect(html).toContain('value="bank_transfer"');
    expect(html).toContain('value="crypto"');
    expect(html).toContain('value="cash_deposit"');
    expect(html).not.toContain('value="paypal"');
    expect(html).toMatch(/id="billing-same"[^>]*checked/);
  });

  test("the payment methods' hints promise only details that exist: real ones are on the next page (decision 067)", async () => {
    expect(updateSetting(t.db, "usdcSolAddress", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV")).toEqual({ ok: true });
    const ann = customer("ann@example.com", [[camera().id, 1]]);
    const set = await (await ann.get("/checkout")).text();
    expect(set).toContain("Pay in Bitcoin or USDC; addresses on the next page.");
    expect(set).toContain("the details are on the next page");
    expect(set).not.toContain("follow");
  });

  test("a method without real details is not on offer: the checkout leaves it out and refuses it, the JSON route and the form alike (decision 067)", async () => {
    // A fresh site: the shipped BSB, account number and crypto addresses are made up.
    for (const [key, value] of Object.entries(defaultSettings).filter(([k]) => ["bankBsb", "bankAccountNumber", "btcAddress"].includes(k))) {
      expect(updateSetting(t.db, key, value)).toEqual({ ok: true });
    }
    const stock = camera().stockQuantity;
    const ann = customer("ann@example.com", [[camera().id, 1]]);
    const html = await (await ann.get("/checkout")).text();
    expect(html).toContain('value="cash_deposit"');
    for (const gone of ['value="bank_transfer"', 'value="crypto"', "Bank transfer", "Cryptocurrency", "% off"]) expect(html).not.toContain(gone);

    for (const method of ["bank_transfer", "crypto"]) {
      const json = await ann.postJson("/api/orders", { shippingAddress: testAddress, paymentMethod: method });
      expect(json.status).toBe(400);
      expect(((await json.json()) as { error: { fields: Record<string, string> } }).error.fields.paymentMethod).toBe(
        "This payment method is not available at the moment. Please choose another one.",
      );
      const plain = await ann.post("/checkout", form({ paymentMethod: method }));
      expect(plain.status).toBe(400);
      expect(await plain.text()).toContain("This payment method is not available at the moment. Please choose another one.");
    }
    expect(countRows(t, "orders")).toBe(0);
    expect(stockOf(camera().id)).toBe(stock);

    // Cash deposit is always on offer; its page tells the customer what happens, and never to reply to an e-mail.
    const res = await ann.post("/checkout", form({ paymentMethod: "cash_deposit" }));
    expect(res.status).toBe(303);
    const page = await (await ann.get(res.headers.get("location") ?? "")).text();
    expect(page).toContain("We will e-mail you where to deposit the cash.");
    expect(page.toLowerCase()).not.toContain("reply to this e-mail");
    // The business is told to send the locations; the customer's e-mail may say "reply".
    const mails = t.db.$client.query('SELECT "to", text FROM outbox ORDER BY id').all() as { to: string; text: string }[];
    expect(mails.find((m) => m.to !== "ann@example.com")?.text).toContain("Action needed: E-mail the customer where to deposit the cash");
    expect(mails.find((m) => m.to === "ann@example.com")?.text).toContain("We will e-mail you where to deposit the cash.");
  });

  test("emptied on purpose, the bank account takes bank transfer off the checkout; entered in part, the owner's checklist says so", async () => {
    expect(updateSetting(t.db, "bankAccountNumber", "")).toEqual({ ok: true });
    const ann = customer("ann@example.com", [[camera().id, 1]]);
    expect(await (await ann.get("/checkout")).text()).not.toContain('value="bank_transfer"');
    const lines = checklistFor(getSettings(t.db), goLiveEnvironment(t.deps.env));
    expect(lines.find((l) => l.key === "bank")).toMatchObject({
      title: "Finish the bank account for transfers",
      href: "/admin/settings#setting-bankAccountNumber",
    });
    expect(updateSetting(t.db, "bankBsb", "")).toEqual({ ok: true });
    expect(checklistFor(getSettings(t.db), goLiveEnvironment(t.deps.env)).some((l) => l.key === "bank")).toBe(false);
  });
});

describe("POST /checkout (JavaScript off)", () => {
  test("signed out, it sends the visitor to sign in", async () => {
    const res = await browser(t).post("/checkout", form());
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/api/login?returnTo=${encodeURIComponent("/checkout")}`);
  });

  test("errors re-render the form (400) with the values kept and each message under its field; nothing is written", async () => {
    const ann = customer("ann@example.com", [[camera().id, 1]]);
    const res = await ann.post(
      "/checkout",
      form({
        "shippingAddress.suburb": "Glenelg North",
        "shippingAddress.postcode": "50",
        "shippingAddress.name": "",
        billingSame: "",
        paymentMethod: "",
        notes: "Ring twice <please>",
      }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorUnder(html, "shippingAddress-postcode")).toBe("Postcode must be 4 digits");
    expect(errorUnder(html, "shippingAddress-name")).toBe("Name is required");
    expect(html).toContain("Choose how you will pay");
    expect(html).toMatch(/id="shippingAddress-suburb"[^>]*value="Glenelg North"/);
    expect(html).toMatch(/id="shippingAddress-postcode"[^>]*value="50"/);
    expect(html).toContain("Ring twice &lt;please&gt;");
    expect(countRows(t, "orders")).toBe(0);
    expect(countRows(t, "cart_items")).toBe(1);
  });

  test("an unchecked 'same as shipping' box makes the billing address required", async () => {
    const ann = customer("ann@example.com", [[camera().id, 1]]);
    const fields = form();
    delete (fields as Record<string, string>).billingSame;
    const res = await ann.post("/checkout", fields);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorUnder(html, "billingAddress-name")).toBe("Name is required");
    expect(html).not.toMatch(/id="billing-same"[^>]*checked/);
  });

  test("a restricted product is named under the state; a sold-out one answers 409 naming it", async () => {
    t.db
      .update(products)
      .set({ restrictedStates: ["WA"] })
      .where(eq(products.id, camera().id))
      .run();
    const ann = customer("ann@example.com", [[camera().id, 1]]);
    const restricted = await ann.post("/checkout", form({ "shippingAddress.state": "WA" }));
    expect(restricted.status).toBe(400);
    expect(errorUnder(await restricted.text(), "shippingAddress-state")).toContain(`${camera().name} cannot be shipped to Western Australia`);

    t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, camera().id)).run();
    const soldOut = await ann.post("/checkout", form());
    expect(soldOut.status).toBe(409);
    expect(await soldOut.text()).toContain(`${camera().name} (no longer available)`);
    expect(countRows(t, "orders")).toBe(0);
  });

  test("success redirects (303) to the order's page, which shows how to pay with the order number as reference", async () => {
    const ann = customer("ann@example.com", [[camera().id, 2]]);
    const res = await ann.post("/checkout", form({ notes: "Leave with reception" }));
    expect(res.status).toBe(303);
    const stored = t.db.select().from(orders).get();
    if (!stored) throw new Error("no order stored");
    expect(res.headers.get("location")).toBe(`/orders/${stored.orderNumber.toLowerCase()}?notice=placed`);
    expect(stored).toMatchObject({ totalAmount: "798.00", paymentMethod: "bank_transfer", notes: "Leave with reception" });
    expect(stored.billingAddress).toEqual(stored.shippingAddress);

    const page = await ann.get(res.headers.get("location") ?? "");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Order ${stored.orderNumber}`);
    expect(html).toContain("Your order is placed");
    expect(html).toContain("What happens next");
    // Bank transfer is on offer only with real details, and the page shows them (decision 067).
    expect(html).toContain('data-testid="bank-details"');
    expect(html).toContain("065-000");
    expect(html).toContain("12345678");
    expect(html).not.toContain("will follow");
    expect(html).toContain("We hold your items until");
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(page.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("what one customer may hold (decision 024)", () => {
  test("unconfirmed, the checkout says so, offers to send the link again and cannot be placed; the form post answers 403 and keeps the cart", async () => {
    const ann = customer("ann@example.com", [[camera().id, 1]], { verified: false });
    const page = await ann.get("/checkout");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Please confirm your e-mail address to place an order");
    expect(html).toContain('We sent a link to <span class="break-all">ann@example.com</span>');
    expect(html).toContain('action="/verify-email/resend"');
    expect(html).toMatch(/<button type="submit" class="btn btn-primary btn-block" disabled=""/);

    const before = stockOf(camera().id);
    const posted = await ann.post("/checkout", form());
    expect(posted.status).toBe(403);
    expect(await posted.text()).toContain("Please confirm your e-mail address before placing an order");
    expect(countRows(t, "orders")).toBe(0);
    expect(countRows(t, "cart_items")).toBe(1);
    expect(stockOf(camera().id)).toBe(before);

    // Confirmed, the same cart is ordered.
    t.db.$client.run("UPDATE users SET email_verified_at = ? WHERE id = ?", [Date.now(), ann.id]);
    expect(await (await ann.get("/checkout")).text()).not.toContain("Please confirm your e-mail address");
    expect((await ann.post("/checkout", form())).status).toBe(303);
  });

  test("with two unpaid orders the checkout says so and links to them; the form post answers 409 and keeps the cart", async () => {
    const ann = customer("ann@example.com", [[camera().id, 1]]);
    expect((await ann.post("/checkout", form())).status).toBe(303);
    t.db.insert(cartItems).values({ userId: ann.id, productId: camera().id, quantity: 1 }).run();
    expect((await ann.post("/checkout", form())).status).toBe(303);
    t.db.insert(cartItems).values({ userId: ann.id, productId: camera().id, quantity: 1 }).run();
    const html = await (await ann.get("/checkout")).text();
    expect(html).toContain("You already have <!-- -->2<!-- --> unpaid <!-- -->orders");
    expect(html).toContain('href="/orders"');
    const posted = await ann.post("/checkout", form());
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain("You already have 2 unpaid orders. Please pay for one or cancel it before placing another.");
    expect(countRows(t, "orders")).toBe(2);
    expect(countRows(t, "cart_items")).toBe(1);
  });

  test("a product over the per-customer limit with the open orders is listed as a problem", async () => {
    const ann = customer("ann@example.com", [[camera().id, 7]]);
    expect((await ann.post("/checkout", form())).status).toBe(303);
    t.db.insert(cartItems).values({ userId: ann.id, productId: camera().id, quantity: 4 }).run();
    const html = await (await ann.get("/checkout")).text();
    expect(html).toContain(`${camera().name}: you already have 7 in unpaid orders; at most 10 per customer.`);
  });
});

describe("the last used address", () => {
  const fieldValue = (html: string, id: string) => html.match(new RegExp(`id="${id}"[^>]*value="([^"]*)"`))?.[1];

  test("a new checkout is filled in with the customer's own last order's addresses, and nobody else's", async () => {
    const ann = customer("ann@example.com", [[camera().id, 1]]);
    const first = await (await ann.get("/checkout")).text();
    expect(first).not.toContain('data-testid="remembered-address"');
    expect(fieldValue(first, "shippingAddress-name")).toBe("");

    const billing = {
      billingSame: undefined as unknown as string,
      "billingAddress.name": "Ann Lee Pty Ltd",
      "billingAddress.line1": "9 Grenfell St",
      "billingAddress.line2": "",
      "billingAddress.suburb": "Adelaide",
      "billingAddress.state": "SA",
      "billingAddress.postcode": "5000",
      "billingAddress.phone": "0412 345 678",
    };
    const posted = Object.fromEntries(Object.entries(form({ "shippingAddress.line2": "Unit 4", ...billing })).filter(([, v]) => v !== undefined));
    const res = await ann.post("/checkout", posted);
    expect(res.status).toBe(303);
    const orderNumber = t.db.select({ n: orders.orderNumber }).from(orders).get()?.n;

    t.db.insert(cartItems).values({ userId: ann.id, productId: camera().id, quantity: 1 }).run();
    const again = await (await ann.get("/checkout")).text();
    expect(again).toContain(`Filled in from your last order, ${orderNumber}.`);
    expect(fieldValue(again, "shippingAddress-name")).toBe("Ann Lee");
    expect(fieldValue(again, "shippingAddress-line2")).toBe("Unit 4");
    expect(fieldValue(again, "shippingAddress-postcode")).toBe("5000");
    expect(again).toMatch(/<option value="SA" selected="">/);
    // The billing address differed, so the box is unticked and the billing fields hold it.
    expect(again).not.toMatch(/id="billing-same"[^>]*checked/);
    expect(fieldValue(again, "billingAddress-name")).toBe("Ann Lee Pty Ltd");

    // Another customer sees an empty form, never Ann's address.
    const ben = customer("ben@example.com", [[camera().id, 1]]);
    const his = await (await ben.get("/checkout")).text();
    expect(his).not.toContain("Ann Lee");
    expect(his).not.toContain("King William");
    expect(his).not.toContain('data-testid="remembered-address"');
  });
});

describe("order pages", () => {
  async function placed(email = "ann@example.com", quantity = 1) {
    const b = customer(email, [[camera().id, quantity]]);
    const res = await b.post("/checkout", form());
    return { b, path: res.headers.get("location")?.split("?")[0] ?? "" };
  }

  test("the page opened from the checkout (?notice=placed) says what is true of the order now, status by status", async () => {
    const { b, path } = await placed();
    const expected: [OrderStatus, OrderPaymentStatus, string | undefined, string][] = [
      ["pending", "pending", "Thank you! Your order is placed, and a confirmation is on its way to your inbox.", "Not paid yet · Bank transfer"],
      ["on_hold", "pending", "Thank you! Your order is placed, and a confirmation is on its way to your inbox.", "Not paid yet · Bank transfer"],
      ["on_hold", "paid", "Thank you! Your order is paid; we ship it once your ID is verified.", "Paid · Bank transfer"],
      ["processing", "paid", "Thank you! Your order is paid and we are preparing it.", "Paid · Bank transfer"],
      ["shipped", "paid", "Your order is on its way.", "Paid · Bank transfer"],
      ["delivered", "paid", "Your order was delivered.", "Paid · Bank transfer"],
      // Closed orders have no notice: their next steps say it once.
      ["cancelled", "pending", undefined, "Nothing charged · Bank transfer"],
      ["refunded", "refunded", undefined, "Refunded · Bank transfer"],
      // A refunded payment closes the order whatever its status still says.
      ["on_hold", "refunded", undefined, "Refunded · Bank transfer"],
      // A refund the business sends by hand is on its way, never "refunded", until it is sent (decision 084).
      ["refunded", "refund_owed", undefined, "Refund on its way · Bank transfer"],
    ];
    for (const [status, paymentStatus, text, badge] of expected) {
      t.db.update(orders).set({ status, paymentStatus }).run();
      const html = await (await b.get(`${path}?notice=placed`)).text();
      const notice = html.match(/<div role="(?:status|alert)" class="alert[^"]*"><p>([^<]*)<\/p>/)?.[1];
      const shownBadge = html.match(/data-testid="payment-status"[^>]*>([^<]*)</)?.[1]?.replace(/&#x27;|&#39;/g, "'");
      expect([status, paymentStatus, notice, shownBadge]).toEqual([status, paymentStatus, text, badge]);
      if (!text?.includes("placed")) expect(html).not.toContain("Your order is placed");
      const closed = (html.match(/nothing was charged|We refunded/g) ?? []).length;
      expect([status, paymentStatus, closed]).toEqual([status, paymentStatus, status === "cancelled" || paymentStatus === "refunded" ? 1 : 0]);
      if (paymentStatus === "refund_owed") expect(html).toMatch(/Your refund of \$[\d,.]+ paid by bank transfer is on its way/);
    }
  });

  test("only the owner sees an order; anyone else, or a malformed number, gets the 404 page", async () => {
    const { path } = await placed();
    const ben = customer("ben@example.com", []);
    expect((await ben.get(path)).status).toBe(404);
    expect((await ben.get("/orders/not-an-order")).status).toBe(404);
    expect((await t.request(path)).status).toBe(401);
  });

  test("/orders and the dashboard list the customer's orders with links", async () => {
    const { b, path } = await placed();
    const list = await (await b.get("/orders")).text();
    expect(list).toContain(`href="${path}"`);
    const dashboard = await (await b.get("/dashboard")).text();
    expect(dashboard).toContain("Recent Orders");
    expect(dashboard).toContain(`href="${path}"`);
    expect(dashboard).toContain('href="/orders"');
  });

  test("the plain cancel form cancels an unpaid order and gives the stock back; a paid one is refused", async () => {
    const before = stockOf(camera().id) ?? 0;
    const { b, path } = await placed("ann@example.com", 2);
    expect(stockOf(camera().id)).toBe(before - 2);
    const page = await (await b.get(path)).text();
    expect(page).toContain(`action="${path}/cancel"`);
    const res = await b.post(`${path}/cancel`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${path}?notice=cancelled`);
    expect(stockOf(camera().id)).toBe(before);
    const after = await (await b.get(`${path}?notice=cancelled`)).text();
    expect(after).toContain("Your order was cancelled");
    expect(after).not.toContain(`action="${path}/cancel"`);

    const second = await placed("ben@example.com");
    const row = t.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, second.path.split("/").pop()?.toUpperCase() ?? ""))
      .get();
    if (!row) throw new Error("no second order");
    changeOrder(t.db, row.id, { kind: "mark_paid" }, { actor: "admin" });
    const refused = await second.b.post(`${second.path}/cancel`, {});
    expect(refused.headers.get("location")).toBe(`${second.path}?notice=notCancelled`);
    expect(t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, row.id)).get()?.s).toBe("processing");
    expect((await customer("cy@example.com", []).post(`${second.path}/cancel`, {})).status).toBe(404);
  });

  test("a PayPal order awaiting payment leaves the payment section for the PayPal button", async () => {
    t.close();
    t = createTestApp({ PAYPAL_CLIENT_ID: "client", PAYPAL_CLIENT_SECRET: "secret" });
    const ann = customer("ann@example.com", [[camera().id, 1]]);
    expect(await (await ann.get("/checkout")).text()).toContain('value="paypal"');
    const res = await ann.post("/checkout", form({ paymentMethod: "paypal" }));
    const html = await (await ann.get(res.headers.get("location") ?? "")).text();
    expect(html).toContain('id="order-payment"');
    expect(html).toContain('aria-labelledby="order-payment-title"');
    expect(html).toContain("awaits payment of $399 by PayPal");
  });
});
