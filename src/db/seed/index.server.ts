/**
 * Seeds a database once per seed version (decision 011): version 1 is the first catalogue, prices,
 * texts and settings; a later version may only add rows. The versions applied are recorded in
 * `seed_versions`, so a product, category or package the owner deleted or renamed is never put
 * back at the next start.
 */
import { max } from "drizzle-orm";
import { immediate, type Db } from "../client.server";
import * as t from "../schema";
import { defaultSettings } from "../../shared/settings";
import { seedCategories, seedProducts } from "./catalogue";
import { seedContent, seedContentTitles } from "./content";
import { seedPricing } from "./pricing";

export type SeedVersion = { version: number; apply: (db: Db) => void };

/** Version 1: everything the public pages need on a new site. */
function seedFirstRelease(db: Db) {
  db.insert(t.visitorCounter).values({ id: 1, count: 3333 }).onConflictDoNothing().run();
  for (const [key, value] of Object.entries(defaultSettings)) {
    db.insert(t.settings)
      .values({ key, value: JSON.stringify(value) })
      .onConflictDoNothing()
      .run();
  }
  for (const [id, content] of Object.entries(seedContent)) {
    const title = seedContentTitles[id as keyof typeof seedContentTitles];
    db.insert(t.contentSections)
      .values({ id, title, type: "json", content: JSON.stringify(content) })
      .onConflictDoNothing()
      .run();
  }
  for (const row of seedPricing) db.insert(t.servicePricing).values(row).onConflictDoNothing().run();
  const categoryIds = new Map<string, number>();
  for (const c of seedCategories) {
    const row = db
      .insert(t.categories)
      .values({ name: c.name, slug: c.slug, description: c.description, sortOrder: c.sortOrder, imageUrl: null })
      .onConflictDoNothing()
      .returning({ id: t.categories.id })
      .get();
    if (row) categoryIds.set(c.slug, row.id);
  }
  for (const { categorySlug, ...p } of seedProducts) {
    db.insert(t.products)
      .values({ ...p, categoryId: categoryIds.get(categorySlug) ?? null })
      .onConflictDoNothing()
      .run();
  }
}

/** Every seed version in order. A new version appends rows (never updates) and gets the next number. */
export const seedVersions: readonly SeedVersion[] = [{ version: 1, apply: seedFirstRelease }];

/**
 * A database seeded before versions were recorded already holds version 1: it has its settings or
 * its visitor counter. Seeding it again would restore what the owner deleted since.
 */
function seededBeforeVersions(db: Db): boolean {
  return Boolean(
    db.select({ key: t.settings.key }).from(t.settings).limit(1).get() ?? db.select({ id: t.visitorCounter.id }).from(t.visitorCounter).limit(1).get(),
  );
}

/** Applies the seed versions this database has not had yet, in one transaction; returns them. */
export function seedDatabase(db: Db, versions: readonly SeedVersion[] = seedVersions): number[] {
  return immediate(db, () => {
    let applied =
      db
        .select({ v: max(t.seedVersions.version) })
        .from(t.seedVersions)
        .get()?.v ?? null;
    if (applied === null && seededBeforeVersions(db)) {
      db.insert(t.seedVersions).values({ version: 1 }).run();
      applied = 1;
    }
    const done: number[] = [];
    for (const step of versions) {
      if (step.version <= (applied ?? 0)) continue;
      step.apply(db);
      db.insert(t.seedVersions).values({ version: step.version }).run();
      done.push(step.version);
    }
    return done;
  });
}
