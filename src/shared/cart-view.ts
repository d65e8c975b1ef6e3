/**
 * The cart as the server answers it (GET /api/cart and every change), with the constants the
 * islands share. No zod here: this module is part of the islands' bundles.
 */

/** The most of one product a cart line may hold, whatever the stock (a bound on the payload). */
export const maxLineQuantity = 999;

/**
 * available: can be bought as it is; reduced: fewer are in stock, or the per-customer limit is
 * lower, than the customer chose, so the line counts only what may be bought; out_of_stock / unavailable (withdrawn): kept so the customer
 * sees what happened, but left out of the totals.
 */
export type CartLineStatus = "available" | "reduced" | "out_of_stock" | "unavailable";

export type CartLine = {
  productId: number;
  slug: string;
  name: string;
  image: string;
  /** The current price (sale price when on sale), as a decimal string. */
  unitPrice: string;
  regularPrice: string;
  onSale: boolean;
  /** The quantity that counts: the chosen one, or the stock when less is left. */
  quantity: number;
  /** The quantity the customer chose. */
  requestedQuantity: number;
  /** The most the customer may choose now (the stock, bounded by the per-customer limit and maxLineQuantity). */
  maxQuantity: number;
  /** Whether maxQuantity is the per-customer limit rather than the stock left. */
  limitedPerCustomer: boolean;
  lineTotal: string;
  status: CartLineStatus;
  requiresVerification: boolean;
  restrictedStates: string[];
};

/** GET /api/cart: every figure is computed on the server from current prices and stock. */
export type CartView = {
  items: CartLine[];
  /** Units that can be bought (the navigation's cart count). */
  count: number;
  subtotal: string;
  shipping: string;
  total: string;
  freeShippingThreshold: string;
  amountToFreeShipping: string;
  qualifiesForFreeShipping: boolean;
  requiresVerification: boolean;
  /** The most of one product a customer may have in the cart and unpaid orders together (a setting). */
  maxUnitsPerProduct: number;
};

export const cartKey = ["/api/cart"] as const;

export const cartMessages = {
  addedTitle: "Added to Cart",
  added: (name: string, quantity: number) => (quantity === 1 ? `${name} is in your cart.` : `${quantity} × ${name} are in your cart.`),
  failedTitle: "Could not update your cart",
  failed: "Something went wrong. Please try again.",
  signedOutTitle: "Unauthorized",
  signedOut: "You are logged out. Logging in again...",
} as const;
