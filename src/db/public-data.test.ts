/**
 * Each kind of public data, changed through its db write function, shows on the very next request
 * to the public page, through the real server fetch handler (the cached-page shortcut included).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { withCachedPages } from "../server/fast-path";
import { updateContentSection } from "./content.server";
import { updateServicePrice } from "./pricing.server";
import { updateCategory, updateProduct } from "./products.server";
import { categories, products } from "./schema";
import { updateSetting } from "./settings.server";
import { seedContent } from "./seed/content";

let t: TestApp;
let handle: ReturnType<typeof withCachedPages>;
const server = { requestIP: () => ({ address: "203.0.113.9", family: "IPv4", port: 1 }) };
beforeAll(() => {
  t = createTestApp();
  handle = withCachedPages(t.deps.pageCache, t.app);
});
afterAll(() => t.close());

/** An anonymous visitor's page, as Bun.serve would answer it. */
const page = async (path: string) => {
  const res = await handle(new Request(`http://localhost${path}`), server);
  expect(res.status).toBe(200);
  return await res.text();
};

/** Fills the cache for `path`, proves the next answer comes from it, then applies `write`. */
async function cachedThen(path: string, write: () => unknown) {
  const first = await page(path);
  expect(t.deps.pageCache.get(path)).toBeDefined();
  expect(await page(path)).toBe(first);
  write();
  return first;
}

const product = () => t.db.select().from(products).where(eq(products.slug, "covert-body-worn-camera-4k")).get()!;

test("a content section", async () => {
  const before = await cachedThen("/", () =>
    expect(updateContentSection(t.db, "home.hero", { ...seedContent["home.hero"], title: "Quiet answers, fast" })).toEqual({ ok: true }),
  );
  expect(before).not.toContain("Quiet answers, fast");
  expect(await page("/")).toContain("Quiet answers, fast");
});

test("a service price", async () => {
  await cachedThen("/services", () => expect(updateServicePrice(t.db, "partner", { price: "321" })).toEqual({ ok: true }));
  expect(await page("/services")).toContain("$321");
});

test("a setting", async () => {
  await cachedThen("/about", () => expect(updateSetting(t.db, "businessName", "Harbour Lane Inquiries")).toEqual({ ok: true }));
  expect(await page("/about")).toContain("Harbour Lane Inquiries");
});

test("a product's stock, price and active flag", async () => {
  const path = "/shop/product/covert-body-worn-camera-4k";
  await cachedThen(path, () => expect(updateProduct(t.db, product().id, { stockQuantity: 0 })).toEqual({ ok: true }));
  expect(await page(path)).toContain("Out of Stock");
  await cachedThen(path, () => expect(updateProduct(t.db, product().id, { stockQuantity: 3, price: 1234.5 })).toEqual({ ok: true }));
  const html = await page(path);
  expect(html).toContain("In Stock (3 available)");
  expect(html).toContain("1,234.50");
  await cachedThen("/shop", () => expect(updateProduct(t.db, product().id, { isActive: false })).toEqual({ ok: true }));
  expect(await page("/shop")).not.toContain("covert-body-worn-camera-4k");
  expect((await handle(new Request(`http://localhost${path}`), server)).status).toBe(404);
});

test("a category", async () => {
  const category = t.db.select().from(categories).where(eq(categories.slug, "surveillance-cameras")).get()!;
  await cachedThen("/shop", () => expect(updateCategory(t.db, category.id, { name: "Discreet Cameras" })).toEqual({ ok: true }));
  expect(await page("/shop")).toContain("Discreet Cameras");
});

test("refused writes change nothing and keep the cache", async () => {
  await page("/services");
  const size = t.deps.pageCache.size;
  const before = t.db.$client.query("SELECT * FROM service_pricing ORDER BY id").all();
  expect(updateServicePrice(t.db, "partner", { price: "-5" })).toMatchObject({ ok: false, reason: "invalid" });
  expect(updateServicePrice(t.db, "partner", { price: "12", surprise: true })).toMatchObject({ ok: false, reason: "invalid" });
  expect(updateServicePrice(t.db, "no-such-service", { price: "12" })).toEqual({ ok: false, reason: "not_found" });
  expect(updateProduct(t.db, product().id, { stockQuantity: -1 })).toMatchObject({ ok: false, fields: { stockQuantity: "Must not be negative" } });
  expect(updateSetting(t.db, "newClientDiscountPercent", 150)).toMatchObject({ ok: false, reason: "invalid" });
  expect(updateSetting(t.db, "notASetting", 1)).toEqual({ ok: false, reason: "not_found" });
  expect(updateContentSection(t.db, "home.hero", { title: "" })).toMatchObject({ ok: false, reason: "invalid" });
  const other = t.db.select().from(categories).all();
  expect(updateCategory(t.db, other[1]!.id, { name: other[0]!.name })).toMatchObject({ ok: false, fields: { name: "Another category has this name" } });
  expect(t.db.$client.query("SELECT * FROM service_pricing ORDER BY id").all()).toEqual(before);
  expect(t.deps.pageCache.size).toBe(size);
});

test("clearing drops the memoised site data too", async () => {
  await page("/about");
  t.db.$client.run("UPDATE settings SET value = '\"Written Behind The Cache\"' WHERE key = 'businessName'");
  expect(await page("/contact")).not.toContain("Written Behind The Cache"); // settings are memoised
  t.deps.pageCache.clear();
  expect(await page("/contact")).toContain("Written Behind The Cache");
});
