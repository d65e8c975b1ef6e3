/**
 * Customers' carts (`cart_items`). Every function takes the caller's user id and touches only that
 * user's rows. Prices are never stored here: a cart is read at today's prices and stock. Adding and
 * changing a quantity read the stock first, so each runs in one synchronous IMMEDIATE transaction.
 */
import { prepared } from "./prepared.server";
import { and, asc, eq, sql } from "drizzle-orm";
import { buildCart, maxQuantityFor, type CartRow } from "../domain/cart";
import { productImage } from "../domain/catalogue";
import { maxLineQuantity, type CartView } from "../shared/cart-view";
import { immediate, type Db } from "./client.server";
import { productIsVisible } from "./product-visibility.server";
import { cartItems, categories, products } from "./schema";
import { getSettings } from "./settings.server";
import { unitsHeldByUnpaidOrders } from "./stock-holds.server";

export type CartChange =
  | { ok: true; name: string; quantity: number }
  | { ok: false; reason: "unknown_product" | "not_in_cart" | "unavailable" | "out_of_stock" }
  | { ok: false; reason: "insufficient_stock"; name: string; available: number; inCart: number }
  /** More than the per-customer limit, counting the units the customer's unpaid orders hold (decision 024). */
  | { ok: false; reason: "over_limit"; name: string; limit: number; held: number; inCart: number };

/** The units in a user's cart that can be bought now (the navigation's count, as the cart counts them), in one query. */
export function cartCount(db: Db, userId: string, perCustomer: number = maxLineQuantity): number {
  // Every signed-in page shows this count, so the statement is prepared once. The product is read
  // per line (a join costs every page several microseconds even with an empty cart): its stock
  // when the shop shows it, else NULL, and min() of a NULL is NULL, which sum() skips.
  const row = prepared(db, "cart-count", (d) => {
    const visibleStock = d
      .select({ stock: products.stockQuantity })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(and(eq(products.id, cartItems.productId), productIsVisible));
    return d
      .select({ n: sql<number>`coalesce(sum(min(${cartItems.quantity}, (${visibleStock}), ${sql.placeholder("limit")})), 0)` })
      .from(cartItems)
      .where(eq(cartItems.userId, sql.placeholder("userId")))
      .prepare();
  }).get({ userId, limit: Math.min(perCustomer, maxLineQuantity) });
  return row?.n ?? 0;
}

/** The columns of a product as it is today (`ProductToday`), selected beside a cart or wishlist row; read with `toProductToday`. */
export const productTodayColumns = {
  productId: products.id,
  slug: products.slug,
  name: products.name,
  images: products.images,
  price: products.price,
  salePrice: products.salePrice,
  stockQuantity: products.stockQuantity,
  available: sql<number>`${productIsVisible}`,
};

/** A row selected with `productTodayColumns` (and more), with its image and availability as shown. */
export function toProductToday<R extends { images: string[]; available: number }>({ images, available, ...rest }: R) {
  return { ...rest, image: productImage(images), available: available === 1 };
}

/** A user's cart lines joined with their products as they are now. */
export function cartRows(db: Db, userId: string): CartRow[] {
  // The cart, the checkout and the cart's API read it on every visit, so the statement is prepared once.
  return prepared(db, "cart-rows", (d) =>
    d
      .select({
        ...productTodayColumns,
        requiresVerification: products.requiresVerification,
        restrictedStates: products.restrictedStates,
        quantity: cartItems.quantity,
      })
      .from(cartItems)
      .innerJoin(products, eq(cartItems.productId, products.id))
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(eq(cartItems.userId, sql.placeholder("userId")))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.id))
      .prepare(),
  )
    .all({ userId })
    .map(toProductToday);
}

/** A user's cart at today's prices and stock, priced with the settings. */
export function getCart(db: Db, userId: string): CartView {
  return buildCart(cartRows(db, userId), getSettings(db));
}

/** The product as the shop shows it, or undefined when unknown or withdrawn. */
function shownProduct(db: Db, productId: number) {
  return db
    .select({ id: products.id, name: products.name, stockQuantity: products.stockQuantity })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(products.id, productId), productIsVisible))
    .get();
}

function lineQuantity(db: Db, userId: string, productId: number): number | undefined {
  return db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .get()?.quantity;
}

/** Refuses a line of `wanted` units beyond the per-customer limit, with what the customer's unpaid orders hold. Call inside the transaction. */
function overLimit(db: Db, userId: string, product: { id: number; name: string }, wanted: number, inCart: number): CartChange | null {
  const limit = getSettings(db).maxUnitsPerProduct;
  const held = unitsHeldByUnpaidOrders(db, { userId, productIds: [product.id] }).get(product.id) ?? 0;
  return held + wanted > limit ? { ok: false, reason: "over_limit", name: product.name, limit, held, inCart } : null;
}

/** Adds `quantity` of a product (to what the cart already holds), never beyond the stock or the per-customer limit. */
export function addToCart(db: Db, userId: string, productId: number, quantity: number): CartChange {
  return immediate(db, () => {
    const product = shownProduct(db, productId);
    if (!product) return { ok: false, reason: "unknown_product" };
    if (product.stockQuantity <= 0) return { ok: false, reason: "out_of_stock" };
    const inCart = lineQuantity(db, userId, productId) ?? 0;
    const wanted = inCart + quantity;
    const available = maxQuantityFor(product.stockQuantity);
    if (wanted > available) return { ok: false, reason: "insufficient_stock", name: product.name, available, inCart };
    const refused = overLimit(db, userId, product, wanted, inCart);
    if (refused) return refused;
    const now = new Date();
    db.insert(cartItems)
      .values({ userId, productId, quantity: wanted, addedAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: wanted, updatedAt: now } })
      .run();
    return { ok: true, name: product.name, quantity: wanted };
  });
}

/** Sets the quantity of a product already in the cart, never beyond the stock or the per-customer limit. */
export function setCartQuantity(db: Db, userId: string, productId: number, quantity: number): CartChange {
  return immediate(db, () => {
    const inCart = lineQuantity(db, userId, productId);
    if (inCart === undefined) return { ok: false, reason: "not_in_cart" };
    const product = shownProduct(db, productId);
    if (!product) return { ok: false, reason: "unavailable" };
    if (product.stockQuantity <= 0) return { ok: false, reason: "out_of_stock" };
    const available = maxQuantityFor(product.stockQuantity);
    if (quantity > available) return { ok: false, reason: "insufficient_stock", name: product.name, available, inCart };
    const refused = overLimit(db, userId, product, quantity, inCart);
    if (refused) return refused;
    db.update(cartItems)
      .set({ quantity, updatedAt: new Date() })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
      .run();
    return { ok: true, name: product.name, quantity };
  });
}

/** Removes a product from the cart; false when it was not there. */
export function removeFromCart(db: Db, userId: string, productId: number): boolean {
  const removed = db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ id: cartItems.id })
    .all();
  return removed.length > 0;
}
