import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { testOrigin } from "../../../tests/helpers/browser";
import { customerWithSession, placedOrders } from "../../../tests/factories";
import { countRows, type ErrorBody } from "../../../tests/helpers/test-app";
import { expectQueriesRefused } from "../../../tests/helpers/admins";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { containsPattern } from "../../db/admin-search.server";
import { cancelOrder, changeOrder } from "../../db/orders.server";
import { type Address, cartItems, categories, orderItems, orders, products, wishlistItems } from "../../db/schema";
import { seedProducts } from "../../db/seed/catalogue";
import type { ProductEditorData } from "../../shared/admin-product-editor";
import { type AdminProductList, adminProductsPageSize, type ProductPricingResult } from "../../shared/admin-products";
import type { CartView } from "../../shared/cart-view";

const { t, admin } = adminAppPerTest();

const list = (search = "") => admin.read<AdminProductList>(`/api/admin/products${search}`);

const setPricing = (id: number | string, body: unknown, raw?: string) => admin.send("PATCH", `/api/admin/products/${id}/pricing`, body, raw);
const remove = (id: number | string) => admin.send("DELETE", `/api/admin/products/${id}`);

const product = (slug: string) => {
  const row = t.db.select().from(products).where(eq(products.slug, slug)).get();
  if (!row) throw new Error(`no product ${slug}`);
  return row;
};
const camera = () => product("covert-body-worn-camera-4k"); // 449, on sale at 399
const pricingOf = (slug: string) => {
  const { price, salePrice, updatedAt } = product(slug);
  return { price, salePrice, updatedAt: updatedAt.getTime() };
};

const names = (l: AdminProductList) => l.products.map((p) => p.name);

