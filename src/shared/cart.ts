/**
 * The shopping cart's payloads: one schema per payload for the plain forms (strings), the JSON API
 * and the server validator. The islands send these payloads but do not import zod (its probe for
 * `new Function` is reported as a violation of our CSP); the cart's view lives in cart-view.ts.
 */
import { z } from "zod";
import { maxLineQuantity } from "./cart-view";

/** Form fields arrive as strings ("2"); JSON as numbers. Both become numbers before validation. */
const fromDigits = (value: unknown) => (typeof value === "string" && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : value);

export const quantityField = z.preprocess(
  fromDigits,
  z
    .number("Enter a quantity")
    .int("Enter a whole number")
    .min(1, "The quantity must be at least 1")
    .max(maxLineQuantity, `The quantity can be at most ${maxLineQuantity}`),
);

export const productIdField = z.preprocess(
  fromDigits,
  z
    .number("Choose a product")
    .int("Choose a product")
    .min(1, "Choose a product")
    .max(2 ** 31 - 1, "Choose a product"),
);

/** POST /api/cart/items and the add-to-cart form. */
export const addToCartSchema = z.object({ productId: productIdField, quantity: quantityField.default(1) });
export type AddToCartInput = z.infer<typeof addToCartSchema>;

/** PATCH /api/cart/items/:productId and the quantity form of the cart page. */
export const cartQuantitySchema = z.object({ quantity: quantityField });
export type CartQuantityInput = z.infer<typeof cartQuantitySchema>;

/** The :productId of the cart item routes. */
export const cartItemParamSchema = z.object({ productId: productIdField });
