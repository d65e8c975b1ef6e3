import { test, expect } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { seedCategories, seedProducts } from "./catalogue.ts";

const PUBLIC_DIR = join(import.meta.dir, "../../../public");
const MONEY = /^\d+\.\d{2}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const STATES = new Set(["SA", "NSW", "VIC", "QLD", "WA", "TAS", "NT", "ACT"]);
const KNOWN_CATEGORIES = [
  "surveillance-cameras",
  "gps-tracking",
  "audio-equipment",
  "digital-forensics",
  "training-materials",
  "counter-surveillance",
  "communication",
];

const count = (pred: (p: (typeof seedProducts)[number]) => boolean) => seedProducts.filter(pred).length;
const dupes = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);

/** Minimal well-formedness check: every opened tag is closed, in order, and there is one root <svg>. */
function isWellFormedSvg(src: string): boolean {
  const body = src.replace(/<\?xml[^>]*\?>/, "").trim();
  if (!body.startsWith("<svg") || !body.endsWith("</svg>")) return false;
  const stack: string[] = [];
  for (const m of body.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g)) {
    const [, closing, name, , selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) {
      stack.push(name!);
    }
  }
  // Anything tag-like the pattern above did not accept means malformed markup.
  const tagLike = body.match(/<[^>]*>/g) ?? [];
  const accepted = body.match(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g) ?? [];
  return stack.length === 0 && tagLike.length === accepted.length;
}

test("categories: the seven known slugs, unique names and sort orders", () => {
  expect(seedCategories.map((c) => c.slug).sort()).toEqual([...KNOWN_CATEGORIES].sort());
  expect(dupes(seedCategories.map((c) => c.name))).toEqual([]);
  expect(dupes(seedCategories.map((c) => String(c.sortOrder)))).toEqual([]);
  for (const c of seedCategories) expect(c.description.length).toBeGreaterThan(20);
});

test("products: unique, well-formed slugs and skus", () => {
  expect(seedProducts.length).toBeGreaterThanOrEqual(24);
  expect(dupes(seedProducts.map((p) => p.slug))).toEqual([]);
  expect(dupes(seedProducts.map((p) => p.sku))).toEqual([]);
  for (const p of seedProducts) expect(p.slug).toMatch(SLUG);
});

test("products: every categorySlug exists and each category has at least 3 products", () => {
  const slugs = new Set(seedCategories.map((c) => c.slug));
  for (const p of seedProducts) expect(slugs.has(p.categorySlug)).toBe(true);
  for (const c of seedCategories) {
    expect(count((p) => p.categorySlug === c.slug)).toBeGreaterThanOrEqual(3);
  }
});

test("products: prices are decimal strings in range and sale prices are lower", () => {
  for (const p of seedProducts) {
    expect(p.price).toMatch(MONEY);
    const price = Number(p.price);
    expect(price).toBeGreaterThanOrEqual(29);
    expect(price).toBeLessThanOrEqual(1499);
    if (p.salePrice !== null) {
      expect(p.salePrice).toMatch(MONEY);
      expect(Number(p.salePrice)).toBeLessThan(price);
      expect(Number(p.salePrice)).toBeGreaterThan(0);
    }
  }
});

test("products: required mix of sale, stock, featured, verification and restricted items", () => {
  expect(count((p) => p.salePrice !== null)).toBeGreaterThanOrEqual(6);
  expect(count((p) => p.stockQuantity === 0)).toBeGreaterThanOrEqual(3);
  expect(count((p) => p.stockQuantity >= 1 && p.stockQuantity <= 10)).toBeGreaterThanOrEqual(5);
  expect(count((p) => p.isFeatured)).toBeGreaterThanOrEqual(4);
  expect(count((p) => p.requiresVerification)).toBeGreaterThanOrEqual(3);
  expect(count((p) => p.restrictedStates.length > 0)).toBeGreaterThanOrEqual(2);
  for (const p of seedProducts) {
    expect(Number.isInteger(p.stockQuantity)).toBe(true);
    expect(p.stockQuantity).toBeGreaterThanOrEqual(0);
    for (const s of p.restrictedStates) expect(STATES.has(s)).toBe(true);
  }
});

test("products: content shape (features, specifications, descriptions, SEO)", () => {
  for (const p of seedProducts) {
    expect(p.features.length).toBeGreaterThanOrEqual(4);
    expect(p.features.length).toBeLessThanOrEqual(7);
    const specs = Object.entries(p.specifications);
    expect(specs.length).toBeGreaterThanOrEqual(4);
    expect(specs.length).toBeLessThanOrEqual(8);
    for (const [, v] of specs) expect(typeof v).toBe("string");
    const sentences = p.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim() !== "");
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
    expect(p.tags.length).toBeGreaterThan(0);
    expect(p.seoTitle.length).toBeGreaterThan(0);
    expect(p.seoDescription.length).toBeGreaterThan(0);
    expect(p.dimensions.unit).toBe("cm");
    expect(p.weight).toMatch(/^\d+\.\d{2} kg$/);
  }
  expect(count((p) => p.features.length > 3)).toBeGreaterThan(0);
});

test("images: every referenced file exists and is a self-contained SVG under 3 KB", () => {
  const files = new Set<string>(["/images/products/placeholder.svg"]);
  for (const p of seedProducts) {
    expect(p.images).toEqual([`/images/products/${p.slug}.svg`]);
    for (const img of p.images) files.add(img);
  }
  for (const img of files) {
    const file = join(PUBLIC_DIR, img);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeLessThan(3 * 1024);
    const src = readFileSync(file, "utf8");
    expect(isWellFormedSvg(src)).toBe(true);
    expect(src).toContain('viewBox="0 0 400 300"');
    expect(src).toContain('width="400"');
    expect(src).toContain('height="300"');
    expect(src).not.toMatch(/<script|<text|<foreignObject|on\w+=|href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/i);
  }
});