describe("GET /api/admin/products", () => {
  test("every product, an inactive one too, by name, with its category, pricing, stock, status and image; every category for the filter", async () => {
    t.db.update(products).set({ isActive: false }).where(eq(products.slug, "covert-dash-cam-4k")).run();
    t.db.update(categories).set({ isActive: false }).where(eq(categories.slug, "communication")).run();

    const l = await list();
    expect(l.total).toBe(seedProducts.length);
    expect(l.page).toBe(1);
    expect(l.pageSize).toBe(adminProductsPageSize);
    expect(names(l)).toEqual(seedProducts.map((p) => p.name).sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));

    const dashCam = l.products.find((p) => p.slug === "covert-dash-cam-4k");
    expect(dashCam).toMatchObject({ isActive: false, categoryName: "Surveillance Cameras", price: "329.00", salePrice: null, stockQuantity: 7 });
    const cam = camera();
    expect(l.products.find((p) => p.id === cam.id)).toEqual({
      id: cam.id,
      name: "Covert Body-Worn Camera 4K",
      slug: "covert-body-worn-camera-4k",
      categoryId: cam.categoryId,
      categoryName: "Surveillance Cameras",
      price: "449.00",
      salePrice: "399.00",
      stockQuantity: 18,
      heldStock: 0,
      lowStockThreshold: cam.lowStockThreshold,
      isActive: true,
      image: "/images/products/covert-body-worn-camera-4k.svg",
    });
    expect(l.categories).toHaveLength(countRows(t, "categories"));
    expect(l.categories.find((c) => c.name === "Communication")).toMatchObject({ isActive: false });
  });

  test("the list and the editor show the units open unpaid orders hold, not paid or cancelled ones (decision 024)", async () => {
    const [paid, open] = placedOrders(t.db, "ann@example.com", { slug: "covert-body-worn-camera-4k", count: 2, quantity: 3 });
    const [ben, cancelled] = placedOrders(t.db, "ben@example.com", { slug: "covert-body-worn-camera-4k", count: 2, quantity: 2 });
    if (!paid || !open || !ben || !cancelled) throw new Error("orders not placed");
    changeOrder(t.db, paid.orderId, { kind: "mark_paid" }, { actor: "admin" });
    cancelOrder(t.db, cancelled.orderId, { actor: "admin" });

    const row = (await list("?search=body-worn")).products[0];
    expect(row).toMatchObject({ stockQuantity: 18 - 3 - 3 - 2, heldStock: 3 + 2 });
    expect((await list("?search=dash")).products.every((p) => p.heldStock === 0)).toBe(true);
    const editor = await admin.get(`/api/admin/products/${camera().id}`);
    expect(((await editor.json()) as ProductEditorData).heldStock).toBe(5);
  });

  test("search: name or description, any case, and % and _ are plain characters", async () => {
    expect(names(await list("?search=BODY-worn"))).toEqual(["Covert Body-Worn Camera 4K"]);
    // Only in a description, not in any name.
    expect(names(await list("?search=memory-FOAM"))).toEqual(["Noise-Isolating Transcription Headphones"]);
    expect((await list("?search=%25")).total).toBe(0);
    expect((await list("?search=_")).total).toBe(0);
    t.db.update(products).set({ name: "Tracker 100% waterproof" }).where(eq(products.slug, "obd-fleet-gps-tracker")).run();
    expect(names(await list("?search=100%25"))).toEqual(["Tracker 100% waterproof"]);
    expect(names(await list(`?search=${encodeURIComponent("  body-worn   camera ")}`))).toEqual(["Covert Body-Worn Camera 4K"]);
    expect(containsPattern("a%b_c\\d")).toBe("%a\\%b\\_c\\\\d%");
  });

  test("category filter, alone and with a search; a well-formed unknown category matches nothing", async () => {
    const gps = t.db.select().from(categories).where(eq(categories.slug, "gps-tracking")).get()!;
    const inGps = seedProducts.filter((p) => p.categorySlug === "gps-tracking").map((p) => p.name);
    const l = await list(`?category=${gps.id}`);
    expect(l.total).toBe(inGps.length);
    expect(names(l).sort()).toEqual(inGps.sort());
    expect(names(await list(`?category=${gps.id}&search=obd-ii`))).toEqual(["OBD-II Fleet GPS Tracker"]);
    const audio = t.db.select().from(categories).where(eq(categories.slug, "audio-equipment")).get()!;
    expect((await list(`?category=${audio.id}&search=obd-ii`)).total).toBe(0);
    expect(await list("?category=99999")).toMatchObject({ total: 0, products: [] });
  });

  test("paginated on the server: 50 a page, the total over all pages", async () => {
    const extra = 60;
    const gps = t.db.select().from(categories).where(eq(categories.slug, "gps-tracking")).get()!;
    for (let i = 0; i < extra; i++) {
      const n = String(i).padStart(2, "0");
      t.db
        .insert(products)
        .values({ name: `Zulu spare part ${n}`, slug: `zulu-spare-part-${n}`, price: "10.00", categoryId: gps.id })
        .run();
    }
    const total = seedProducts.length + extra;
    const first = await list();
    const second = await list("?page=2");
    const beyond = await list("?page=3");
    expect(first.products).toHaveLength(50);
    expect(second.products).toHaveLength(total - 50);
    expect(beyond.products).toHaveLength(0);
    for (const l of [first, second, beyond]) expect(l.total).toBe(total);
    expect(second.page).toBe(2);
    expect(new Set([...first.products, ...second.products].map((p) => p.id)).size).toBe(total);
    expect(names(second).at(-1)).toBe("Zulu spare part 59");
    const filtered = await list("?search=zulu&page=2");
    expect(filtered.total).toBe(extra);
    expect(names(filtered)).toEqual(Array.from({ length: extra - 50 }, (_, i) => `Zulu spare part ${50 + i}`));
  });

  test("a malformed page or category: 400 with the field's message", async () => {
    await expectQueriesRefused(admin, "/api/admin/products", [
      ["?page=0", "page"],
      ["?page=-1", "page"],
      ["?page=abc", "page"],
      ["?page=1.5", "page"],
      ["?page=10001", "page"],
      ["?category=0", "category"],
      ["?category=gps-tracking", "category"],
      ["?category=99999999999", "category"],
    ]);
  });
});

