import { describe, expect, test } from "bun:test";
import {
  cleanSearch,
  currentPriceCents,
  fallbackProductImage,
  filterCatalogue,
  isOnSale,
  matchesSearch,
  productImage,
  readShopQuery,
  readShowCount,
  savingCents,
  shopHref,
  shopPageSize,
  sortOptions,
  type CatalogueItem,
  type ShopQuery,
} from "./catalogue";

let nextId = 1;
function item(p: Partial<CatalogueItem> & Pick<CatalogueItem, "name" | "price">): CatalogueItem {
  const id = nextId++;
  return {
    id,
    slug: `p-${id}`,
    shortDescription: null,
    image: fallbackProductImage,
    salePrice: null,
    categorySlug: "gps-tracking",
    categoryName: "GPS Tracking",
    features: [],
    isFeatured: false,
    requiresVerification: false,
    stockQuantity: 5,
    rating: null,
    ...p,
  };
}

// Catalogue order is the order of this list.
const alpha = item({ name: "Alpha Tracker", price: "100.00", features: ["Long battery life", "Magnetic case"] });
const bravo = item({
  name: "Bravo Camera",
  price: "300.00",
  salePrice: "150.00",
  isFeatured: true,
  categorySlug: "surveillance-cameras",
  features: ["Night vision"],
});
const charlie = item({ name: "charlie recorder", price: "200.00", isFeatured: true, categorySlug: "audio-equipment", features: ["Battery lasts 20 hours"] });
// A "sale" price above the regular price is not a sale: it sells at 120.
const delta = item({ name: "Delta Kit", price: "120.00", salePrice: "130.00", features: ["Spare SIM"] });
const echo = item({ name: "Échelle Detector", price: "50.00", salePrice: "0.00", categorySlug: "counter-surveillance", features: ["Café-tested"] });
const items = [alpha, bravo, charlie, delta, echo];

const q = (over: Partial<ShopQuery> = {}): ShopQuery => ({ category: null, q: "", sort: "featured", ...over });
const names = (list: CatalogueItem[]) => list.map((i) => i.name);

describe("prices", () => {
  test("a sale counts only when it is above zero and below the regular price", () => {
    expect(isOnSale(bravo)).toBe(true);
    expect(isOnSale(alpha)).toBe(false);
    expect(isOnSale(delta)).toBe(false);
    expect(isOnSale(echo)).toBe(false);
  });

  test("the current price is the sale price when there is one; the saving is the difference", () => {
    expect(currentPriceCents(bravo)).toBe(15000);
    expect(savingCents(bravo)).toBe(15000);
    expect(currentPriceCents(delta)).toBe(12000);
    expect(savingCents(delta)).toBe(0);
    expect(currentPriceCents({ price: "19.95", salePrice: "14.99" })).toBe(1499);
  });

  test("only our own image paths are used; anything else gets the fallback", () => {
    expect(productImage(["/images/products/a.svg"])).toBe("/images/products/a.svg");
    expect(productImage([])).toBe(fallbackProductImage);
    expect(productImage(null)).toBe(fallbackProductImage);
    expect(productImage(["https://cdn.example/a.png", "//evil.example/b.png"])).toBe(fallbackProductImage);
  });
});

describe("filter and search", () => {
  test("all products by default, in featured order, without changing the input", () => {
    const before = [...items];
    expect(names(filterCatalogue(items, q()))).toEqual(["Bravo Camera", "charlie recorder", "Alpha Tracker", "Delta Kit", "Échelle Detector"]);
    expect(items).toEqual(before);
  });

  test("a category keeps only its products; an unknown one matches nothing", () => {
    expect(names(filterCatalogue(items, q({ category: "gps-tracking" })))).toEqual(["Alpha Tracker", "Delta Kit"]);
    expect(filterCatalogue(items, q({ category: "no-such-category" }))).toEqual([]);
  });

  test("search matches the name or any feature, ignoring case, accents and extra spaces", () => {
    expect(names(filterCatalogue(items, q({ q: "battery" })))).toEqual(["charlie recorder", "Alpha Tracker"]);
    expect(names(filterCatalogue(items, q({ q: "CAMERA" })))).toEqual(["Bravo Camera"]);
    expect(names(filterCatalogue(items, q({ q: "  night   VISION " })))).toEqual(["Bravo Camera"]);
    expect(names(filterCatalogue(items, q({ q: "echelle" })))).toEqual(["Échelle Detector"]);
    expect(names(filterCatalogue(items, q({ q: "cafe" })))).toEqual(["Échelle Detector"]);
  });

  test("every word must match, in the name or in a feature", () => {
    expect(names(filterCatalogue(items, q({ q: "tracker magnetic" })))).toEqual(["Alpha Tracker"]);
    expect(filterCatalogue(items, q({ q: "tracker night" }))).toEqual([]);
    // A term does not match across the end of the name and the start of a feature.
    expect(matchesSearch(alpha, "trackerlong")).toBe(false);
  });

  test("category and search combine; nothing found is an empty list", () => {
    expect(names(filterCatalogue(items, q({ category: "gps-tracking", q: "battery" })))).toEqual(["Alpha Tracker"]);
    expect(filterCatalogue(items, q({ category: "audio-equipment", q: "magnetic" }))).toEqual([]);
  });
});

