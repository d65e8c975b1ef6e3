/**
 * What came off a booking's list price, line by line, as its summary page and its e-mails show it:
 * "New-client discount (50%)", "Volume discount (15%)". Stored on the booking when it is priced
 * (`bookingDetails.adjustments`, exact two-place text, decision 083), so the lines always add up to
 * the price it was booked at; a booking priced before the lines were kept shows its one new-client
 * line from its two stored prices.
 */
import { type Adjustment, centsToDecimal, discountLabels, toCents } from "./pricing";

/** One discount as a booking keeps it: its label, its percent and the amount it took off (negative, "-97.13"). */
export type StoredAdjustment = { label: string; percent: number; amount: string };

/** A discount line as it is shown: "Volume discount (15%)" and the amount it took off (positive, "97.13"). */
export type PriceLine = { label: string; amount: string };

/** The adjustments of a priced service as a booking keeps them, with the percent each applied. */
export function storedAdjustments(adjustments: readonly Adjustment[], percents: Readonly<Record<string, number>>): StoredAdjustment[] {
  return adjustments.map((a) => ({ label: a.label, percent: percents[a.label] ?? 0, amount: centsToDecimal(a.cents) }));
}

function isStored(value: unknown): value is StoredAdjustment {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.label === "string" && typeof v.percent === "number" && typeof v.amount === "string" && toCents(v.amount) !== null;
}

/** The discounts a booking kept when it was priced; null for a booking priced before they were kept. */
export function keptAdjustments(details: Record<string, unknown> | null | undefined): StoredAdjustment[] | null {
  const kept = details?.adjustments;
  return Array.isArray(kept) && kept.every(isStored) ? kept : null;
}

/** "Volume discount (15%)"; the label alone when no percent was kept. */
const labelled = (label: string, percent: number) => (percent > 0 ? `${label} (${percent}%)` : label);

/**
 * A booking's discount lines, in the order they were taken off. Empty when it was booked at its
 * list price.
 */
export function bookingPriceLines(booking: {
  servicePrice: string;
  originalPrice: string | null;
  bookingDetails?: Record<string, unknown> | null;
}): PriceLine[] {
  const kept = keptAdjustments(booking.bookingDetails);
  if (kept) {
    return kept.map((a) => ({ label: labelled(a.label, a.percent), amount: centsToDecimal(-(toCents(a.amount) ?? 0)) }));
  }
  // Booked before the lines were kept: the only discount then was the new-client one.
  const list = toCents(booking.originalPrice);
  const price = toCents(booking.servicePrice);
  if (list === null || price === null || list <= price) return [];
  const percent = typeof booking.bookingDetails?.discountPercent === "number" ? booking.bookingDetails.discountPercent : 0;
  return [{ label: labelled(discountLabels.newClient, percent), amount: centsToDecimal(list - price) }];
}

/**
 * What the price's note says about its discounts: "new-client price" when that is the only one (as
 * the booking's page and e-mails have always said it), otherwise each line with its amount:
 * "New-client discount (50%): $647.50 off; Volume discount (15%): $97.13 off".
 */
export function discountNote(lines: readonly PriceLine[], money: (amount: string) => string): string {
  if (lines.length === 1 && lines[0]?.label.startsWith(discountLabels.newClient)) return "new-client price";
  return lines.map((l) => `${l.label}: ${money(l.amount)} off`).join("; ");
}
