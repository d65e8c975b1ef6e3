import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { browser, testOrigin } from "../../tests/helpers/browser";
import { countRows, type ErrorBody } from "../../tests/helpers/test-app";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { placeOrder } from "../db/orders.server";
import { cartItems, categories, products, settings } from "../db/schema";
import { updateSetting } from "../db/settings.server";
import { testAddress } from "../../tests/helpers/shop";
import type { CartView } from "../shared/cart-view";

const t = testAppPerTest();

type Browser = ReturnType<typeof browser>;

const add = (b: Browser, body: unknown) => b.send("POST", "/api/cart/items", body);
const cartOf = async (b: Browser) => (await (await b.get("/api/cart")).json()) as CartView;

function product(slug: string) {
  return t.db.select().from(products).where(eq(products.slug, slug)).get()!;
}
const camera = () => product("covert-body-worn-camera-4k"); // 449, on sale at 399, stock 18
const recorder = () => product("digital-voice-recorder-pro"); // 189, on sale at 159, requires ID
const soldOut = () => product("cellular-trail-camera"); // stock 0
const rows = () => t.db.select({ userId: cartItems.userId, productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).all();

async function signedIn(email = "ann@example.com") {
  const b = browser(t);
  const id = b.signInAs(email);
  return Object.assign(b, { id });
}

describe("a session is required", () => {
  test("every cart route answers 401 when signed out, and nothing is written", async () => {
    const id = camera().id;
    const calls: [string, string, unknown][] = [
      ["GET", "/api/cart", undefined],
      ["POST", "/api/cart/items", { productId: id, quantity: 1 }],
      ["PATCH", `/api/cart/items/${id}`, { quantity: 2 }],
      ["DELETE", `/api/cart/items/${id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.send(method, path, body);
      expect(res.status).toBe(401);
      expect(((await res.json()) as ErrorBody).error.code).toBe("unauthorized");
    }
    expect(countRows(t, "cart_items")).toBe(0);
  });

  test("a signed-in change from another site (or no Origin) is refused", async () => {
    const ann = await signedIn();
    const body = JSON.stringify({ productId: camera().id });
    for (const origin of [undefined, "https://evil.example"]) {
      const headers: Record<string, string> = { "Content-Type": "application/json", Cookie: ann.jar.header() };
      if (origin) headers.Origin = origin;
      const res = await t.request("/api/cart/items", { method: "POST", headers, body });
      expect(res.status).toBe(403);
    }
    expect(countRows(t, "cart_items")).toBe(0);
  });
});

describe("adding", () => {
  test("adds at the server's current price; adding again adds to the quantity", async () => {
    const ann = await signedIn();
    // A price sent by the client is ignored.
    const first = await add(ann, { productId: camera().id, quantity: 2, price: "1.00", unitPrice: 1 });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const cart = (await first.json()) as CartView;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      productId: camera().id,
      name: "Covert Body-Worn Camera 4K",
      quantity: 2,
      unitPrice: "399.00",
      regularPrice: "449.00",
      onSale: true,
      lineTotal: "798.00",
      status: "available",
      // 18 in stock, but at most 10 per customer (decision 024).
      maxQuantity: 10,
      limitedPerCustomer: true,
    });
    expect(cart).toMatchObject({ count: 2, subtotal: "798.00" });

    const again = (await (await add(ann, { productId: camera().id })).json()) as CartView;
    expect(again.items[0]!.quantity).toBe(3);
    expect(rows()).toEqual([{ userId: ann.id, productId: camera().id, quantity: 3 }]);
  });

  test("never beyond the stock: 409 with the quantity left, nothing changed", async () => {
    const ann = await signedIn();
    t.db.update(products).set({ stockQuantity: 3 }).where(eq(products.id, camera().id)).run();
    expect((await add(ann, { productId: camera().id, quantity: 4 })).status).toBe(409);
    expect(rows()).toEqual([]);
    expect((await add(ann, { productId: camera().id, quantity: 2 })).status).toBe(200);
    const res = await add(ann, { productId: camera().id, quantity: 2 });
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.error).toMatchObject({ code: "insufficient_stock", message: "Only 3 left in stock, and 2 are already in your cart." });
    expect(body.error.fields?.quantity).toBe(body.error.message);
    expect(rows()).toEqual([{ userId: ann.id, productId: camera().id, quantity: 2 }]);
  });

  test("an out-of-stock product cannot be added (409); a withdrawn or unknown one is not found (404)", async () => {
    const ann = await signedIn();
    const out = await add(ann, { productId: soldOut().id });
    expect(out.status).toBe(409);
    expect(((await out.json()) as ErrorBody).error.code).toBe("out_of_stock");

    t.db.update(products).set({ isActive: false }).where(eq(products.id, recorder().id)).run();
    expect((await add(ann, { productId: recorder().id })).status).toBe(404);
    // A product whose category is withdrawn is withdrawn too.
    t.db.update(categories).set({ isActive: false }).where(eq(categories.id, camera().categoryId!)).run();
    expect((await add(ann, { productId: camera().id })).status).toBe(404);
    const unknown = await add(ann, { productId: 999999 });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe("not_found");
    expect(countRows(t, "cart_items")).toBe(0);
  });

  test("bad ids and quantities get 400 with the field named, and nothing is written", async () => {
    const ann = await signedIn();
    const id = camera().id;
    const cases: [unknown, string][] = [
      [{}, "productId"],
      [{ productId: "abc" }, "productId"],
      [{ productId: 0 }, "productId"],
      [{ productId: -4 }, "productId"],
      [{ productId: 1.5 }, "productId"],
      [{ productId: 2 ** 40 }, "productId"],
      [{ productId: id, quantity: 0 }, "quantity"],
      [{ productId: id, quantity: -1 }, "quantity"],
      [{ productId: id, quantity: 2.5 }, "quantity"],
      [{ productId: id, quantity: "lots" }, "quantity"],
      [{ productId: id, quantity: 1000 }, "quantity"],
      [{ productId: id, quantity: null }, "quantity"],
    ];
    for (const [body, field] of cases) {
      const res = await add(ann, body);
      expect(res.status).toBe(400);
      const err = ((await res.json()) as ErrorBody).error;
      expect(err.code).toBe("validation_error");
      expect(Object.keys(err.fields ?? {})).toEqual([field]);
    }
    const malformed = await t.request("/api/cart/items", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: testOrigin, Cookie: ann.jar.header() },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(countRows(t, "cart_items")).toBe(0);
  });
});

describe("changing and removing", () => {
  test("sets the quantity within the stock; 409 beyond it, 404 for a product not in the cart", async () => {
    const ann = await signedIn();
    await add(ann, { productId: camera().id });
    const res = await ann.send("PATCH", `/api/cart/items/${camera().id}`, { quantity: 5 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CartView).items[0]!.quantity).toBe(5);
    expect((await ann.send("PATCH", `/api/cart/items/${camera().id}`, { quantity: 19 })).status).toBe(409);
    expect((await ann.send("PATCH", `/api/cart/items/${recorder().id}`, { quantity: 1 })).status).toBe(404);
    expect(rows()).toEqual([{ userId: ann.id, productId: camera().id, quantity: 5 }]);
  });

  test("bad ids and quantities get 400", async () => {
    const ann = await signedIn();
    await add(ann, { productId: camera().id, quantity: 2 });
    for (const [path, body, field] of [
      ["/api/cart/items/abc", { quantity: 1 }, "productId"],
      ["/api/cart/items/0", { quantity: 1 }, "productId"],
      [`/api/cart/items/${camera().id}`, { quantity: 0 }, "quantity"],
      [`/api/cart/items/${camera().id}`, { quantity: "3.5" }, "quantity"],
      [`/api/cart/items/${camera().id}`, {}, "quantity"],
    ] as const) {
      const res = await ann.send("PATCH", path, body);
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as ErrorBody).error.fields ?? {})).toEqual([field]);
    }
    expect((await ann.send("DELETE", "/api/cart/items/x1")).status).toBe(400);
    expect(rows()).toEqual([{ userId: ann.id, productId: camera().id, quantity: 2 }]);
  });

  test("removes a product; removing it again is 404", async () => {
    const ann = await signedIn();
    await add(ann, { productId: camera().id });
    await add(ann, { productId: recorder().id });
    const res = await ann.send("DELETE", `/api/cart/items/${camera().id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as CartView).items.map((l) => l.productId)).toEqual([recorder().id]);
    expect((await ann.send("DELETE", `/api/cart/items/${camera().id}`)).status).toBe(404);
  });

  test("only the caller's cart is touched", async () => {
    const ann = await signedIn();
    await add(ann, { productId: camera().id, quantity: 2 });
    const bob = await signedIn("bob@example.com");
    expect((await cartOf(bob)).items).toEqual([]);
    expect((await bob.send("PATCH", `/api/cart/items/${camera().id}`, { quantity: 7 })).status).toBe(404);
    expect((await bob.send("DELETE", `/api/cart/items/${camera().id}`)).status).toBe(404);
    await add(bob, { productId: camera().id, quantity: 1 });
    expect(rows().sort((a, b) => a.quantity - b.quantity)).toEqual([
      { userId: bob.id, productId: camera().id, quantity: 1 },
      { userId: ann.id, productId: camera().id, quantity: 2 },
    ]);
    expect((await cartOf(ann)).count).toBe(2);
  });
});

describe("the per-customer limit (decision 024)", () => {
  const tracker = () => product("personal-gps-safety-tracker"); // stock 40

  test("adding or setting more than 10 of one product answers 409 saying so, and changes nothing", async () => {
    const ann = await signedIn();
    const eleven = await add(ann, { productId: tracker().id, quantity: 11 });
    expect(eleven.status).toBe(409);
    expect(((await eleven.json()) as ErrorBody).error).toMatchObject({
      code: "over_limit",
      message: "You can have at most 10 of this product in your cart and unpaid orders together.",
      fields: { quantity: "You can have at most 10 of this product in your cart and unpaid orders together." },
    });
    expect(rows()).toEqual([]);
    expect((await add(ann, { productId: tracker().id, quantity: 10 })).status).toBe(200);
    const more = await add(ann, { productId: tracker().id });
    expect(more.status).toBe(409);
    expect(((await more.json()) as ErrorBody).error.message).toBe(
      "You can have at most 10 of this product in your cart and unpaid orders together (10 already in your cart).",
    );
    await ann.send("PATCH", `/api/cart/items/${tracker().id}`, { quantity: 4 });
    expect((await ann.send("PATCH", `/api/cart/items/${tracker().id}`, { quantity: 11 })).status).toBe(409);
    expect(rows()).toEqual([{ userId: ann.id, productId: tracker().id, quantity: 4 }]);
  });

  test("units the customer's unpaid orders hold count against the limit, which is the owner's setting", async () => {
    const ann = await signedIn();
    t.db.insert(cartItems).values({ userId: ann.id, productId: tracker().id, quantity: 4 }).run();
    expect(placeOrder(t.db, ann.id, { shippingAddress: testAddress, paymentMethod: "bank_transfer" }).ok).toBe(true);
    const seven = await add(ann, { productId: tracker().id, quantity: 7 });
    expect(seven.status).toBe(409);
    expect(((await seven.json()) as ErrorBody).error.message).toBe(
      "You can have at most 10 of this product in your cart and unpaid orders together (4 in your unpaid orders).",
    );
    expect((await add(ann, { productId: tracker().id, quantity: 6 })).status).toBe(200);
    updateSetting(t.db, "maxUnitsPerProduct", 12);
    expect((await add(ann, { productId: tracker().id, quantity: 2 })).status).toBe(200);
    expect(rows()).toEqual([{ userId: ann.id, productId: tracker().id, quantity: 8 }]);
  });

  test("the plain form is refused with a notice; the cart and the product page state the limit", async () => {
    const ann = await signedIn();
    const res = await ann.post("/cart/items", { productId: String(tracker().id), quantity: "11", returnTo: "/shop/product/personal-gps-safety-tracker" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/shop/product/personal-gps-safety-tracker?cart=over-limit");
    const page = await (await ann.get(res.headers.get("location") ?? "")).text();
    expect(page).toContain("more of this product than one customer may have");
    expect(page).toContain("At most 10 of each product per customer, in the cart and unpaid orders together.");
    expect(page).toMatch(/"maxQuantity":10\b/);
    expect(rows()).toEqual([]);

    await add(ann, { productId: tracker().id, quantity: 3 });
    expect(await (await ann.get("/cart")).text()).toContain("At most 10 of each product per customer, in the cart and unpaid orders together.");
  });

  test("a line above a lowered limit counts only the limit, says why, and the navigation counts the same", async () => {
    const ann = await signedIn();
    await add(ann, { productId: tracker().id, quantity: 8 });
    updateSetting(t.db, "maxUnitsPerProduct", 5);
    const cart = await cartOf(ann);
    expect(cart.items[0]).toMatchObject({ status: "reduced", quantity: 5, requestedQuantity: 8, maxQuantity: 5, limitedPerCustomer: true });
    expect(cart).toMatchObject({ count: 5, maxUnitsPerProduct: 5 });
    const html = await (await ann.get("/cart")).text();
    expect(html).toContain("At most 5 per customer: 5 are counted instead of 8.");
    expect(html).toContain('data-cart-count="">5</span>');
  });
});

describe("reading the cart", () => {
  test("shows today's prices, never what was current when the item was added", async () => {
    const ann = await signedIn();
    await add(ann, { productId: camera().id, quantity: 2 });
    t.db.update(products).set({ price: "500.00", salePrice: null }).where(eq(products.id, camera().id)).run();
    expect((await cartOf(ann)).items[0]).toMatchObject({ unitPrice: "500.00", onSale: false, lineTotal: "1000.00" });
  });

  test("stock that fell, sold-out and withdrawn products are shown but counted only for what can be bought", async () => {
    const ann = await signedIn();
    await add(ann, { productId: camera().id, quantity: 5 });
    await add(ann, { productId: recorder().id, quantity: 1 });
    await add(ann, { productId: product("faraday-evidence-bag").id, quantity: 1 });
    t.db.update(products).set({ stockQuantity: 2 }).where(eq(products.id, camera().id)).run();
    t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, recorder().id)).run();
    t.db.update(products).set({ isActive: false }).where(eq(products.slug, "faraday-evidence-bag")).run();
    const cart = await cartOf(ann);
    expect(cart.items.map((l) => [l.status, l.quantity, l.lineTotal])).toEqual([
      ["reduced", 2, "798.00"],
      ["out_of_stock", 1, "0.00"],
      ["unavailable", 1, "0.00"],
    ]);
    expect(cart).toMatchObject({ count: 2, subtotal: "798.00", requiresVerification: false });
    // The navigation counts the same.
    expect(await (await ann.get("/cart")).text()).toContain('data-cart-count="">2</span>');
    // A product whose category is withdrawn is withdrawn too: nothing is left to count.
    t.db.update(categories).set({ isActive: false }).where(eq(categories.id, camera().categoryId!)).run();
    expect((await cartOf(ann)).count).toBe(0);
    expect(await (await ann.get("/cart")).text()).toContain('data-cart-count="">0</span>');
  });

  test("free-shipping progress uses the threshold and flat fee from the settings", async () => {
    const ann = await signedIn();
    await add(ann, { productId: recorder().id }); // 159.00 on sale
    expect(await cartOf(ann)).toMatchObject({
      subtotal: "159.00",
      shipping: "15.00",
      total: "174.00",
      freeShippingThreshold: "200.00",
      amountToFreeShipping: "41.00",
      qualifiesForFreeShipping: false,
      requiresVerification: true,
    });
    t.db.update(settings).set({ value: "150" }).where(eq(settings.key, "freeShippingThreshold")).run();
    expect(await cartOf(ann)).toMatchObject({ shipping: "0.00", total: "159.00", amountToFreeShipping: "0.00", qualifiesForFreeShipping: true });
  });
});
