/**
 * Reads of the equipment catalogue. A product is shown (listed, opened, added to a cart) only when
 * it is active and its category, if it has one, is active too.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { productImage, type CatalogueCategory, type CatalogueItem } from "../domain/catalogue";
import type { Db } from "./client.server";
import { categories, products, type Category, type Product } from "./schema";

/** The condition for a product the shop shows (needs the left join on categories). */
export const productIsVisible: SQL = sql`(${products.isActive} = 1 AND (${products.categoryId} IS NULL OR ${categories.isActive} = 1))`;

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
export function toCatalogueItem(p: ProductWithCategory): CatalogueItem {
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
  };
}

/** What the shop page shows: its grid items and its sidebar. */
export function loadCatalogue(db: Db): { items: CatalogueItem[]; categories: CatalogueCategory[] } {
  return {
    items: listVisibleProducts(db).map(toCatalogueItem),
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