describe("sort", () => {
  test("the five orders of the sort selector", () => {
    expect(sortOptions.map((o) => o.label)).toEqual(["Featured", "Name A-Z", "Price Low to High", "Price High to Low", "Highest Rated"]);
  });

  test("Name A-Z ignores case and accents", () => {
    expect(names(filterCatalogue(items, q({ sort: "name-asc" })))).toEqual([
      "Alpha Tracker",
      "Bravo Camera",
      "charlie recorder",
      "Delta Kit",
      "Échelle Detector",
    ]);
  });

  test("prices sort by the sale price when there is one", () => {
    // Bravo: 300 regular, 150 on sale. Delta's "sale" above its price does not count. Echo's 0 does not.
    expect(names(filterCatalogue(items, q({ sort: "price-asc" })))).toEqual([
      "Échelle Detector",
      "Alpha Tracker",
      "Delta Kit",
      "Bravo Camera",
      "charlie recorder",
    ]);
    expect(names(filterCatalogue(items, q({ sort: "price-desc" })))).toEqual([
      "charlie recorder",
      "Bravo Camera",
      "Delta Kit",
      "Alpha Tracker",
      "Échelle Detector",
    ]);
  });

  test("without sale prices, prices sort by the regular price; ties keep the catalogue order", () => {
    const plain = [item({ name: "B", price: "20.00" }), item({ name: "A", price: "10.00" }), item({ name: "C", price: "20.00" })];
    expect(names(filterCatalogue(plain, q({ sort: "price-asc" })))).toEqual(["A", "B", "C"]);
    expect(names(filterCatalogue(plain, q({ sort: "price-desc" })))).toEqual(["B", "C", "A"]);
  });

  test("Highest Rated keeps the catalogue order when no product has reviews", () => {
    expect(filterCatalogue(items, q({ sort: "rating" }))).toEqual(items);
  });

  test("Highest Rated: higher average first, then more reviews; products without reviews last, in catalogue order", () => {
    const rated = [
      item({ name: "None A", price: "1.00" }),
      item({ name: "Four few", price: "1.00", rating: { average: 4, count: 2 } }),
      item({ name: "None B", price: "1.00" }),
      item({ name: "Four many", price: "1.00", rating: { average: 4, count: 9 } }),
      item({ name: "Five", price: "1.00", rating: { average: 4.8, count: 1 } }),
    ];
    expect(names(filterCatalogue(rated, q({ sort: "rating" })))).toEqual(["Five", "Four many", "Four few", "None A", "None B"]);
  });
});

describe("the URL", () => {
  test("reads parameters leniently: unknown values fall back to their defaults", () => {
    const known = new Set(["gps-tracking"]);
    expect(readShopQuery({ category: "gps-tracking", q: " battery  pack ", sort: "price-asc" }, known)).toEqual({
      category: "gps-tracking",
      q: "battery pack",
      sort: "price-asc",
    });
    expect(readShopQuery({ category: "retired-category", sort: "cheapest" }, known)).toEqual({ category: null, q: "", sort: "featured" });
    expect(readShopQuery({ category: "Bad Slug!" })).toEqual({ category: null, q: "", sort: "featured" });
    expect(readShopQuery({ q: "x".repeat(500) }).q).toHaveLength(100);
  });

  test("every view has one canonical URL, defaults left out", () => {
    expect(shopHref(q())).toBe("/shop");
    expect(shopHref(q({ category: "gps-tracking", q: "battery", sort: "price-asc" }))).toBe("/shop?category=gps-tracking&q=battery&sort=price-asc");
    expect(shopHref(q({ q: "  night & day " }))).toBe("/shop?q=night+%26+day");
    expect(cleanSearch("  a \n b ")).toBe("a b");
  });

  test("?show= is a whole number of pages, at least one", () => {
    expect(shopPageSize).toBe(48);
    expect(readShowCount(undefined)).toBe(48);
    expect(readShowCount("abc")).toBe(48);
    expect(readShowCount("0")).toBe(48);
    expect(readShowCount("96")).toBe(96);
    expect(readShowCount("50")).toBe(96);
    expect(readShowCount("999999")).toBe(10_000);
    expect(shopHref(q({ category: "gps-tracking" }), 96)).toBe("/shop?category=gps-tracking&show=96");
    expect(shopHref(q(), 48)).toBe("/shop");
  });
});
