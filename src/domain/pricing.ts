/** Price rules shared by every page and endpoint. Amounts are whole dollars or cents as named. */

/** Parses a decimal money string ("695.00") to integer cents; null for anything else. */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 100);
}

/** Formats cents as a decimal money string for storage and APIs ("695.00"). */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The price after a percentage discount, rounded to whole dollars (docs/product.md#new-client-discount). */
export function discountedPrice(price: number, percentOff: number): number {
  return Math.round(price * (1 - percentOff / 100));
}

/** The new-client price of a service: `round(price × (1 − newClientDiscount%))`. */
export function newClientPrice(price: number, newClientDiscountPercent: number): number {
  return discountedPrice(price, newClientDiscountPercent);
}

/** The crypto price of a dialog price, and the saving shown beside it. */
export function cryptoPrice(dialogPrice: number, cryptoDiscountPercent: number) {
  const price = discountedPrice(dialogPrice, cryptoDiscountPercent);
  return { price, saving: dialogPrice - price };
}

/**
 * What a viewer pays for a service: a viewer not known to be returning gets the new-client price
 * with the list price struck through; a returning customer pays the list price.
 */
export function viewerPrice(listPrice: number, isReturning: boolean, newClientDiscountPercent: number) {
  if (isReturning || newClientDiscountPercent <= 0) {
    return { price: listPrice, originalPrice: listPrice, discountPercent: 0, discountApplied: false };
  }
  return {
    price: newClientPrice(listPrice, newClientDiscountPercent),
    originalPrice: listPrice,
    discountPercent: newClientDiscountPercent,
    discountApplied: true,
  };
}

/** The volume discount percent for a surveillance engagement of `days` days (docs/product.md#prices). */
export function volumeDiscountPercent(days: number): number {
  if (days >= 15) return 20;
  if (days >= 8) return 15;
  if (days >= 4) return 10;
  return 0;
}
