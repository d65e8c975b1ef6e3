/**
 * The payment dialog's rules: what a viewer pays for a service (new-client or list price, the
 * amount due now, the crypto price), payment-plan instalments, and reference codes. Pure functions;
 * the server recomputes every amount with them and never trusts one sent by a browser.
 */
import { bookingPrice } from "./booking";
import { centsToDollars, discountCents, discountLabels, priceService, toCents, type VolumeBand } from "./pricing";
import { type RandomBytes, readableCode } from "./readable-code";

/** A bookable package as the pricing table stores it, with the length it holds (the volume table reads it). */
export type PackagePrice = { id: string; name: string; price: string; unit: string; minimumUnits: number; lengthUnit: string; lengthCount: number };

/** The discount settings the dialog prices depend on, and the volume table (`volumeBands` of the pricing table). */
export type PaymentDiscounts = { newClientDiscountPercent: number; cryptoDiscountPercent: number; volume: readonly VolumeBand[] };

/** Everything the dialog shows about one service's price, in whole units of `currency`. */
export type ServiceOffer = {
  id: string;
  /** The currency setting the offer is priced in. */
  currency: string;
  name: string;
  unit: string;
  minimumUnits: number;
  /** The list price per unit (struck through when a discount applies). */
  unitListPrice: number;
  /** What this viewer pays per unit. */
  unitPrice: number;
  /** The percent off shown on the badge; 0 means no discount and no badge. */
  percentOff: number;
  /** The volume discount on the amount due (the volume table, by the days the package holds): its percent and the saving; 0 when none. */
  volumePercent: number;
  volumeSaving: number;
  /** The amount due now: the unit price times the minimum units. */
  amountDue: number;
  /** The amount due at list price, for the record. */
  listAmountDue: number;
  /** The amount due when paying in cryptocurrency, and the saving against `amountDue`. */
  cryptoAmount: number;
  cryptoSaving: number;
  /** `amountDue` and `cryptoAmount` in integer cents: what a payment row stores and PayPal is asked for (`centsToDecimal`). */
  amountDueCents: number;
  cryptoAmountCents: number;
};

/**
 * Every status of a service payment row: requests (instructions, cash deposit) stay `requested`;
 * PayPal payments go `created` -> `completed`, or `declined` / `failed` / `review` (decision 007).
 * `unknown`: a capture was sent but its answer lost and PayPal could not be asked; the payment
 * check settles it. `expired`: never captured and closed by that check. `refunded`: a completed
 * payment for a shop order that the owner refunded through PayPal. `cancelled`: a request or an
 * uncaptured PayPal payment that will not be paid, because a later one replaced it or what it
 * paid for was settled otherwise; never counted as money.
 */
export const paymentStatuses = [
  "requested",
  "created",
  "unknown",
  "completed",
  "declined",
  "failed",
  "review",
  "expired",
  "refunded",
  "cancelled",
  // A completed payment whose money the owner still has to send back by hand (decision 084).
  "refund_owed",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** A service payment's status in the owner's words (the payments list, its filter and badges). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  requested: "Requested",
  created: "Started",
  unknown: "Unknown",
  completed: "Paid",
  declined: "Declined",
  failed: "Failed",
  review: "Under review",
  expired: "Expired",
  refunded: "Refunded",
  cancelled: "Cancelled",
  refund_owed: "Refund owed",
};

/**
 * A booking has at most one open payment per thing to pay (the whole booking, or one instalment of
 * its plan): a request awaiting the money, a PayPal payment started, or one whose capture's answer
 * was lost. A new request or PayPal start replaces a `requested` or `created` one (it becomes
 * `cancelled`, in the same transaction); an `unknown` one may have taken the money, so it refuses.
 */
export const openPaymentStatuses = ["requested", "created", "unknown"] as const satisfies readonly PaymentStatus[];
export const replaceablePaymentStatuses = ["requested", "created"] as const satisfies readonly PaymentStatus[];

/** What the owner does to a service payment by hand: mark a request paid when its money arrived outside the site. */
export const paymentActions = ["mark_paid"] as const;
export type PaymentAction = (typeof paymentActions)[number];

