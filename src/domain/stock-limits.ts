/**
 * How much of the shop one customer may hold before paying (decision 024): a verified e-mail
 * address, at most `maxOpenOrders` open unpaid orders and at most `maxUnitsPerProduct` units of one
 * product in the cart and those orders together. Pure rules; the queries live in db/.
 */
import { type OrderPaymentStatus, type OrderState, type OrderStatus, unpaidStatuses } from "./order";

/** The two settings these rules read. */
export type StockLimitSettings = { maxOpenOrders: number; maxUnitsPerProduct: number };

/**
 * The orders that hold stock without being paid: open (awaiting payment, or on hold for the ID
 * check) and unpaid. What the limits count, what the owner sees held beside each product's stock,
 * and what the expiry job cancels when the hold runs out. The one definition: `holdsUnpaidStock`
 * reads it, and so does the SQL condition in db/stock-holds.server.ts.
 */
export const unpaidStockHold: { status: readonly OrderStatus[]; paymentStatus: readonly OrderPaymentStatus[] } = {
  status: ["pending", "on_hold"],
  paymentStatus: unpaidStatuses,
};

/** Whether an order still holds stock without being paid (`unpaidStockHold`). */
export function holdsUnpaidStock(order: OrderState): boolean {
  return unpaidStockHold.status.includes(order.status) && unpaidStockHold.paymentStatus.includes(order.paymentStatus);
}

/** Whether a customer with `open` unpaid orders may place another. */
export function mayOpenAnotherOrder(open: number, settings: StockLimitSettings): boolean {
  return open < settings.maxOpenOrders;
}

/**
 * The lines that would take the customer past the per-product limit, given the units of each
 * product their open unpaid orders already hold.
 */
export function linesOverProductLimit<T extends { productId: number; quantity: number }>(
  lines: readonly T[],
  held: ReadonlyMap<number, number>,
  settings: StockLimitSettings,
): (T & { held: number })[] {
  return lines.map((l) => ({ ...l, held: held.get(l.productId) ?? 0 })).filter((l) => l.held + l.quantity > settings.maxUnitsPerProduct);
}

/** What the product page and the cart say about the per-product limit. */
export function perCustomerLimitNote(settings: Pick<StockLimitSettings, "maxUnitsPerProduct">): string {
  return `At most ${settings.maxUnitsPerProduct} of each product per customer, in the cart and unpaid orders together.`;
}
