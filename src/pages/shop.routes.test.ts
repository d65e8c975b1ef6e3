import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { browser } from "../../tests/helpers/browser";
import { countRows, createTestApp } from "../../tests/helpers/test-app";
import { testAppPerFile } from "../../tests/helpers/per-test";
import { cartItems, products } from "../db/schema";
import { seedProducts } from "../db/seed/catalogue";
import { manifest } from "../server/assets.server";

const t = testAppPerFile();

const page = async (path: string, b?: ReturnType<typeof browser>) => {
  const res = b ? await b.get(path) : await t.request(path);
  return { status: res.status, html: await res.text(), headers: res.headers };
};
/** The product names of the shop grid, in order, as the server rendered them. */
const gridNames = (html: string) => [...html.matchAll(/<h3 id="product-\d+-name"[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const productId = (slug: string) => t.db.select({ id: products.id }).from(products).where(eq(products.slug, slug)).get()!.id;

describe("/shop, rendered by the server", () => {
  test("sidebar with counts, search, sort, cards with badges, prices and features, banner and tiles", async () => {
    const { status, html } = await page("/shop");
    expect(status).toBe(200);
    for (const text of [
      "Equipment Shop",
      "All Products",
      `>${seedProducts.length}</span>`,
      "GPS Tracking",
      "Search products",
      "Sort by",
      "Name A-Z",
      "Price Low to High",
      "Price High to Low",
      "Highest Rated",
      `Showing ${seedProducts.length} products`,
      "Featured",
      "ID Required",
      "Sale",
      "No reviews yet",
      "<del",
      "+3 more",
      "View Details",
      "Add to Cart",
      "Out of Stock",
      "Please log in to purchase",
      "Discreet Shipping",
      "Professional Grade",
      "Expert Support",
    ]) {
      expect(html).toContain(text);
    }
    expect(gridNames(html)).toHaveLength(seedProducts.length);
    // No review exists, so no rating is shown anywhere.
    expect(html).not.toContain("Rated ");
    // The grid is an island that hydrates when visible: no framework preloaded.
    expect(html).toContain('data-island="ShopCatalog"');
    expect(html).toContain(`<script type="module" src="${manifest.entry}">`);
    expect(html).not.toContain("modulepreload");
    // Images: the fallback when missing, sizes given, lazy below the fold.
    expect(html).toContain('src="/images/products/covert-body-worn-camera-4k.svg"');
    expect(html).toMatch(/<img src="[^"]+" alt="[^"]+" width="400" height="300" loading="lazy"/);
    // Signed out, Add to Cart goes to sign in and back, to the card it was on.
    expect(html).toContain('action="/api/login"');
    expect(html).toContain('name="returnTo" value="/shop#shop-item-1"');
  });

  test("the URL filters, searches and sorts without JavaScript", async () => {
    const gps = gridNames((await page("/shop?category=gps-tracking")).html);
    expect(gps.sort()).toEqual(
      seedProducts
        .filter((p) => p.categorySlug === "gps-tracking")
        .map((p) => p.name)
        .sort(),
    );

    const { html } = await page("/shop?category=gps-tracking&q=battery&sort=price-asc");
    const names = gridNames(html);
    expect(names.length).toBeGreaterThan(0);
    const byName = new Map(seedProducts.map((p) => [p.name, p]));
    for (const n of names) {
      const p = byName.get(n)!;
      expect(p.categorySlug).toBe("gps-tracking");
      expect(`${p.name} ${p.features.join(" ")}`.toLowerCase()).toContain("battery");
    }
    const prices = names.map((n) => Number(byName.get(n)!.salePrice ?? byName.get(n)!.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(html).toContain('value="battery"');
    expect(html).toMatch(/<option value="price-asc" selected="">/);
    expect(html).toContain('aria-current="page"');
    // A filtered view is not indexed; its canonical is the category page.
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<link rel="canonical" href="http://localhost/shop?category=gps-tracking">');

    const desc = gridNames((await page("/shop?sort=price-desc")).html).map((n) => Number(byName.get(n)!.salePrice ?? byName.get(n)!.price));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  test("nothing matching shows 'No products found'; unknown values fall back instead of failing", async () => {
    const none = await page("/shop?q=zzzz-no-such-product");
    expect(none.status).toBe(200);
    expect(none.html).toContain("No products found");
    expect(gridNames(none.html)).toEqual([]);
    const odd = await page("/shop?category=retired&sort=cheapest");
    expect(odd.status).toBe(200);
    expect(gridNames(odd.html)).toHaveLength(seedProducts.length);
  });

  test("anonymous /shop comes from the page cache; a query string is rendered fresh", async () => {
    const first = await page("/shop");
    const again = await page("/shop");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("cache-control")).toContain("public");
    expect((await page("/shop?q=gps")).headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("/shop/product/{slug}", () => {
  test("image, badges, breadcrumb, price with saving, stock, features, specifications, shipping and JSON-LD", async () => {
    const { status, html } = await page("/shop/product/covert-body-worn-camera-4k");
    expect(status).toBe(200);
    for (const text of [
      'alt="Covert Body-Worn Camera 4K" width="400" height="300"',
      'aria-label="Breadcrumb"',
      'href="/shop?category=surveillance-cameras"',
      "<h1",
      "Covert Body-Worn Camera 4K",
      "$399",
      "$449",
      "Save $50",
      "In Stock (18 available)",
      "Quantity",
      "Add to Cart",
      "Key Features",
      "Hash-verified export for evidence handling",
      "Specifications",
      "3840 × 2160 at 30 fps",
      "Discreet packaging",
      "1-2 business days",
      "Secure payment",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("Verification Required");
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.+?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(ld[0]).toMatchObject({
      "@type": "Product",
      name: "Covert Body-Worn Camera 4K",
      sku: "SC-BWC-4K01",
      image: ["http://localhost/images/products/covert-body-worn-camera-4k.svg"],
      offers: { "@type": "Offer", price: "399.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect(ld[1]).toMatchObject({ "@type": "BreadcrumbList" });
  });

  test("the verification box, low stock in red and 'Out of Stock' with the button disabled", async () => {
    const tracker = (await page("/shop/product/realtime-gps-tracker-magnetic")).html;
    expect(tracker).toContain("Verification Required");
    expect(tracker).toContain("ID Required");
    expect(tracker).toContain('class="font-semibold text-success">In Stock (25 available)');
    expect((await page("/shop/product/obd-fleet-gps-tracker")).html).toContain('class="font-semibold text-error">In Stock (3 available)');
    const sold = (await page("/shop/product/cellular-trail-camera")).html;
    expect(sold).toContain('class="font-semibold text-error">Out of Stock');
    expect(sold).toMatch(/<button type="button" class="btn btn-lg" disabled="">Out of Stock<\/button>/);
  });

  test("an unknown or withdrawn product is 'Product Not Found' with 404 and a way back, never cached", async () => {
    const cached = t.deps.pageCache.size;
    for (const slug of ["no-such-thing", "not_a_slug!"]) {
      const res = await t.request(`/shop/product/${slug}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("Product Not Found");
      expect(html).toContain("The product you&#x27;re looking for doesn&#x27;t exist or has been removed.");
      expect(html).toContain('href="/shop"');
      expect(html).toContain("Back to Shop");
    }
    t.db.update(products).set({ isActive: false }).where(eq(products.slug, "vehicle-sweep-kit")).run();
    expect((await t.request("/shop/product/vehicle-sweep-kit")).status).toBe(404);
    t.db.update(products).set({ isActive: true }).where(eq(products.slug, "vehicle-sweep-kit")).run();
    expect(t.deps.pageCache.size).toBe(cached);
  });

  test("the sitemap lists every product page", async () => {
    const xml = await (await t.request("/sitemap.xml")).text();
    for (const p of seedProducts) expect(xml).toContain(`<loc>http://localhost/shop/product/${p.slug}</loc>`);
  });
});

describe("signed in", () => {
  test("no banner; Add to Cart posts to the cart; the navigation shows the cart count", async () => {
    const ann = browser(t);
    await ann.signUp("shopper@example.com");
    const shop = (await page("/shop", ann)).html;
    expect(shop).not.toContain("Please log in to purchase");
    expect(shop).toContain('action="/cart/items"');
    expect(shop).toContain('data-cart-count="">0</span>');
    await ann.postJson("/api/cart/items", { productId: productId("faraday-evidence-bag"), quantity: 3 });
    expect((await page("/shop/product/faraday-evidence-bag", ann)).html).toContain('data-cart-count="">3</span>');
  });
});

describe("the cart without JavaScript", () => {
  test("add, change and remove through plain forms, each redirecting back with a notice", async () => {
    const ann = browser(t);
    const userId = await ann.signUp("forms@example.com");
    const id = productId("evidence-collection-kit");

    const added = await ann.post("/cart/items", { productId: String(id), quantity: "2", returnTo: "/shop/product/evidence-collection-kit" });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/shop/product/evidence-collection-kit?cart=added");
    expect((await page("/shop/product/evidence-collection-kit?cart=added", ann)).html).toContain("Added to your cart.");

    const fromShop = await ann.post("/cart/items", { productId: String(id), quantity: "1", returnTo: "/shop?category=digital-forensics" });
    expect(fromShop.headers.get("location")).toBe("/shop?category=digital-forensics&cart=added");

    const cart = (await page("/cart", ann)).html;
    expect(cart).toContain("Your Cart");
    expect(cart).toContain("Evidence Collection Kit");
    expect(cart).toContain(`action="/cart/items/${id}"`);
    expect(cart).toContain("Subtotal (3 items)");
    expect(cart).toContain("$387");
    expect(cart).toContain("You qualify for free shipping!");

    const changed = await ann.post(`/cart/items/${id}`, { quantity: "1" });
    expect(changed.headers.get("location")).toBe("/cart?cart=updated");
    const one = (await page("/cart?cart=updated", ann)).html;
    expect(one).toContain("Your cart was updated.");
    expect(one).toContain("$71 more for free shipping");

    const tooMany = await ann.post(`/cart/items/${id}`, { quantity: "500" });
    expect(tooMany.headers.get("location")).toBe("/cart?cart=not-enough-stock");

    const removed = await ann.post(`/cart/items/${id}/delete`, {});
    expect(removed.headers.get("location")).toBe("/cart?cart=removed");
    expect((await page("/cart", ann)).html).toContain("Your cart is empty");
    expect(t.db.select().from(cartItems).where(eq(cartItems.userId, userId)).all()).toEqual([]);
  });

  test("signed out, the forms send the visitor to sign in; /cart asks to sign in", async () => {
    const visitor = browser(t);
    const res = await visitor.post("/cart/items", {
      productId: String(productId("evidence-collection-kit")),
      returnTo: "/shop/product/evidence-collection-kit",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/api/login?returnTo=%2Fshop%2Fproduct%2Fevidence-collection-kit");
    const cart = await page("/cart");
    expect(cart.status).toBe(401);
    expect(cart.html).toContain("/api/login?returnTo=%2Fcart");
  });

  test("bad input gets 400 and nothing is written; returnTo never leaves the site", async () => {
    const ann = browser(t);
    await ann.signUp("bad@example.com");
    const before = countRows(t, "cart_items");
    expect((await ann.post("/cart/items", { productId: "abc" })).status).toBe(400);
    expect((await ann.post("/cart/items", { productId: String(productId("evidence-collection-kit")), quantity: "0" })).status).toBe(400);
    expect((await ann.post("/cart/items/abc", { quantity: "1" })).status).toBe(400);
    expect(countRows(t, "cart_items")).toBe(before);
    const evil = await ann.post("/cart/items", { productId: String(productId("evidence-collection-kit")), returnTo: "//evil.example/x" });
    expect(evil.headers.get("location")).toBe("/cart?cart=added");
    const sold = await ann.post("/cart/items", { productId: String(productId("cellular-trail-camera")), returnTo: "/shop" });
    expect(sold.headers.get("location")).toBe("/shop?cart=out-of-stock");
    expect(t.db.select().from(cartItems).all().length).toBe(before + 1);
    // A form post from another site is refused.
    const forged = await t.request("/cart/items", {
      method: "POST",
      body: new URLSearchParams({ productId: "1" }),
      headers: { Origin: "https://evil.example", Cookie: ann.jar.header() },
    });
    expect(forged.status).toBe(403);
  });
});

describe("a large catalogue", () => {
  test("the grid shows a page of cards and a 'Show more' link that works without JavaScript", async () => {
    const big = createTestApp();
    try {
      const categoryId = big.db.select({ id: products.categoryId }).from(products).where(eq(products.slug, "faraday-evidence-bag")).get()!.id;
      for (let i = 0; i < 60; i++) {
        big.db
          .insert(products)
          .values({
            name: `Evidence Pouch ${String(i).padStart(2, "0")}`,
            slug: `evidence-pouch-${i}`,
            price: "19.00",
            categoryId,
            stockQuantity: 10,
            features: ["Tamper-evident seal"],
          })
          .run();
      }
      const total = seedProducts.length + 60;
      const first = await (await big.request("/shop")).text();
      expect(gridNames(first)).toHaveLength(48);
      expect(first).toContain(`Showing 48 of ${total} products`);
      // Without JavaScript the next page opens at the first card it adds.
      expect(first).toContain(`href="/shop?show=96#shop-item-49"`);
      expect(first).toContain(`Show more products (${total - 48} more)`);
      const all = await (await big.request("/shop?show=96")).text();
      expect(gridNames(all)).toHaveLength(total);
      expect(all).toContain(`Showing ${total} products`);
      expect(all).not.toContain("Show more products");
      // Filters apply to the whole catalogue, not only to the page shown.
      const pouches = await (await big.request("/shop?q=pouch")).text();
      const seedPouches = seedProducts.filter((p) => [p.name, ...p.features].some((f) => f.toLowerCase().includes("pouch"))).length;
      expect(pouches.includes(`Showing 48 of ${60 + seedPouches} products matching “pouch”`)).toBe(true);
    } finally {
      big.close();
    }
  });
});
