/**
 * The wishlist's payloads and view, for the JSON API, the plain forms and the pages. Form fields
 * arrive as strings and JSON as numbers; both are read by the same schema (cart.ts's product id).
 */
import { z } from "zod";
import type { ProductToday } from "../domain/catalogue";
import { productIdField } from "./cart";

/** The most products one customer may keep on their wishlist. */
export const wishlistLimit = 200;

/** POST /api/wishlist and the heart's form. */
export const addToWishlistSchema = z.object({ productId: productIdField });
export type AddToWishlistInput = z.infer<typeof addToWishlistSchema>;

/** The :productId of DELETE /api/wishlist/:productId and the form routes. */
export const wishlistParamSchema = z.object({ productId: productIdField });

/** One wished-for product as it is today. */
export type WishlistItemView = ProductToday & {
  /** Whether a back-in-stock e-mail would go out for it (the customer did not turn it off). */
  backInStockMail: boolean;
  addedAt: string;
};

/** GET /api/wishlist. */
export type WishlistView = {
  items: WishlistItemView[];
  count: number;
  limit: number;
  /** False when the customer asked for no back-in-stock e-mails at all. */
  backInStockMail: boolean;
};

/** Stock above this reads "In stock"; at or below it, "Only N left". */
export const fewLeft = 5;

/** What the wishlist says of a product's stock today. */
export function wishlistStockText(stock: number): string {
  if (stock <= 0) return "Out of stock";
  if (stock <= fewLeft) return `Only ${stock} left`;
  return "In stock";
}

export const wishlistMessages = {
  added: (name: string) => `${name} is on your wishlist.`,
  alreadyThere: (name: string) => `${name} was already on your wishlist.`,
  removed: (name: string) => `${name} is no longer on your wishlist.`,
  unknownProduct: "This product does not exist or is no longer sold.",
  notOnWishlist: "This product is not on your wishlist.",
  full: `Your wishlist holds at most ${wishlistLimit} products. Remove some to add more.`,
  rateLimited: "Too many wishlist changes in a short time. Please wait a few minutes and try again.",
} as const;
