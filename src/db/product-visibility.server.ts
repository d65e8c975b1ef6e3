/**
 * Which products the shop shows: active, in an active category or none. Its own module because the
 * catalogue, the cart, the wishlist, reviews and back-in-stock mail all ask it, and the catalogue in
 * turn reads ratings and queues back-in-stock mail: kept in products.server.ts it tied those
 * modules into an import loop.
 */
import { type SQL, sql } from "drizzle-orm";
import { categories, products } from "./schema";

/** The condition for a product the shop shows (needs the left join on categories). */
export const productIsVisible: SQL = sql`(${products.isActive} = 1 AND (${products.categoryId} IS NULL OR ${categories.isActive} = 1))`;
