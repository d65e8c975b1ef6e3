import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { countRows, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { readEnv } from "../../server/env.server";
import { bootstrap } from "../../server/bootstrap.server";
import { applyMigrations, databaseFile, openDatabase } from "../client.server";
import { categories, contentSections, products, servicePricing, settings } from "../schema";
import { seedDatabase, seedVersions } from "./index.server";

let t: TestApp;
afterEach(() => t?.close());

const tables = ["settings", "content_sections", "service_pricing", "categories", "products", "visitor_counter"];

test("a fresh database is seeded with everything the public pages need", () => {
  t = createTestApp();
  expect(countRows(t, "categories")).toBe(7);
  expect(countRows(t, "products")).toBeGreaterThanOrEqual(21);
  expect(countRows(t, "service_pricing")).toBe(14);
  expect(countRows(t, "content_sections")).toBeGreaterThanOrEqual(20);
  expect(t.db.$client.query("SELECT count FROM visitor_counter WHERE id = 1").get()).toEqual({ count: 3333 });
  const vehicle = t.db.select().from(servicePricing).where(eq(servicePricing.kind, "tracking")).all();
  expect(vehicle.map((v) => [v.price, v.unit])).toEqual([
    ["100.00", "day"],
    ["450.00", "week"],
  ]);
  // Placeholders only: no real-looking contact details in the seed.
  const phone = t.db.select().from(settings).where(eq(settings.key, "phone")).get();
  expect(JSON.parse(phone!.value)).toBe("+61 8 0000 0000");
});

test("seeding again adds nothing and keeps the owner's edits", () => {
  t = createTestApp();
  const before = tables.map((name) => countRows(t, name));
  t.db
    .update(contentSections)
    .set({ content: JSON.stringify({ text: "Edited by the owner", linkLabel: "Shop" }) })
    .where(eq(contentSections.id, "site.promo"))
    .run();
  t.db.update(servicePricing).set({ price: "80.00" }).where(eq(servicePricing.id, "checkup")).run();
  seedDatabase(t.db);
  seedDatabase(t.db);
  expect(tables.map((name) => countRows(t, name))).toEqual(before);
  expect(t.db.select().from(contentSections).where(eq(contentSections.id, "site.promo")).get()!.content).toContain("Edited by the owner");
  expect(t.db.select().from(servicePricing).where(eq(servicePricing.id, "checkup")).get()!.price).toBe("80.00");
});

test("migrations are applied once and recorded", () => {
  t = createTestApp();
  expect(applyMigrations(t.db.$client)).toEqual([]);
  const recorded = t.db.$client.query("SELECT tag FROM __migrations").all();
  expect(recorded.length).toBeGreaterThan(0);
  expect(t.db.$client.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
  expect(t.db.$client.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
});

test("CHECK constraints keep counters and stock from going negative", () => {
  t = createTestApp();
  expect(() => t.db.$client.query("UPDATE visitor_counter SET count = -1 WHERE id = 1").run()).toThrow();
  expect(() => t.db.$client.query("UPDATE products SET stock_quantity = -1").run()).toThrow();
});

/** What main.ts does at start: open (migrate) the data directory's database and bootstrap (seed). */
function restart(dataDir: string) {
  const db = openDatabase(databaseFile(dataDir));
  bootstrap(readEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), db);
  const state = {
    productSlugs: db
      .select({ slug: products.slug })
      .from(products)
      .all()
      .map((p) => p.slug),
    categorySlugs: db
      .select({ slug: categories.slug })
      .from(categories)
      .all()
      .map((c) => c.slug),
    categoryNames: db
      .select({ name: categories.name })
      .from(categories)
      .all()
      .map((c) => c.name),
    packages: db
      .select({ id: servicePricing.id })
      .from(servicePricing)
      .all()
      .map((p) => p.id),
  };
  db.$client.close();
  return state;
}

test("products, categories and packages the owner deleted or renamed stay so across restarts", () => {
  t = createTestApp();
  const db = t.db.$client;
  db.query("UPDATE products SET name = 'Owner''s camera', slug = 'owners-camera' WHERE id = (SELECT min(id) FROM products)").run();
  db.query("DELETE FROM products WHERE id = (SELECT max(id) FROM products)").run();
  db.query("UPDATE categories SET name = 'Cameras', slug = 'cameras' WHERE slug = 'surveillance-cameras'").run();
  db.query("DELETE FROM categories WHERE slug = 'communication'").run();
  db.query("DELETE FROM service_pricing WHERE id = 'ongoing'").run();
  const before = {
    productSlugs: db
      .query("SELECT slug FROM products")
      .all()
      .map((r) => (r as { slug: string }).slug),
    productCount: countRows(t, "products"),
  };
  db.close();

  for (let i = 0; i < 2; i++) {
    const after = restart(t.dataDir);
    expect(after.productSlugs).toEqual(before.productSlugs);
    expect(after.productSlugs).toContain("owners-camera");
    expect(after.categorySlugs).not.toContain("surveillance-cameras");
    expect(after.categorySlugs).not.toContain("communication");
    expect(after.categoryNames).toContain("Cameras");
    expect(after.packages).not.toContain("ongoing");
  }
  t.db = openDatabase(databaseFile(t.dataDir));
  expect(countRows(t, "products")).toBe(before.productCount);
  expect(t.db.$client.query("SELECT version FROM seed_versions").all()).toEqual([{ version: 1 }]);
});

test("a database seeded before versions were recorded counts as seed version 1 and is not seeded again", () => {
  t = createTestApp();
  t.db.$client.query("DELETE FROM seed_versions").run();
  t.db.$client.query("DELETE FROM service_pricing WHERE id = 'checkup'").run();
  expect(seedDatabase(t.db)).toEqual([]);
  expect(t.db.select().from(servicePricing).where(eq(servicePricing.id, "checkup")).get()).toBeUndefined();
  expect(t.db.$client.query("SELECT version FROM seed_versions").all()).toEqual([{ version: 1 }]);
});

test("a later seed version adds its rows once and leaves the owner's deletions alone", () => {
  t = createTestApp();
  t.db.$client.query("DELETE FROM service_pricing WHERE id = 'checkup'").run();
  const addsAPackage = {
    version: 2,
    apply: (db: typeof t.db) =>
      void db
        .insert(servicePricing)
        .values({ id: "background-check", kind: "package", name: "Background Check", price: "150.00", unit: "once" })
        .onConflictDoNothing()
        .run(),
  };
  expect(seedDatabase(t.db, [...seedVersions, addsAPackage])).toEqual([2]);
  t.db.$client.query("UPDATE service_pricing SET name = 'Renamed by owner' WHERE id = 'background-check'").run();
  expect(seedDatabase(t.db, [...seedVersions, addsAPackage])).toEqual([]);
  expect(t.db.select().from(servicePricing).where(eq(servicePricing.id, "checkup")).get()).toBeUndefined();
  expect(t.db.select().from(servicePricing).where(eq(servicePricing.id, "background-check")).get()!.name).toBe("Renamed by owner");
});