describe("PATCH /api/admin/products/:id/pricing", () => {
  test("sets price and sale price; the product page and the shop show them on the next request", async () => {
    const path = "/shop/product/covert-body-worn-camera-4k";
    expect(await (await t.request(path)).text()).toContain("$399");
    expect(await (await t.request("/shop")).text()).toContain("$399");
    expect(t.deps.pageCache.get(path)).toBeDefined();

    const res = await setPricing(camera().id, { price: 512.5, salePrice: "487.25" });
    expect(res.status).toBe(200);
    expect((await res.json()) as ProductPricingResult).toEqual({ id: camera().id, price: "512.50", salePrice: "487.25" });
    expect(camera()).toMatchObject({ price: "512.50", salePrice: "487.25" });

    const html = await (await t.request(path)).text();
    expect(html).toContain("$487.25");
    expect(html).toContain("$512.50");
    expect(html).not.toContain("$399");
    expect(await (await t.request("/shop")).text()).toContain("$487.25");
  });

  test("the dialog always sends the whole pricing: no, null, empty or zero sale price clears it", async () => {
    for (const body of [{ price: 449 }, { price: 449, salePrice: null }, { price: "449", salePrice: "" }, { price: 449, salePrice: 0 }]) {
      t.db.update(products).set({ salePrice: "399.00" }).where(eq(products.id, camera().id)).run();
      const res = await setPricing(camera().id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 200 });
      expect(camera()).toMatchObject({ price: "449.00", salePrice: null });
    }
    expect(await (await t.request("/shop/product/covert-body-worn-camera-4k")).text()).not.toContain("$399");
  });

  test("bad input: 400 with the field's message, and the product is unchanged", async () => {
    const id = camera().id;
    const before = pricingOf("covert-body-worn-camera-4k");
    const cases: [unknown, Record<string, string>][] = [
      [{}, { price: "Enter a price" }],
      [{ price: null, salePrice: 10 }, { price: "Enter a price" }],
      [{ price: "abc" }, { price: "Use an amount such as 695.00" }],
      [{ price: "12.345" }, { price: "Use an amount such as 695.00" }],
      [{ price: -1 }, { price: "Must not be negative" }],
      [{ price: 2_000_000 }, { price: "Too large" }],
      [{ price: 100, salePrice: 100 }, { salePrice: "The sale price must be below the price" }],
      [{ price: 100, salePrice: 150 }, { salePrice: "The sale price must be below the price" }],
      [{ price: 100, salePrice: -5 }, { salePrice: "Must not be negative" }],
      [{ price: 100, salePrice: "cheap" }, { salePrice: "Use an amount such as 695.00" }],
      [{ price: 100, stockQuantity: 0 }, { _: 'Unrecognized key: "stockQuantity"' }],
      [[100], { _: "Invalid input: expected object, received array" }],
    ];
    for (const [body, fields] of cases) {
      const res = await setPricing(id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      const error = ((await res.json()) as ErrorBody).error;
      expect({ body, code: error.code, fields: error.fields }).toEqual({ body, code: "validation_error", fields });
    }
    const malformed = await setPricing(id, undefined, "{ price: 1");
    expect(malformed.status).toBe(400);
    expect(pricingOf("covert-body-worn-camera-4k")).toEqual(before);
  });

  test("an id that is not a positive whole number is a 400; an unknown one a 404; neither writes", async () => {
    const before = t.db.select({ id: products.id, price: products.price, salePrice: products.salePrice }).from(products).all();
    for (const id of ["abc", "0", "-1", "1.5", "1e3", "99999999999"]) {
      const res = await setPricing(id, { price: 1 });
      expect({ id, status: res.status }).toEqual({ id, status: 400 });
      expect(((await res.json()) as ErrorBody).error.fields).toEqual({ id: "Choose a product" });
    }
    const unknown = await setPricing(999_999, { price: 1 });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe("not_found");
    expect(t.db.select({ id: products.id, price: products.price, salePrice: products.salePrice }).from(products).all()).toEqual(before);
  });
});

