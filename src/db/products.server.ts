/**
 * The equipment catalogue. A product is shown (listed, opened, added to a cart) only when it is
 * active and its category, if it has one, is active too. Every write here (price, stock,
 * visibility, categories) signals "public data changed", since the shop pages show all of it.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { productImage, type CatalogueCategory, type CatalogueItem } from "../domain/catalogue";
import type { ProductPricingResult } from "../shared/admin-products";
import { categoryEditSchema, productEditSchema, productPricingSchema } from "../shared/catalogue-edits";
import { fieldErrors } from "../server/errors";
import { type AuditActor, recordAudit } from "./audit.server";
import { type BackInStockMailContext, queueBackInStockMail, stockLevels } from "./back-in-stock.server";
import type { RatingSummary } from "../shared/reviews";
import { immediate, type Db } from "./client.server";
import { approvedRatingSummaries } from "./reviews.server";
import { productIsVisible } from "./product-visibility.server";
import { invalid, notFound, publicDataChanged, type PublicWrite } from "./public-data.server";
import { categories, products, type Category, type Product } from "./schema";

/** A product as the API and the product page give it: the row plus its image and category. */
export type ProductWithCategory = Product & { image: string; category: { id: number; name: string; slug: string } | null };

/** A category as GET /api/categories gives it, with the number of products the shop shows in it. */
export type CategoryWithCount = Category & { productCount: number };

function withCategory(row: { product: Product; category: Category | null }): ProductWithCategory {
  const { product, category } = row;
  return {
    ...product,
    image: productImage(product.images),
    category: category ? { id: category.id, name: category.name, slug: category.slug } : null,
  };
}

/** Every product the shop shows, in catalogue order (the order they were added). */
export function listVisibleProducts(db: Db): ProductWithCategory[] {
  return db
    .select({ product: products, category: categories })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(productIsVisible)
    .orderBy(asc(products.id))
    .all()
    .map(withCategory);
}

/** Active categories in display order, each with its count of shown products. */
export function listActiveCategories(db: Db): CategoryWithCount[] {
  const counts = new Map(
    db
      .select({ categoryId: products.categoryId, n: sql<number>`count(*)` })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(productIsVisible)
      .groupBy(products.categoryId)
      .all()
      .map((r) => [r.categoryId, r.n]),
  );
  return db
    .select()
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name))
    .all()
    .map((c) => ({ ...c, productCount: counts.get(c.id) ?? 0 }));
}

/** The slim card data of the shop grid. */
export function toCatalogueItem(p: ProductWithCategory, ratings?: ReadonlyMap<number, RatingSummary>): CatalogueItem {
  const rating = ratings?.get(p.id);
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    shortDescription: p.shortDescription,
    image: p.image,
    price: p.price,
    salePrice: p.salePrice,
    categorySlug: p.category?.slug ?? null,
    categoryName: p.category?.name ?? null,
    features: p.features,
    isFeatured: p.isFeatured,
    requiresVerification: p.requiresVerification,
    stockQuantity: p.stockQuantity,
    rating: rating ? { average: rating.average, count: rating.count } : null,
  };
}

/** What the shop page shows: its grid items (with their ratings from approved reviews) and its sidebar. */
export function loadCatalogue(db: Db): { items: CatalogueItem[]; categories: CatalogueCategory[] } {
  const ratings = approvedRatingSummaries(db);
  return {
    items: listVisibleProducts(db).map((p) => toCatalogueItem(p, ratings)),
    categories: listActiveCategories(db).map((c) => ({ id: c.id, slug: c.slug, name: c.name, productCount: c.productCount })),
  };
}

/** A shown product by its slug, or null (unknown, withdrawn, or in a withdrawn category). */
export function findVisibleProduct(db: Db, slug: string): ProductWithCategory | null {
  const row = db
    .select({ product: products, category: categories })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(products.slug, slug), productIsVisible))
    .get();
  return row ? withCategory(row) : null;
}

/** The slugs of every shown product, for the sitemap. */
export function listProductSlugs(db: Db): string[] {
  return db
    .select({ slug: products.slug })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(productIsVisible)
    .orderBy(asc(products.id))
    .all()
    .map((r) => r.slug);
}

