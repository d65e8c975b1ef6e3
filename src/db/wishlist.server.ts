/**
 * Customers' wishlists (`wishlist_items`). Every function takes the caller's user id and touches
 * only that user's rows. A wishlist keeps no price: it is read at today's prices and stock. Adding
 * reads the product and the count first, so it runs in one synchronous IMMEDIATE transaction.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { wishlistLimit, type WishlistItemView, type WishlistView } from "../shared/wishlist";
import { productTodayColumns, toProductToday } from "./cart.server";
import { immediate, type Db } from "./client.server";
import { prepared } from "./prepared.server";
import { productIsVisible } from "./product-visibility.server";
import { backInStockOptOuts, categories, products, wishlistItems } from "./schema";

export type WishlistAdd =
  | { ok: true; created: boolean; name: string }
  | { ok: false; reason: "unknown_product" }
  | { ok: false; reason: "full"; limit: number };

/** Puts a shown product on the user's wishlist; `created` is false when it was already there. */
export function addToWishlist(db: Db, userId: string, productId: number, limit = wishlistLimit): WishlistAdd {
  return immediate(db, (): WishlistAdd => {
    const product = db
      .select({ name: products.name })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(and(eq(products.id, productId), productIsVisible))
      .get();
    if (!product) return { ok: false, reason: "unknown_product" };
    const existing = db
      .select({ id: wishlistItems.id })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
      .get();
    if (existing) return { ok: true, created: false, name: product.name };
    if (wishlistCount(db, userId) >= limit) return { ok: false, reason: "full", limit };
    db.insert(wishlistItems).values({ userId, productId }).run();
    return { ok: true, created: true, name: product.name };
  });
}

/** Takes a product off the user's wishlist; its name, or null when it was not there. */
export function removeFromWishlist(db: Db, userId: string, productId: number): { name: string } | null {
  return immediate(db, () => {
    const row = db
      .select({ id: wishlistItems.id, name: products.name })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
      .get();
    if (!row) return null;
    db.delete(wishlistItems).where(eq(wishlistItems.id, row.id)).run();
    return { name: row.name };
  });
}

/** How many products the user wishes for (withdrawn ones included: they still take a place). */
export function wishlistCount(db: Db, userId: string): number {
  return db.select({ n: sql<number>`count(*)` }).from(wishlistItems).where(eq(wishlistItems.userId, userId)).get()?.n ?? 0;
}

/** The ids of the products on the user's wishlist, for the hearts of the shop and product pages. */
export function wishlistProductIds(db: Db, userId: string): number[] {
  // Every signed-in page reads them, so the statement is prepared once.
  return prepared(db, "wishlist-product-ids", (d) =>
    d
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, sql.placeholder("userId")))
      .prepare(),
  )
    .all({ userId })
    .map((r) => r.productId);
}

/** Whether one product is on the user's wishlist. */
export function isWished(db: Db, userId: string, productId: number): boolean {
  return !!db
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .get();
}

/** The user's wishlist at today's prices and stock, the latest wish first. */
export function getWishlist(db: Db, userId: string): WishlistView {
  const items: WishlistItemView[] = db
    .select({
      ...productTodayColumns,
      backInStockMail: wishlistItems.backInStockMail,
      addedAt: wishlistItems.addedAt,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(wishlistItems.productId, products.id))
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.addedAt), asc(wishlistItems.id))
    .all()
    .map(({ addedAt, ...r }) => ({ ...toProductToday(r), addedAt: addedAt.toISOString() }));
  const optedOut = !!db.select({ userId: backInStockOptOuts.userId }).from(backInStockOptOuts).where(eq(backInStockOptOuts.userId, userId)).get();
  return { items, count: items.length, limit: wishlistLimit, backInStockMail: !optedOut };
}

/** The products most customers wish for now (shown in the shop or not), with how many: the analytics' list. */
export function mostWishedProducts(db: Db, limit = 10): { name: string; wishes: number }[] {
  return prepared(db, "most-wished-products", (d) => {
    const wishes = sql<number>`count(*)`;
    return d
      .select({ name: products.name, wishes })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .groupBy(products.id)
      .orderBy(desc(wishes), asc(products.name))
      .limit(sql.placeholder("limit"))
      .prepare();
  }).all({ limit });
}
