/**
 * The currencies the business may price in. One setting (`currency`, the specification's USD by
 * default) names it; every page, e-mail, invoice, PayPal call and CSV reads that one setting, and a
 * placed order or payment keeps the currency it was priced in.
 */

/** The currencies on offer: those PayPal takes whose amounts have cents. */
export const currencies = ["USD", "AUD", "NZD", "CAD", "GBP", "EUR"] as const;
export type Currency = (typeof currencies)[number];

/** Each currency's name, as the settings form and the price notes write it. */
export const currencyNames: Record<Currency, string> = {
  USD: "US dollars",
  AUD: "Australian dollars",
  NZD: "New Zealand dollars",
  CAD: "Canadian dollars",
  GBP: "British pounds",
  EUR: "Euros",
};

/** Whether `code` is one of the currencies on offer. */
export function isCurrency(code: string): code is Currency {
  return (currencies as readonly string[]).includes(code);
}

/** "US dollars" for "USD"; an unknown code (an old order's) as itself. */
export function currencyName(code: string): string {
  return isCurrency(code) ? currencyNames[code] : code;
}