/**
 * Why the booking a payment pays takes no more money: cancelled, already paid by another payment
 * (of the same instalment, with a plan), or a PayPal payment for it is being checked (under review,
 * or its capture's answer lost). Null when the payment is not a booking's or the booking may be paid.
 */
export type BookingClosed = "cancelled" | "paid" | "checking" | null;

/**
 * What decides what may be done to a payment: its status, its method, whether it pays a shop order
 * and whether the booking it pays is closed to payment.
 */
export type PaymentState = { status: PaymentStatus; method: string; forShopOrder: boolean; bookingClosed: BookingClosed };

/** Why a request for a closed booking cannot be marked paid, in the owner's words. */
export const bookingClosedMessages: Record<Exclude<BookingClosed, null>, string> = {
  cancelled: "This booking is cancelled, so its payment request cannot be marked paid.",
  paid: "This booking is already paid, so this request cannot be marked paid as well.",
  checking: "A PayPal payment for this booking is being checked: settle it on the payments page first.",
};

/**
 * The owner's transition table for service payments: from which statuses each action moves a
 * payment, and to which. Only a request (instructions, cash deposit) still `requested` is marked
 * paid by hand; a PayPal payment is recorded when PayPal captures it (decision 007), and a shop
 * order's payment is settled through its order, and a booking's request only while the booking
 * takes money (not cancelled, not paid by another payment, no PayPal payment being checked). Every
 * other change of a payment's status is the site's own, on PayPal's answers, the payment check and
 * a replacing request. The server's guard and the button the payments list offers both read it.
 */
const paymentTransitions: Record<PaymentAction, { from: readonly PaymentStatus[]; to: PaymentStatus }> = {
  mark_paid: { from: ["requested"], to: "completed" },
};

/** Whether the owner may take `action` on a payment in this state, and the status it leads to or why not. */
export function paymentActionOutcome(payment: PaymentState, action: PaymentAction): { ok: true; to: PaymentStatus } | { ok: false; message: string } {
  const rule = paymentTransitions[action];
  if (payment.method === "paypal") return { ok: false, message: "This is a PayPal payment: it is recorded when PayPal captures it, not by hand." };
  if (payment.forShopOrder) return { ok: false, message: "This payment is for a shop order: mark the order paid instead." };
  if (payment.status === rule.to) return { ok: false, message: "This payment request is already marked paid." };
  // A request closed when its booking was cancelled: the booking is the reason to give.
  if (payment.status === "cancelled" && payment.bookingClosed === "cancelled") return { ok: false, message: bookingClosedMessages.cancelled };
  if (!rule.from.includes(payment.status))
    return { ok: false, message: `Only a payment request awaiting payment can be marked paid; this one is ${payment.status}.` };
  if (payment.bookingClosed !== null) return { ok: false, message: bookingClosedMessages[payment.bookingClosed] };
  return { ok: true, to: rule.to };
}

/** The actions the owner may take on a payment in this state: what the payments list offers. */
export function paymentActionsAllowed(payment: PaymentState): PaymentAction[] {
  return paymentActions.filter((action) => paymentActionOutcome(payment, action).ok);
}

/**
 * The offer for one package: a viewer not known to be returning gets the new-client price (list
 * price struck through, badge with the real percent); a returning customer pays the list price.
 */
export function serviceOffer(pkg: PackagePrice, returning: boolean, discounts: PaymentDiscounts & { currency: string }): ServiceOffer {
  // Priced as the booking is (`bookingPrice`: its minimum units), then once more with the crypto discount.
  const booked = bookingPrice(pkg, returning, discounts.newClientDiscountPercent, undefined, discounts.volume);
  const { priced } = booked;
  const crypto = priceService({
    unitListCents: priced.unitListCents,
    units: priced.units,
    newClientPercent: booked.discountPercent,
    volumePercent: booked.volumePercent,
    cryptoPercent: discounts.cryptoDiscountPercent,
  });
  return {
    id: pkg.id,
    currency: discounts.currency,
    name: pkg.name,
    unit: pkg.unit,
    minimumUnits: priced.units,
    unitListPrice: centsToDollars(priced.unitListCents),
    unitPrice: centsToDollars(priced.unitCents),
    percentOff: booked.discountPercent,
    volumePercent: booked.volumePercent,
    volumeSaving: centsToDollars(discountCents(priced, discountLabels.volume)),
    amountDue: centsToDollars(priced.totalCents),
    listAmountDue: centsToDollars(priced.listCents),
    cryptoAmount: centsToDollars(crypto.totalCents),
    cryptoSaving: centsToDollars(discountCents(crypto, discountLabels.crypto)),
    amountDueCents: priced.totalCents,
    cryptoAmountCents: crypto.totalCents,
  };
}

