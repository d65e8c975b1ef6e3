/**
 * What the shop shows: the catalogue (its grid with ratings from approved reviews, its sidebar),
 * the products and categories the JSON API lists, and one shown product with its reviews. A product
 * is shown only when it and its category, if any, are active.
 */
import {
  findVisibleProduct,
  listActiveCategories,
  listVisibleProducts,
  loadCatalogue,
  toCatalogueItem,
  type CategoryWithCount,
  type ProductWithCategory,
} from "../db/products.server";
import { approvedRatingSummaries } from "../db/reviews.server";
import { categorySlugPattern, filterCatalogue, readShopQuery, type CatalogueCategory, type CatalogueItem, type SortValue } from "../domain/catalogue";
import { productReviews, type ProductReviewsView } from "./reviews.server";
import type { ReadDeps } from "./read";

export type { ProductWithCategory };

/** The shop page: its grid items and its sidebar's categories. */
export function shopCatalogue(deps: ReadDeps): { items: CatalogueItem[]; categories: CatalogueCategory[] } {
  return loadCatalogue(deps.db);
}

/**
 * GET /api/products: every shown product, or with a ?category=, ?q= or ?sort= those the shop page
 * would list for it, in its order (a well-formed but unknown category simply matches nothing).
 */
export function shownProducts(deps: ReadDeps, params: { category?: string; q?: string; sort?: SortValue }): ProductWithCategory[] {
  const products = listVisibleProducts(deps.db);
  if (!params.category && !params.q && !params.sort) return products;
  const query = { ...readShopQuery(params), category: params.category ?? null };
  const ratings = approvedRatingSummaries(deps.db);
  const byId = new Map(products.map((p) => [p.id, p]));
  return filterCatalogue(
    products.map((p) => toCatalogueItem(p, ratings)),
    query,
  ).map((item) => {
    const product = byId.get(item.id);
    if (!product) throw new Error(`catalogue item ${item.id} is not one of the listed products`);
    return product;
  });
}

/** GET /api/categories: active categories in display order, each with its count of shown products. */
export function activeCategories(deps: ReadDeps): CategoryWithCount[] {
  return listActiveCategories(deps.db);
}

/** The shown product at `slug`, or null (unknown, withdrawn, in a withdrawn category, or a malformed slug). */
export function shownProduct(deps: ReadDeps, slug: string): ProductWithCategory | null {
  return categorySlugPattern.test(slug) ? findVisibleProduct(deps.db, slug) : null;
}

/** The product page: the shown product at `slug` with its reviews for the visitor `userId` and ?reviews=&sort=, or null. */
export function productWithReviews(
  deps: ReadDeps,
  slug: string,
  userId: string | null,
  query: { reviews?: string; sort?: string },
): { product: ProductWithCategory; reviews: ProductReviewsView } | null {
  const product = shownProduct(deps, slug);
  if (!product) return null;
  return { product, reviews: productReviews(deps, product.id, userId, query) };
}
