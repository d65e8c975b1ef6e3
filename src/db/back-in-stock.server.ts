/**
 * Back-in-stock e-mails. Every write that can raise a product's stock (the product editor, an
 * order cancelled or expired, a refund of goods that never left) reads the stock before it writes
 * and calls `queueBackInStockMail` afterwards in the same transaction: a product that went from 0
 * to some stock sends one e-mail to each customer who wished for it, through the outbox. Nothing
 * else is needed for "once per restock": the product must sell out (reach 0) before it can come
 * back again. Never to an unverified address, a customer who turned these e-mails off (for the
 * product or all), a suspended account, or for a product the shop does not show.
 *
 * The e-mail's unsubscribe link works without signing in: it carries the customer's id and the
 * product's, sealed for this purpose like every such link (server/mail-links.server.ts), so nobody
 * can make one for someone else.
 */
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { backInStockMail } from "../mail/templates/wishlist";
import { enqueueOptionalMail } from "../mail/outbox.server";
import { openLinkToken, sealLinkToken } from "../server/mail-links.server";
import type { SecretBox } from "../server/secret-box.server";
import { immediate, type Db } from "./client.server";
import { productIsVisible } from "./product-visibility.server";
import { backInStockOptOuts, categories, products, users, wishlistItems } from "./schema";
import { getSettings } from "./settings.server";

/** Where the e-mail's links point (PUBLIC_URL or the local address) and what seals its unsubscribe link. */
export type BackInStockMailContext = { origin: string; secrets: SecretBox };

/** The stock of each product now, to compare after a write that may raise it. Call inside the transaction. */
export function stockLevels(db: Db, productIds: readonly number[]): Map<number, number> {
  if (productIds.length === 0) return new Map();
  return new Map(
    db
      .select({ id: products.id, stock: products.stockQuantity })
      .from(products)
      .where(inArray(products.id, [...new Set(productIds)]))
      .all()
      .map((r) => [r.id, r.stock]),
  );
}

/**
 * Queues the back-in-stock e-mails for every product of `before` that had no stock then and has
 * some now. Call inside the transaction that raised the stock; answers how many were queued.
 * Mail beyond a recipient's hourly limit waits for the hour (decision 071), never refused: a
 * restock is not undone because of one customer's inbox.
 */
export function queueBackInStockMail(db: Db, before: Map<number, number>, ctx: BackInStockMailContext, now = new Date()): number {
  const restocked = [...before].filter(([, stock]) => stock <= 0).map(([id]) => id);
  if (restocked.length === 0) return 0;
  const shown = db
    .select({ id: products.id, name: products.name, slug: products.slug, stock: products.stockQuantity })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(inArray(products.id, restocked), productIsVisible))
    .all()
    .filter((p) => p.stock > 0);
  if (shown.length === 0) return 0;
  const businessName = getSettings(db).businessName;
  let queued = 0;
  for (const product of shown) {
    const wishers = db
      .select({ itemId: wishlistItems.id, userId: users.id, email: users.email })
      .from(wishlistItems)
      .innerJoin(users, eq(users.id, wishlistItems.userId))
      .leftJoin(backInStockOptOuts, eq(backInStockOptOuts.userId, users.id))
      .where(
        and(
          eq(wishlistItems.productId, product.id),
          eq(wishlistItems.backInStockMail, true),
          isNotNull(users.emailVerifiedAt),
          isNull(users.suspendedAt),
          isNull(backInStockOptOuts.userId),
        ),
      )
      .all();
    for (const w of wishers) {
      const mail = backInStockMail({
        to: w.email,
        productName: product.name,
        productUrl: `${ctx.origin}/shop/product/${product.slug}`,
        unsubscribeUrl: `${ctx.origin}/wishlist/unsubscribe?token=${unsubscribeToken(ctx.secrets, w.userId, product.id)}`,
        businessName,
      });
      if (enqueueOptionalMail(db, mail, now) === null) continue;
      db.update(wishlistItems).set({ notifiedAt: now }).where(eq(wishlistItems.id, w.itemId)).run();
      queued++;
    }
  }
  return queued;
}

/** The token of an unsubscribe link: `<product id>:<user id>`, sealed for back-in-stock links. */
export function unsubscribeToken(secrets: SecretBox, userId: string, productId: number): string {
  return sealLinkToken(secrets, "back-in-stock", `${productId}:${userId}`);
}

const payloadPattern = /^(\d{1,10}):([A-Za-z0-9_-]{1,64})$/;

/** The customer and product a token names, or null for anything we did not seal for this purpose. */
export function readUnsubscribeToken(secrets: SecretBox, token: unknown): { userId: string; productId: number } | null {
  const match = payloadPattern.exec(openLinkToken(secrets, "back-in-stock", token) ?? "");
  if (!match) return null;
  const [, productText, userId] = match as unknown as [string, string, string];
  return { userId, productId: Number(productText) };
}

/** What an unsubscribe link's page shows: the product's name (when it still exists) and what is turned off. */
export type BackInStockPreferences = { productName: string | null; item: boolean; all: boolean };

/** The current back-in-stock settings of a token's customer, or null when the account is gone. */
export function backInStockPreferences(db: Db, userId: string, productId: number): BackInStockPreferences | null {
  const user = db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const product = db.select({ name: products.name }).from(products).where(eq(products.id, productId)).get();
  const item = db
    .select({ on: wishlistItems.backInStockMail })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .get();
  const optedOut = !!db.select({ userId: backInStockOptOuts.userId }).from(backInStockOptOuts).where(eq(backInStockOptOuts.userId, userId)).get();
  return { productName: product?.name ?? null, item: item?.on ?? false, all: !optedOut };
}

/** Stops back-in-stock e-mail about one product (`item`) or every product (`all`) for a customer. */
export function stopBackInStockMail(db: Db, userId: string, productId: number, scope: "item" | "all"): BackInStockPreferences | null {
  return immediate(db, () => {
    if (!db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) return null;
    if (scope === "all") db.insert(backInStockOptOuts).values({ userId }).onConflictDoNothing().run();
    else
      db.update(wishlistItems)
        .set({ backInStockMail: false })
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
        .run();
    return backInStockPreferences(db, userId, productId);
  });
}

/** Turns back-in-stock e-mail on again, for one product on the wishlist or for all (from the wishlist page). */
export function resumeBackInStockMail(db: Db, userId: string, productId: number | null): void {
  immediate(db, () => {
    if (productId === null) db.delete(backInStockOptOuts).where(eq(backInStockOptOuts.userId, userId)).run();
    else
      db.update(wishlistItems)
        .set({ backInStockMail: true })
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
        .run();
  });
}
