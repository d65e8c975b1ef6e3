import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { countRows, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { applyMigrations } from "../client.server";
import { contentSections, servicePricing, settings } from "../schema";
import { seedDatabase } from "./index.server";

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
  t.db.update(contentSections).set({ content: JSON.stringify({ text: "Edited by the owner", linkLabel: "Shop" }) }).where(eq(contentSections.id, "site.promo")).run();
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
