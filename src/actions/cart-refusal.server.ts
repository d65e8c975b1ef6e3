/**
 * What the cart actions answer when a change is refused: one typed error that is the JSON route's
 * answer and carries the reason the plain forms turn into their notice.
 */
import type { CartChange } from "../db/cart.server";
import { HttpError } from "../server/errors";

/** Why a cart change was refused. */
export type CartRefusalReason = Exclude<CartChange, { ok: true }>["reason"];

/** A refused cart change: its HTTP answer, and the reason behind it. */
export class CartRefusal extends HttpError {
  constructor(
    readonly reason: CartRefusalReason,
    status: 404 | 409,
    code: string,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(status, code, message, fields);
  }
}

/** The message a refused stock change shows the customer. */
export function stockMessage(available: number, inCart: number): string {
  const left = `Only ${available} left in stock`;
  if (inCart === 0) return `${left}.`;
  return `${left}, and ${inCart} ${inCart === 1 ? "is" : "are"} already in your cart.`;
}

/** The message a change beyond the per-customer limit shows the customer. */
export function limitMessage(limit: number, held: number, inCart: number): string {
  const parts = [held > 0 ? `${held} in your unpaid orders` : "", inCart > 0 ? `${inCart} already in your cart` : ""].filter(Boolean);
  return `You can have at most ${limit} of this product in your cart and unpaid orders together${parts.length ? ` (${parts.join(", ")})` : ""}.`;
}

/** The refusal of a cart change that was not made. */
export function cartRefusal(change: Exclude<CartChange, { ok: true }>): CartRefusal {
  switch (change.reason) {
    case "unknown_product":
      return new CartRefusal(change.reason, 404, "not_found", "This product does not exist or is no longer sold.");
    case "not_in_cart":
      return new CartRefusal(change.reason, 404, "not_found", "This product is not in your cart.");
    case "unavailable":
      return new CartRefusal(change.reason, 409, "unavailable", "This product is no longer sold. Please remove it from your cart.");
    case "out_of_stock":
      return new CartRefusal(change.reason, 409, "out_of_stock", "This product is out of stock.");
    case "over_limit": {
      const message = limitMessage(change.limit, change.held, change.inCart);
      return new CartRefusal(change.reason, 409, "over_limit", message, { quantity: message });
    }
    case "insufficient_stock": {
      const message = stockMessage(change.available, change.inCart);
      return new CartRefusal(change.reason, 409, "insufficient_stock", message, { quantity: message });
    }
  }
}
