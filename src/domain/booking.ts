/** Booking rules with no HTTP in them: what a booking costs, its reference, and when it may be moved; its statuses are in booking-transitions.ts. */
import { isActiveBooking } from "./booking-transitions";
import {
  centsToDollars,
  discountCents,
  discountedCents,
  discountLabels,
  priceService,
  toCents,
  type VolumeBand,
  volumeDays,
  volumeDiscountPercent,
} from "./pricing";
import { packageLength } from "./slots";
import { type RandomBytes, readableCode } from "./readable-code";
import { formatDate, formatTime } from "./format";
import { zonedToInstant } from "./timezone";

// The statuses and their table, for those who import the booking rules from here.
export * from "./booking-transitions";

/** The part of a pricing row a booking's price depends on: its price per unit and the length it holds (the volume table reads it). */
export type PackagePrice = { price: string; unit: string; minimumUnits: number; lengthUnit: string; lengthCount: number };

/**
 * What a customer pays for a package (`priceService`, decision 083): the list price times its units
 * (for Hourly Surveillance the hours the customer chose, its 4-hour minimum when none are given),
 * less the new-client discount unless the customer is known to be returning
 * (docs/product.md#new-client-discount), less the volume discount of the days it holds (`volume`:
 * the volume table, `volumeBands`). Dollar figures are made from the cents at the end.
 */
export function bookingPrice(
  pkg: PackagePrice,
  isReturning: boolean,
  newClientDiscountPercent: number,
  hours: number | undefined,
  volume: readonly VolumeBand[],
) {
  const minimum = Math.max(1, pkg.minimumUnits);
  const units = pkg.unit === "hour" ? Math.max(minimum, Math.floor(hours ?? minimum)) : 1;
  const newClientPercent = isReturning ? 0 : Math.max(0, newClientDiscountPercent);
  const length = packageLength(pkg, pkg.unit === "hour" ? units : undefined) ?? { unit: "hours" as const, count: units };
  const volumePercent = volumeDiscountPercent(volumeDays(length), volume);
  // The hourly rate the customer was shown (discounted per hour, as /services and the payment
  // dialog show it), in whole cents, times the hours: the booking charges hours x the rate shown.
  const priced = priceService({ unitListCents: toCents(pkg.price) ?? 0, units, newClientPercent, volumePercent, cryptoPercent: 0 });
  return {
    servicePrice: centsToDollars(priced.totalCents),
    originalPrice: centsToDollars(priced.listCents),
    discountApplied: priced.totalCents < priced.listCents,
    /** The new-client percent taken off (0 for a returning customer or a 0% setting). */
    discountPercent: discountCents(priced, discountLabels.newClient) > 0 ? newClientPercent : 0,
    /** The volume percent taken off (0 below the table's first discounted band). */
    volumePercent: discountCents(priced, discountLabels.volume) > 0 ? volumePercent : 0,
    units,
    priced,
  };
}

/** What one hour of an hourly package costs this customer, to the cent: the booking is hours x this rate (before any volume discount). */
export function hourlyRate(pkg: Pick<PackagePrice, "price">, isReturning: boolean, newClientDiscountPercent: number): number {
  return centsToDollars(discountedCents(toCents(pkg.price) ?? 0, isReturning ? 0 : Math.max(0, newClientDiscountPercent)));
}

/** A customer becomes returning once one of their bookings is completed. */
export function makesReturningCustomer(newStatus: string): boolean {
  return newStatus === "completed";
}

/** Letters and digits that cannot be mistaken for one another when read out on the phone (as order numbers). */
const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A booking's reference such as `BK-7KQ4-M2XD`: what the customer quotes on the phone and sees in
 * the address of the booking's page. Random (about 39 bits), so it tells nothing about how many
 * bookings there are; the caller retries on the rare collision.
 */
export function newBookingReference(random?: RandomBytes): string {
  return `BK-${readableCode(referenceAlphabet, random)}`;
}

export const bookingReferencePattern = /^BK-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

/** The address of a booking's own page (routing lowercases paths). */
export function bookingPagePath(reference: string): string {
  return `/bookings/${reference.toLowerCase()}`;
}

/**
 * True when `other` is a second booking of the same package on the same day as the one asked for:
 * still active (pending or confirmed), so the customer is asked before booking it again.
 */
export function isSameDayDuplicate(
  wanted: { serviceName: string; appointmentDate: string },
  other: { serviceName: string; appointmentDate: string; status: string },
): boolean {
  return other.serviceName === wanted.serviceName && other.appointmentDate === wanted.appointmentDate && isActiveBooking(other.status);
}

/**
 * The last moment a customer may move a booking themselves: `cutoffHours` before the appointment
 * (its wall-clock time in the business timezone). Null for a date or time that does not exist.
 */
export function moveDeadline(date: string, time: string, timeZone: string, cutoffHours: number): Date | null {
  const start = zonedToInstant(date, time, timeZone);
  return start ? new Date(start.getTime() - cutoffHours * 3_600_000) : null;
}

/** True while `now` is before the booking's move deadline; at the deadline itself it is too late. */
export function beforeMoveDeadline(booking: { appointmentDate: string; appointmentTime: string }, now: Date, timeZone: string, cutoffHours: number): boolean {
  const deadline = moveDeadline(booking.appointmentDate, booking.appointmentTime, timeZone, cutoffHours);
  return deadline !== null && now.getTime() < deadline.getTime();
}

/**
 * How long a booking holds the investigator, as its page says it: "3 days, until Wednesday 9
 * December at 5:00 pm" for a booking of whole days, "6 hours" or "90 minutes" otherwise (decision 070).
 */
export function heldLengthText(booking: { duration: number; bookingDetails: Record<string, unknown> | null }): string {
  const d = booking.bookingDetails ?? {};
  if (d.lengthUnit === "days" && typeof d.lengthCount === "number" && typeof d.endDate === "string" && typeof d.endTime === "string") {
    return `${d.lengthCount} day${d.lengthCount === 1 ? "" : "s"}, until ${formatDate(d.endDate, "full")} at ${formatTime(d.endTime)}`;
  }
  const minutes = booking.duration;
  return minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`;
}
