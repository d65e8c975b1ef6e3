/**
 * Seeds a database idempotently: rows that exist are left as they are (the owner may have edited
 * them), missing ones are inserted. Safe to run at every start.
 */
import { eq } from "drizzle-orm";
import { immediate, type Db } from "../client.server";
import * as t from "../schema";
import { defaultSettings } from "../../shared/settings";
import { seedCategories, seedProducts } from "./catalogue";
import { seedContent, seedContentTitles } from "./content";
import { seedPricing } from "./pricing";

/** Inserts whatever seed rows are missing, in one transaction. */
export function seedDatabase(db: Db): void {
  immediate(db, () => {
    db.insert(t.visitorCounter).values({ id: 1, count: 3333 }).onConflictDoNothing().run();

    for (const [key, value] of Object.entries(defaultSettings)) {
      db.insert(t.settings).values({ key, value: JSON.stringify(value) }).onConflictDoNothing().run();
    }
    for (const [id, content] of Object.entries(seedContent)) {
      const title = seedContentTitles[id as keyof typeof seedContentTitles];
      db.insert(t.contentSections)
        .values({ id, title, type: "json", content: JSON.stringify(content) })
        .onConflictDoNothing()
        .run();
    }
    for (const row of seedPricing) {
      db.insert(t.servicePricing).values(row).onConflictDoNothing().run();
    }
    for (const c of seedCategories) {
      db.insert(t.categories)
        .values({ name: c.name, slug: c.slug, description: c.description, sortOrder: c.sortOrder, imageUrl: null })
        .onConflictDoNothing()
        .run();
    }
    const categoryIds = new Map(
      db.select({ id: t.categories.id, slug: t.categories.slug }).from(t.categories).all().map((c) => [c.slug, c.id]),
    );
    for (const { categorySlug, ...p } of seedProducts) {
      const exists = db.select({ id: t.products.id }).from(t.products).where(eq(t.products.slug, p.slug)).get();
      if (exists) continue;
      db.insert(t.products).values({ ...p, categoryId: categoryIds.get(categorySlug) ?? null }).onConflictDoNothing().run();
    }
  });
}
