/**
 * The money of a shop order, computed in one place (docs/decisions/020-money-computed-once.md): the
 * goods at today's tax-inclusive prices, then the adjustments (shipping, the cryptocurrency
 * discount), then the total and the GST it includes, all in integer cents. The cart, the checkout,
 * placing the order and so the PayPal amount all price through `priceOrder`; a placed order keeps
 * what it was priced at (`orderTotals`) and is shown from that, never priced again.
 */
import type { OrderPaymentMethod } from "../shared/checkout";
import type { Settings } from "../shared/settings";
import { gstCharged } from "./invoice";
import { type Adjustment, centsToDecimal, discountLabels, percentOfCents, toCents } from "./pricing";

export type { Adjustment };

/** One line as it is priced: today's unit price in cents and the quantity that counts. */
export type PricedLine = { unitCents: number; quantity: number };

/** The settings an order is priced with. */
export type TotalsSettings = Pick<Settings, "freeShippingThreshold" | "flatShippingFee" | "gstEnabled" | "abn" | "cryptoDiscountPercent">;

/** An order priced at today's prices, in integer cents: what the checkout shows for one payment method. */
export type PricedOrder = {
  /** The goods, before any adjustment. */
  subtotalCents: number;
  adjustments: Adjustment[];
  totalCents: number;
  /** The GST included in the total; 0 when GST is off. */
  gstCents: number;
};

/** An order's money as it is stored and shown once placed: decimal strings in dollars ("224.10"). */
export type OrderTotals = { subtotal: string; discountAmount: string; shippingAmount: string; taxAmount: string; totalAmount: string };

/** What one line costs: its unit price times its quantity, in cents. */
export function lineCents(line: PricedLine): number {
  return line.unitCents * line.quantity;
}

/** True when goods worth `subtotalCents` ship free: there are goods and they reach the threshold. */
export function qualifiesForFreeShipping(subtotalCents: number, hasGoods: boolean, settings: Pick<TotalsSettings, "freeShippingThreshold">): boolean {
  return hasGoods && subtotalCents >= (toCents(settings.freeShippingThreshold) ?? 0);
}

/** Shipping for goods worth `subtotalCents`: nothing for no goods or at the threshold, else the flat fee. */
export function shippingCents(subtotalCents: number, hasGoods: boolean, settings: Pick<TotalsSettings, "freeShippingThreshold" | "flatShippingFee">): number {
  if (!hasGoods || qualifiesForFreeShipping(subtotalCents, hasGoods, settings)) return 0;
  return toCents(settings.flatShippingFee) ?? 0;
}

/** The GST included in a tax-inclusive amount: one eleventh, rounded to the cent. */
export function includedGstCents(totalCents: number): number {
  return Math.round(totalCents / 11);
}

/**
 * Prices an order: shipping is the flat fee unless the goods reach the free-shipping threshold
 * (judged on the goods before any discount, as the cart shows it); paying by cryptocurrency takes
 * its percent off the goods; when GST is charged (an ABN and GST on), the tax is the GST included in the total. `method` is
 * null where none is chosen yet (the cart).
 */
export function priceOrder(lines: readonly PricedLine[], method: OrderPaymentMethod | null, settings: TotalsSettings): PricedOrder {
  const subtotalCents = lines.reduce((sum, l) => sum + lineCents(l), 0);
  const adjustments: Adjustment[] = [{ kind: "shipping", label: "Shipping", cents: shippingCents(subtotalCents, lines.length > 0, settings) }];
  const cryptoCents = method === "crypto" ? percentOfCents(subtotalCents, settings.cryptoDiscountPercent) : 0;
  if (cryptoCents > 0) adjustments.push({ kind: "discount", label: discountLabels.crypto, cents: -cryptoCents });
  const totalCents = subtotalCents + adjustments.reduce((sum, a) => sum + a.cents, 0);
  // GST only while the business has an ABN and GST is on (decision 068).
  return { subtotalCents, adjustments, totalCents, gstCents: gstCharged(settings) ? includedGstCents(totalCents) : 0 };
}

/** A priced order as it is stored on the order: the discounts summed, shipping, the GST and the total. */
export function orderTotals(priced: PricedOrder): OrderTotals {
  const sum = (kind: Adjustment["kind"]) => priced.adjustments.filter((a) => a.kind === kind).reduce((total, a) => total + a.cents, 0);
  return {
    subtotal: centsToDecimal(priced.subtotalCents),
    discountAmount: centsToDecimal(-sum("discount")),
    shippingAmount: centsToDecimal(sum("shipping")),
    taxAmount: centsToDecimal(priced.gstCents),
    totalAmount: centsToDecimal(priced.totalCents),
  };
}
