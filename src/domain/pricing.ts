/**
 * Price rules shared by every page and endpoint. A service's prices are computed in integer cents,
 * as the shop's are (domain/totals.ts, decision 020), and handed out as dollars only at the end:
 * what a page shows, what an e-mail says and what the server charges come from these functions, so
 * they agree to the cent (decision 068).
 */

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

/** `percent` of an amount in cents, rounded to the cent (as the shop's crypto discount is). */
export function percentOfCents(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

/** An amount in cents less `percentOff` of it: the saving is rounded to the cent, so price + saving is the amount. */
export function discountedCents(cents: number, percentOff: number): number {
  return cents - percentOfCents(cents, percentOff);
}

/** The price (dollars) after a percentage discount, to the cent: 42.50 for half of 85, never a rounded 43. */
export function discountedPrice(price: number, percentOff: number): number {
  return discountedCents(toCents(price) ?? 0, percentOff) / 100;
}

/** What `units` of a unit price (dollars) cost, in dollars, multiplied in cents so no float error creeps in. */
export function unitsPrice(unitPrice: number, units: number): number {
  return ((toCents(unitPrice) ?? 0) * units) / 100;
}

/** The new-client price of a service: its list price less the new-client percent, to the cent. */
export function newClientPrice(price: number, newClientDiscountPercent: number): number {
  return discountedPrice(price, newClientDiscountPercent);
}

/** The crypto price of a dialog price, and the saving shown beside it: both to the cent, adding up to the dialog price. */
export function cryptoPrice(dialogPrice: number, cryptoDiscountPercent: number) {
  const cents = toCents(dialogPrice) ?? 0;
  const priceCents = discountedCents(cents, cryptoDiscountPercent);
  return { price: priceCents / 100, saving: (cents - priceCents) / 100 };
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

/**
 * The percent a price is below its list price, as a badge says it: whole percent, rounded to the
 * nearest, and 0 when nothing is saved. Read from the two amounts shown, so the badge never
 * promises more or less than the struck-through price and the price beside it differ by.
 */
export function percentSaved(price: number, listPrice: number): number {
  const list = toCents(listPrice) ?? 0;
  const saving = list - (toCents(price) ?? 0);
  return list > 0 && saving > 0 ? Math.round((saving * 100) / list) : 0;
}

/** The volume discount percent for a surveillance engagement of `days` days (docs/product.md#prices). */
export function volumeDiscountPercent(days: number): number {
  if (days >= 15) return 20;
  if (days >= 8) return 15;
  if (days >= 4) return 10;
  return 0;
}
