/**
 * Cart rules without HTTP or database: what each line counts for at today's prices and stock, and
 * the cart's money as totals.ts prices it. Checkout and placing an order price the same lines.
 */
import type { CartLine, CartLineStatus, CartView } from "../shared/cart-view";
import { maxLineQuantity } from "../shared/cart-view";
import { currentPriceCents, isOnSale, type ProductToday } from "./catalogue";
import { centsToDecimal, toCents } from "./pricing";
import type { StockLimitSettings } from "./stock-limits";
import { lineCents, type PricedLine, priceOrder, qualifiesForFreeShipping, type TotalsSettings } from "./totals";

/** A stored cart row joined with its product as it is now. */
export type CartRow = ProductToday & {
  requiresVerification: boolean;
  restrictedStates: string[];
  quantity: number;
};

/** The most of a product one line may hold now: the stock, the per-customer limit and the payload's bound. */
export function maxQuantityFor(stockQuantity: number, perCustomer: number = maxLineQuantity): number {
  return Math.max(0, Math.min(stockQuantity, perCustomer, maxLineQuantity));
}

function lineStatus(row: CartRow, perCustomer: number): CartLineStatus {
  if (!row.available) return "unavailable";
  if (row.stockQuantity <= 0) return "out_of_stock";
  if (row.quantity > maxQuantityFor(row.stockQuantity, perCustomer)) return "reduced";
  return "available";
}

/** Whether a line counts towards the totals (it can be bought, perhaps fewer than chosen). */
export function countsTowardsTotal(status: CartLineStatus): boolean {
  return status === "available" || status === "reduced";
}

/** The quantity of a row that counts: the chosen one, or what may be bought when that is fewer. */
function countedQuantity(row: CartRow, status: CartLineStatus, perCustomer: number): number {
  return status === "reduced" ? maxQuantityFor(row.stockQuantity, perCustomer) : row.quantity;
}

/**
 * The rows that can be bought, at today's prices and the quantity that counts: what every total of
 * this cart is priced from. Without `perCustomer`, a line counts up to the stock.
 */
export function pricedLines(rows: readonly CartRow[], perCustomer: number = maxLineQuantity): PricedLine[] {
  return rows.flatMap((row) => {
    const status = lineStatus(row, perCustomer);
    return countsTowardsTotal(status) ? [{ unitCents: currentPriceCents(row), quantity: countedQuantity(row, status, perCustomer) }] : [];
  });
}

/** One cart line at today's price; lines that cannot be bought count for nothing. */
export function cartLine(row: CartRow, perCustomer: number = maxLineQuantity): CartLine {
  const status = lineStatus(row, perCustomer);
  const max = maxQuantityFor(row.stockQuantity, perCustomer);
  const quantity = countedQuantity(row, status, perCustomer);
  const unitCents = currentPriceCents(row);
  return {
    productId: row.productId,
    slug: row.slug,
    name: row.name,
    image: row.image,
    unitPrice: centsToDecimal(unitCents),
    regularPrice: centsToDecimal(toCents(row.price) ?? 0),
    onSale: isOnSale(row),
    quantity,
    requestedQuantity: row.quantity,
    maxQuantity: row.available ? max : 0,
    limitedPerCustomer: max < Math.min(row.stockQuantity, maxLineQuantity),
    lineTotal: centsToDecimal(countsTowardsTotal(status) ? lineCents({ unitCents, quantity }) : 0),
    status,
    requiresVerification: row.requiresVerification,
    restrictedStates: row.restrictedStates,
  };
}

/** The whole cart: lines, the units that count, and its money before a payment method is chosen. */
export function buildCart(rows: CartRow[], settings: TotalsSettings & Pick<StockLimitSettings, "maxUnitsPerProduct">): CartView {
  const perCustomer = settings.maxUnitsPerProduct;
  const items = rows.map((row) => cartLine(row, perCustomer));
  const counted = items.filter((l) => countsTowardsTotal(l.status));
  const priced = priceOrder(pricedLines(rows, perCustomer), null, settings);
  const threshold = toCents(settings.freeShippingThreshold) ?? 0;
  return {
    items,
    count: counted.reduce((n, l) => n + l.quantity, 0),
    subtotal: centsToDecimal(priced.subtotalCents),
    shipping: centsToDecimal(priced.adjustments.find((a) => a.kind === "shipping")?.cents ?? 0),
    total: centsToDecimal(priced.totalCents),
    freeShippingThreshold: centsToDecimal(threshold),
    amountToFreeShipping: centsToDecimal(Math.max(0, threshold - priced.subtotalCents)),
    qualifiesForFreeShipping: qualifiesForFreeShipping(priced.subtotalCents, counted.length > 0, settings),
    requiresVerification: counted.some((l) => l.requiresVerification),
    maxUnitsPerProduct: perCustomer,
  };
}