/**
 * Changes a product's price, sale price, stock or active flag; signals the change. With `mail`, a
 * product that comes back into stock e-mails those who wished for it, in the same transaction.
 */
export function updateProduct(db: Db, id: number, edit: unknown, mail?: BackInStockMailContext): PublicWrite {
  const parsed = productEditSchema.safeParse(edit);
  if (!parsed.success) return invalid(parsed.error);
  const changed = immediate(db, () => {
    const before = stockLevels(db, [id]);
    const rows = db
      .update(products)
      .set({ ...parsed.data, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id })
      .all();
    if (mail) queueBackInStockMail(db, before, mail);
    return rows;
  });
  if (changed.length === 0) return notFound;
  publicDataChanged(db);
  return { ok: true };
}

/**
 * Sets a product's whole pricing (`productPricingSchema`): the price, and the sale price or none.
 * Answers the new pricing, or why not; signals the change. With an `actor`, the change and its
 * audit entry (before and after) are written in one transaction.
 */
export function setProductPricing(
  db: Db,
  id: number,
  pricing: unknown,
  actor?: AuditActor,
): ({ ok: true } & ProductPricingResult) | Exclude<PublicWrite, { ok: true }> {
  const parsed = productPricingSchema.safeParse(pricing);
  if (!parsed.success) return { ok: false, reason: "invalid", fields: fieldErrors(parsed.error) };
  const changed = immediate(db, () => {
    const before = db.select({ name: products.name, price: products.price, salePrice: products.salePrice }).from(products).where(eq(products.id, id)).get();
    if (!before) return undefined;
    const after = db
      .update(products)
      .set({ price: parsed.data.price, salePrice: parsed.data.salePrice, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id, price: products.price, salePrice: products.salePrice })
      .get();
    if (after && actor) {
      recordAudit(db, actor, {
        kind: "products",
        action: "product.pricing",
        recordId: id,
        summary: `Changed the price of ${before.name}`,
        before: { price: before.price, salePrice: before.salePrice },
        after: { price: after.price, salePrice: after.salePrice },
      });
    }
    return after;
  });
  if (!changed) return { ok: false, reason: "not_found" };
  publicDataChanged(db);
  return { ok: true, ...changed };
}

/**
 * Deletes a product for good: it leaves the shop, the catalogue API and the sitemap, and the
 * database's foreign keys take it out of carts, wishlists and reviews, while order items keep their
 * snapshot (their product id becomes null). False when there is no such product. With an `actor`,
 * the audit entry (the name and price it had) is written in the same transaction.
 */
export function deleteProduct(db: Db, id: number, actor?: AuditActor): boolean {
  const deleted = immediate(db, () => {
    const row = db.delete(products).where(eq(products.id, id)).returning({ id: products.id, name: products.name, price: products.price }).get();
    if (row && actor) {
      recordAudit(db, actor, {
        kind: "products",
        action: "product.delete",
        recordId: id,
        summary: `Deleted the product ${row.name}`,
        before: { name: row.name, price: row.price },
      });
    }
    return row;
  });
  if (!deleted) return false;
  publicDataChanged(db);
  return true;
}

/** Changes a category's name, description, order or active flag; signals the change. */
export function updateCategory(db: Db, id: number, edit: unknown): PublicWrite {
  const parsed = categoryEditSchema.safeParse(edit);
  if (!parsed.success) return invalid(parsed.error);
  const data = parsed.data;
  const result = immediate(db, () => {
    // Names are unique: a clash is the editor's to fix, not a failed request.
    if (
      data.name !== undefined &&
      db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.name, data.name), ne(categories.id, id)))
        .get()
    )
      return "taken";
    return db
      .update(categories)
      .set({ ...data, updatedAt: new Date() })
      .where(eq(categories.id, id))
      .returning({ id: categories.id })
      .all().length
      ? "changed"
      : "missing";
  });
  if (result === "taken") return { ok: false, reason: "invalid", fields: { name: "Another category has this name" } };
  if (result === "missing") return notFound;
  publicDataChanged(db);
  return { ok: true };
}