describe("DELETE /api/admin/products/:id", () => {
  const address: Address = { name: "Ann Lee", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };
  const slug = "covert-body-worn-camera-4k";

  test("it leaves the shop, the catalogue API, carts, wishlists and the sitemap, its page answers 404; orders keep their snapshot", async () => {
    const cam = camera();
    const ann = customerWithSession(t.db, "ann@example.com");
    const annHeaders = { Cookie: ann.cookie, Origin: testOrigin, "Content-Type": "application/json" };
    const added = await t.request("/api/cart/items", { method: "POST", headers: annHeaders, body: JSON.stringify({ productId: cam.id, quantity: 2 }) });
    expect(added.status).toBe(200);
    const recorder = product("digital-voice-recorder-pro");
    await t.request("/api/cart/items", { method: "POST", headers: annHeaders, body: JSON.stringify({ productId: recorder.id }) });
    t.db.insert(wishlistItems).values({ userId: ann.userId, productId: cam.id }).run();
    const order = t.db
      .insert(orders)
      .values({ orderNumber: "PI-TEST-0001", totalAmount: "399.00", subtotal: "399.00", shippingAddress: address, billingAddress: address, userId: ann.userId })
      .returning({ id: orders.id })
      .get();
    const snapshot = { name: cam.name, slug: cam.slug, sku: cam.sku, price: "399.00" };
    t.db
      .insert(orderItems)
      .values({ orderId: order.id, productId: cam.id, quantity: 1, unitPrice: "399.00", totalPrice: "399.00", productSnapshot: snapshot })
      .run();

    // Cached before the delete: the delete must clear them.
    expect(await (await t.request("/shop")).text()).toContain(slug);
    expect((await t.request(`/shop/product/${slug}`)).status).toBe(200);
    expect(await (await t.request("/sitemap.xml")).text()).toContain(slug);

    const res = await remove(cam.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    expect(t.db.select().from(products).where(eq(products.id, cam.id)).get()).toBeUndefined();
    expect(await (await t.request("/shop")).text()).not.toContain(slug);
    expect((await t.request(`/shop/product/${slug}`)).status).toBe(404);
    const catalogue = (await (await t.request("/api/products")).json()) as { id: number }[];
    expect(catalogue.length).toBe(seedProducts.length - 1);
    expect(catalogue.some((p) => p.id === cam.id)).toBe(false);
    expect(await (await t.request("/sitemap.xml")).text()).not.toContain(slug);
    const cart = (await (await t.request("/api/cart", { headers: { Cookie: ann.cookie } })).json()) as CartView;
    expect(cart.items.map((i) => i.productId)).toEqual([recorder.id]);
    expect(t.db.select().from(cartItems).where(eq(cartItems.productId, cam.id)).all()).toEqual([]);
    expect(countRows(t, "wishlist_items")).toBe(0);
    expect(t.db.select().from(orderItems).all()).toMatchObject([
      { orderId: order.id, productId: null, quantity: 1, unitPrice: "399.00", productSnapshot: snapshot },
    ]);
    expect((await list()).products.some((p) => p.id === cam.id)).toBe(false);
  });

  test("an unknown id is a 404 (a second delete too); a malformed one a 400; nothing is deleted", async () => {
    const id = camera().id;
    expect((await remove(id)).status).toBe(200);
    const count = countRows(t, "products");
    const again = await remove(id);
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).error).toEqual({ code: "not_found", message: "This product does not exist or was already deleted." });
    expect((await remove(999_999)).status).toBe(404);
    for (const bad of ["abc", "0", "-3", "2.5", "99999999999"]) {
      const res = await remove(bad);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
    expect(countRows(t, "products")).toBe(count);
  });
});
