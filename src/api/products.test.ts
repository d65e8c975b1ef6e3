import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { categories, products } from "../db/schema";
import { seedCategories, seedProducts } from "../db/seed/catalogue";
import { currentPriceCents } from "../domain/catalogue";

type ApiProduct = typeof products.$inferSelect & {
  image: string;
  category: { id: number; name: string; slug: string } | null;
  createdAt: string;
  updatedAt: string;
};
type ApiCategory = typeof categories.$inferSelect & { productCount: number };

let t: TestApp;
let testCategoryId: number;

beforeAll(() => {
  t = createTestApp();
  // A withdrawn product, a withdrawn category (with a product), and a small category whose
  // prices make every sort order unambiguous.
  t.db.update(products).set({ isActive: false }).where(eq(products.slug, "covert-dash-cam-4k")).run();
  const hidden = t.db.insert(categories).values({ name: "Retired", slug: "retired", isActive: false, sortOrder: 99 }).returning().get();
  t.db.insert(products).values({ name: "Retired Widget", slug: "retired-widget", price: "10.00", categoryId: hidden.id, stockQuantity: 5 }).run();
  testCategoryId = t.db.insert(categories).values({ name: "Sort Test", slug: "sort-test", sortOrder: 50 }).returning().get().id;
  for (const p of [
    { name: "Mid Unit", slug: "mid-unit", price: "100.00", salePrice: null, isFeatured: false, features: ["Plain"] },
    { name: "Cheap On Sale", slug: "cheap-on-sale", price: "150.00", salePrice: "90.00", isFeatured: true, features: ["Discounted"] },
    { name: "Another Unit", slug: "another-unit", price: "120.00", salePrice: null, isFeatured: false, features: ["Zinc battery holder"] },
  ]) {
    t.db
      .insert(products)
      .values({ ...p, categoryId: testCategoryId, stockQuantity: 3, images: [] })
      .run();
  }
});
afterAll(() => t.close());

async function list(query = ""): Promise<ApiProduct[]> {
  const res = await t.request(`/api/products${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ApiProduct[];
}

describe("GET /api/products", () => {
  test("answers only shown products, each with its image and category", async () => {
    const all = await list();
    const slugs = all.map((p) => p.slug);
    expect(all).toHaveLength(seedProducts.length - 1 + 3);
    expect(slugs).not.toContain("covert-dash-cam-4k");
    expect(slugs).not.toContain("retired-widget");
    const camera = all.find((p) => p.slug === "covert-body-worn-camera-4k")!;
    expect(camera).toMatchObject({
      name: "Covert Body-Worn Camera 4K",
      price: "449.00",
      salePrice: "399.00",
      image: "/images/products/covert-body-worn-camera-4k.svg",
      images: ["/images/products/covert-body-worn-camera-4k.svg"],
      category: { name: "Surveillance Cameras", slug: "surveillance-cameras" },
      isActive: true,
      isFeatured: true,
    });
    expect(camera.features.length).toBe(6);
    expect(camera.specifications).toMatchObject({ Resolution: "3840 × 2160 at 30 fps" });
    // No image stored: the fallback image.
    expect(all.find((p) => p.slug === "mid-unit")!.image).toBe("/images/products/placeholder.svg");
  });

  test("filters by category", async () => {
    const gps = await list("?category=gps-tracking");
    expect(gps.map((p) => p.slug).sort()).toEqual(
      seedProducts
        .filter((p) => p.categorySlug === "gps-tracking")
        .map((p) => p.slug)
        .sort(),
    );
    expect(await list("?category=no-such-category")).toEqual([]);
  });

  test("searches names and feature texts", async () => {
    const found = await list("?q=battery");
    expect(found.length).toBeGreaterThan(2);
    for (const p of found) expect(`${p.name} ${p.features.join(" ")}`.toLowerCase()).toContain("battery");
    // "Zinc battery holder" is a feature, not a name.
    expect(found.map((p) => p.slug)).toContain("another-unit");
    const all = await list();
    const expected = all.filter((p) => `${p.name}\n${p.features.join("\n")}`.toLowerCase().includes("battery")).map((p) => p.slug);
    expect(found.map((p) => p.slug).sort()).toEqual(expected.sort());
    expect(await list("?q=no-such-thing-anywhere")).toEqual([]);
  });

  test("each sort order, with a sale price in play", async () => {
    const slugs = async (sort: string) => (await list(`?category=sort-test&sort=${sort}`)).map((p) => p.slug);
    expect(await slugs("featured")).toEqual(["cheap-on-sale", "mid-unit", "another-unit"]);
    expect(await slugs("name-asc")).toEqual(["another-unit", "cheap-on-sale", "mid-unit"]);
    // The sale price (90) counts, not the regular price (150).
    expect(await slugs("price-asc")).toEqual(["cheap-on-sale", "mid-unit", "another-unit"]);
    expect(await slugs("price-desc")).toEqual(["another-unit", "mid-unit", "cheap-on-sale"]);
    expect(await slugs("rating")).toEqual(["mid-unit", "cheap-on-sale", "another-unit"]);
  });

  test("sorting the whole catalogue by price, with and without sale prices", async () => {
    const asc = await list("?sort=price-asc");
    const prices = asc.map((p) => currentPriceCents(p));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // A product on sale sorts by its sale price, one without by its regular price.
    const camera = asc.findIndex((p) => p.slug === "covert-body-worn-camera-4k"); // 399 on sale (449)
    const messenger = asc.findIndex((p) => p.slug === "satellite-messenger"); // 449, no sale
    const trail = asc.findIndex((p) => p.slug === "cellular-trail-camera"); // 399, no sale
    expect(camera).toBeLessThan(messenger);
    expect(Math.abs(camera - trail)).toBe(1);
    const desc = await list("?sort=price-desc");
    const descPrices = desc.map((p) => currentPriceCents(p));
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));
    const names = (await list("?sort=name-asc")).map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })));
  });

  test("bad filter values get 400 with the field named", async () => {
    for (const [query, field] of [
      ["?sort=cheapest", "sort"],
      ["?category=Bad%20Slug!", "category"],
      [`?q=${"x".repeat(101)}`, "q"],
      ["?sort=price-asc&sort=name-asc", "sort"],
    ] as const) {
      const res = await t.request(`/api/products${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe("validation_error");
      expect(Object.keys(body.error.fields)).toEqual([field]);
    }
  });
});

describe("GET /api/categories", () => {
  test("answers the active categories in order, each with its count of shown products", async () => {
    const res = await t.request("/api/categories");
    expect(res.status).toBe(200);
    const list = (await res.json()) as ApiCategory[];
    expect(list.map((c) => c.slug)).toEqual([...seedCategories.map((c) => c.slug), "sort-test"]);
    const count = (slug: string) => list.find((c) => c.slug === slug)!.productCount;
    // The withdrawn dash cam is not counted.
    expect(count("surveillance-cameras")).toBe(seedProducts.filter((p) => p.categorySlug === "surveillance-cameras").length - 1);
    expect(count("gps-tracking")).toBe(4);
    expect(count("sort-test")).toBe(3);
    expect(list[0]).toMatchObject({ name: "Surveillance Cameras", description: expect.any(String), isActive: true });
  });
});
