/**
 * Cart rules without HTTP or database: what each line counts for at today's prices and stock, the
 * subtotal, and shipping (free at the threshold, else the flat fee). Checkout builds on the same view.
 */
import type { CartLine, CartLineStatus, CartView } from "../shared/cart-view";
import { maxLineQuantity } from "../shared/cart-view";
import { currentPriceCents, isOnSale } from "./catalogue";
import { centsToDecimal, toCents } from "./pricing";

/** A stored cart row joined with its product as it is now. */
export type CartRow = {
  productId: number;
  slug: string;
  name: string;
  image: string;
  price: string;
  salePrice: string | null;
  stockQuantity: number;
  /** Active and in an active category (what the shop shows). */
  available: boolean;
  requiresVerification: boolean;
  restrictedStates: string[];
  quantity: number;
};

export type ShippingRules = { freeShippingThreshold: number; flatShippingFee: number };

/** The most of a product one line may hold now. */
export function maxQuantityFor(stockQuantity: number): number {
  return Math.max(0, Math.min(stockQuantity, maxLineQuantity));
}

function lineStatus(row: CartRow): CartLineStatus {
  if (!row.available) return "unavailable";
  if (row.stockQuantity <= 0) return "out_of_stock";
  if (row.quantity > maxQuantityFor(row.stockQuantity)) return "reduced";
  return "available";
}

/** One cart line at today's price; lines that cannot be bought count for nothing. */
export function cartLine(row: CartRow): CartLine {
  const status = lineStatus(row);
  const max = maxQuantityFor(row.stockQuantity);
  const counts = status === "available" || status === "reduced";
  const quantity = status === "reduced" ? max : row.quantity;
  const unit = currentPriceCents(row);
  return {
    productId: row.productId,
    slug: row.slug,
    name: row.name,
    image: row.image,
    unitPrice: centsToDecimal(unit),
    regularPrice: centsToDecimal(toCents(row.price) ?? 0),
    onSale: isOnSale(row),
    quantity,
    requestedQuantity: row.quantity,
    maxQuantity: row.available ? max : 0,
    lineTotal: centsToDecimal(counts ? unit * quantity : 0),
    status,
    requiresVerification: row.requiresVerification,
    restrictedStates: row.restrictedStates,
  };
}

/** Shipping for goods worth `subtotalCents`: nothing for no goods or at the threshold, else the flat fee. */
export function shippingCents(subtotalCents: number, hasGoods: boolean, rules: ShippingRules): number {
  if (!hasGoods || subtotalCents >= (toCents(rules.freeShippingThreshold) ?? 0)) return 0;
  return toCents(rules.flatShippingFee) ?? 0;
}

/** The whole cart: lines, the units that count, subtotal, shipping and the free-shipping gap. */
export function buildCart(rows: CartRow[], rules: ShippingRules): CartView {
  const items = rows.map(cartLine);
  const counted = items.filter((l) => l.status === "available" || l.status === "reduced");
  const subtotal = counted.reduce((sum, l) => sum + (toCents(l.lineTotal) ?? 0), 0);
  const threshold = toCents(rules.freeShippingThreshold) ?? 0;
  const qualifies = counted.length > 0 && subtotal >= threshold;
  const shipping = shippingCents(subtotal, counted.length > 0, rules);
  return {
    items,
    count: counted.reduce((n, l) => n + l.quantity, 0),
    subtotal: centsToDecimal(subtotal),
    shipping: centsToDecimal(shipping),
    total: centsToDecimal(subtotal + shipping),
    freeShippingThreshold: centsToDecimal(threshold),
    amountToFreeShipping: centsToDecimal(Math.max(0, threshold - subtotal)),
    qualifiesForFreeShipping: qualifies,
    requiresVerification: counted.some((l) => l.requiresVerification),
  };
}
