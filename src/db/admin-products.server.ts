/**
 * The admin product list (`GET /api/admin/products`): every product, active or not, with its
 * category, searched by name and description and filtered by category, one page at a time. The
 * writes the page makes (pricing, delete) live with the other product writes in products.server.ts.
 */
import { and, asc, count, eq, or, type SQL, sql } from "drizzle-orm";
import { productImage } from "../domain/catalogue";
import { type AdminCategoryOption, type AdminProductList, type AdminProductsQuery, adminProductsPageSize } from "../shared/admin-products";
import type { Db } from "./client.server";
import { categories, products } from "./schema";

/** A LIKE pattern matching `text` anywhere, its own %, _ and \ taken literally (with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive (for ASCII letters, as SQLite's LIKE is) substring match on name or description. */
function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(sql`${products.name} LIKE ${pattern} ESCAPE '\\'`, sql`${products.description} LIKE ${pattern} ESCAPE '\\'`);
}

/** Every category, active or not, in display order: the list's filter. */
export function listCategoryOptions(db: Db): AdminCategoryOption[] {
  return db
    .select({ id: categories.id, name: categories.name, isActive: categories.isActive })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name))
    .all();
}

/** One page of the products matching `query`, by name, with the total and the categories of the filter. */
export function listAdminProducts(db: Db, query: AdminProductsQuery): AdminProductList {
  const where = and(searchCondition(query.search), query.category === null ? undefined : eq(products.categoryId, query.category));
  const total = db.select({ n: count() }).from(products).where(where).get()?.n ?? 0;
  const rows = db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      categoryId: products.categoryId,
      categoryName: categories.name,
      price: products.price,
      salePrice: products.salePrice,
      stockQuantity: products.stockQuantity,
      lowStockThreshold: products.lowStockThreshold,
      isActive: products.isActive,
      images: products.images,
    })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(where)
    .orderBy(sql`${products.name} COLLATE NOCASE`, asc(products.id))
    .limit(adminProductsPageSize)
    .offset((query.page - 1) * adminProductsPageSize)
    .all();
  return {
    products: rows.map(({ images, ...row }) => ({ ...row, image: productImage(images) })),
    total,
    page: query.page,
    pageSize: adminProductsPageSize,
    categories: listCategoryOptions(db),
  };
}