/** What the amount due covers, when it is more than "the service": "for the 4-hour minimum". */
export function amountDueNote(unit: string, minimumUnits: number): string | null {
  if (minimumUnits > 1) return `for the ${minimumUnits}-${unit} minimum`;
  if (unit === "month") return "for the first month";
  return null;
}

/** True when `sent` (what a browser claims) is the same money as `amountDue`, to the cent. */
export function sameAmount(sent: number | string, amountDue: number | string): boolean {
  const cents = toCents(sent);
  return cents !== null && cents === toCents(amountDue);
}

/** The interest-free plans offered (docs/product.md#payments). */
export const instalmentCounts = [2, 3, 4] as const;

/**
 * Splits `total` dollars into `count` instalments in cents: equal parts, with the cents that do not
 * divide evenly added to the first payment, so the parts always add up to the total.
 */
export function instalments(total: number | string, count: number): number[] {
  const cents = toCents(total) ?? 0;
  const part = Math.floor(cents / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? part + (cents - part * count) : part));
}

/** No 0/O, 1/I/L: reference codes are read from e-mails and typed into bank and wallet memos. */
const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const referenceCodePattern = /^PAY-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** A random payment reference like "PAY-K7QX-M4PD". */
export function newReferenceCode(random?: RandomBytes): string {
  return `PAY-${readableCode(alphabet, random)}`;
}

/** A coin the business accepts, with the network to send it on and the address (from settings). */
export type CryptoAddress = { coin: string; network: string; address: string };

/** The crypto addresses to show, in the dialog's order (docs/product.md#payments); an empty address hides its coin. */
export function cryptoAddresses(settings: { btcAddress: string; ethAddress: string; usdcSolAddress: string }): CryptoAddress[] {
  const all: CryptoAddress[] = [
    { coin: "Bitcoin", network: "Bitcoin network", address: settings.btcAddress.trim() },
    { coin: "Ethereum", network: "ERC-20 network", address: settings.ethAddress.trim() },
    { coin: "USDC", network: "Solana network", address: settings.usdcSolAddress.trim() },
  ];
  return all.filter((a) => a.address !== "");
}

/** A customer known to be returning pays list prices; a visitor or a new customer is offered the new-client price. */
export function isReturningCustomer(user: { isNewCustomer: boolean } | null): boolean {
  return user !== null && !user.isNewCustomer;
}

/** The offers for every package, for one viewer. */
export function serviceOffers(packages: PackagePrice[], returning: boolean, discounts: PaymentDiscounts & { currency: string }): ServiceOffer[] {
  return packages.map((p) => serviceOffer(p, returning, discounts));
}

/** A provider's capture answer, reduced to what decides whether we were paid. */
export type CaptureReport = { capture: { status: string; amount: string; currency: string } | null };

/** Capture statuses that mean the money did not move and the customer may try another card. */
const declinedCaptureStatuses = new Set(["DECLINED", "FAILED"]);

/**
 * Judges a capture against what we created: paid only when the capture's own status is COMPLETED
 * and its amount and currency are ours; declined when the provider refused the payment; anything
 * else (pending, another amount, no capture at all) is for a person to review.
 */
export function judgeCapture(
  report: CaptureReport,
  expected: { amount: string; currency: string },
): { outcome: "completed" } | { outcome: "declined" } | { outcome: "review"; reported: string } {
  const c = report.capture;
  if (!c) return { outcome: "review", reported: "no capture in the answer" };
  if (declinedCaptureStatuses.has(c.status)) return { outcome: "declined" };
  const reported = `${c.amount} ${c.currency}, capture ${c.status}`;
  if (c.status !== "COMPLETED") return { outcome: "review", reported };
  if (!sameAmount(c.amount, expected.amount) || c.currency !== expected.currency) return { outcome: "review", reported };
  return { outcome: "completed" };
}
