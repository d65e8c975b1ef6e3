/**
 * Price rules shared by every page and endpoint. A service's prices are computed in integer cents,
 * as the shop's are (domain/totals.ts, decision 020), and handed out as dollars only at the end:
 * what a page shows, what an e-mail says and what the server charges come from these functions, so
 * they agree to the cent (decision 068).
 */

/** Parses a decimal money string ("695.00") to integer cents; null for anything else. */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  // Stored money is exact two-place text: read its digits, never through a float (a third decimal rounds half up).
  const exact = typeof value === "string" ? /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(value) : null;
  if (exact) {
    const decimals = (exact[3] ?? "").padEnd(3, "0");
    const cents = Number(exact[2]) * 100 + Number(decimals.slice(0, 2)) + (Number(decimals[2]) >= 5 ? 1 : 0);
    return exact[1] === "-" ? -cents : cents;
  }
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 100);
}

/** Formats cents as a decimal money string for storage and APIs ("695.00"). */
export function centsToDecimal(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  return `${whole < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** `percent` of an amount in cents, rounded to the cent (as the shop's crypto discount is). */
export function percentOfCents(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

/** An amount in cents less `percentOff` of it: the saving is rounded to the cent, so price + saving is the amount. */
export function discountedCents(cents: number, percentOff: number): number {
  return cents - percentOfCents(cents, percentOff);
}

/**
 * Something added to or taken off an amount, in the order a summary lists it: `shipping` (0 is free
 * shipping) or a `discount` (negative cents, listed only when it takes something off). Shop orders
 * (totals.ts) and services (`priceService`) price through the same list, so a new kind of discount
 * is one more adjustment with its own label (decision 083).
 */
export type Adjustment = { kind: "shipping" | "discount"; label: string; cents: number };

/** The discounts a service's price may carry, as their lines are labelled. */
export const discountLabels = {
  newClient: "New-client discount",
  volume: "Volume discount",
  crypto: "Cryptocurrency discount",
} as const;

/** A service priced in integer cents: the list amount, what comes off it in order, and what is paid. */
export type PricedService = {
  /** The list price per unit and the units counted (hours for an hourly package, else 1). */
  unitListCents: number;
  units: number;
  /** The price per unit after the new-client discount: what the card and the dialog show per hour. */
  unitCents: number;
  /** The units at list price. */
  listCents: number;
  adjustments: Adjustment[];
  /** The list amount plus the adjustments: what is charged. */
  totalCents: number;
};

/** What a service is priced with; each percent is 0 when it does not apply (a returning customer, a short booking, not paying by crypto). */
export type ServicePricing = { unitListCents: number; units: number; newClientPercent: number; volumePercent: number; cryptoPercent: number };

/**
 * Prices a service, in integer cents: the list price per unit times the units, then in order the
 * new-client discount (taken off each unit's price, so hours x the rate shown is what is charged,
 * decision 068), the volume discount (off what is left), and the cryptocurrency discount when
 * paying by crypto (off what is left again). Each saving is rounded to the cent, so the list
 * amount and the adjustments always add up to the total.
 */
export function priceService(p: ServicePricing): PricedService {
  const units = Math.max(1, Math.floor(p.units));
  const unitCents = discountedCents(p.unitListCents, p.newClientPercent);
  const listCents = p.unitListCents * units;
  const adjustments: Adjustment[] = [];
  let running = listCents;
  const take = (label: string, cents: number) => {
    if (cents <= 0) return;
    adjustments.push({ kind: "discount", label, cents: -cents });
    running -= cents;
  };
  take(discountLabels.newClient, listCents - unitCents * units);
  take(discountLabels.volume, percentOfCents(running, p.volumePercent));
  take(discountLabels.crypto, percentOfCents(running, p.cryptoPercent));
  return { unitListCents: p.unitListCents, units, unitCents, listCents, adjustments, totalCents: running };
}

/** The cents one kind of discount took off (a positive number; 0 when it did not apply). */
export function discountCents(priced: { adjustments: readonly Adjustment[] }, label: string): number {
  return -priced.adjustments.filter((a) => a.label === label).reduce((sum, a) => sum + a.cents, 0);
}

/** Cents as dollars, for the few fields that are still numbers (the dialog's offer); computed only once the cents are final. */
export function centsToDollars(cents: number): number {
  return Number(centsToDecimal(cents));
}

/**
 * The percent a price is below its list price, as a badge says it: whole percent, rounded to the
 * nearest, and 0 when nothing is saved. Read from the two amounts shown, so the badge never
 * promises more or less than the struck-through price and the price beside it differ by.
 */
export function percentSavedCents(priceCents: number, listCents: number): number {
  const saving = listCents - priceCents;
  return listCents > 0 && saving > 0 ? Math.round((saving * 100) / listCents) : 0;
}

/**
 * One band of the volume table (the pricing table's `volume` rows, shown on /services): from
 * `fromDays` days on, `percent` off. The rows' percents are the owner's; which days each row
 * covers is fixed by its id, as the rows' names say it (decision 083).
 */
export type VolumeBand = { fromDays: number; percent: number };

/** The day each volume row of the pricing table starts at. */
export const volumeRowDays: Readonly<Record<string, number>> = {
  "volume-1-3-days": 1,
  "volume-4-7-days": 4,
  "volume-1-2-weeks": 8,
  "volume-2-weeks-plus": 15,
};

/** The volume table as first shipped (docs/product.md#prices): 1-3 days standard, 4-7 days 10%, 1-2 weeks 15%, 2+ weeks 20%. */
export const shippedVolumeBands: readonly VolumeBand[] = [
  { fromDays: 1, percent: 0 },
  { fromDays: 4, percent: 10 },
  { fromDays: 8, percent: 15 },
  { fromDays: 15, percent: 20 },
];

/**
 * The volume table as the site shows it: the active `volume` rows of the pricing table (a row the
 * owner switched off is not shown, so it promises nothing and applies nothing).
 */
export function volumeBands(rows: readonly { id: string; kind: string; price: string; isActive?: boolean }[]): VolumeBand[] {
  return rows
    .filter((r) => r.kind === "volume" && r.isActive !== false && volumeRowDays[r.id] !== undefined)
    .map((r) => ({ fromDays: volumeRowDays[r.id] ?? 1, percent: Number(r.price) || 0 }))
    .sort((a, b) => a.fromDays - b.fromDays);
}

/** Hours of surveillance that make one day of it, as the one-day package sells it ("One day (8-hour surveillance)"). */
export const hoursPerVolumeDay = 8;

/**
 * The days a booking counts for the volume table: the days a booking of whole days spans, or for a
 * booking of hours, its hours in 8-hour days, a part day counting as a day (decision 083).
 */
export function volumeDays(length: { unit: "hours" | "days"; count: number }): number {
  const count = Math.max(1, length.count);
  return length.unit === "days" ? count : Math.ceil(count / hoursPerVolumeDay);
}

/** The volume discount percent for an engagement of `days` days: the band it falls in (docs/product.md#prices). */
export function volumeDiscountPercent(days: number, bands: readonly VolumeBand[] = shippedVolumeBands): number {
  let percent = 0;
  for (const band of [...bands].sort((a, b) => a.fromDays - b.fromDays)) if (days >= band.fromDays) percent = band.percent;
  return percent;
}
