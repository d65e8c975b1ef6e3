/**
 * A booking's payment, from the payments recorded for it (pure): paid once any of them is paid,
 * being checked while one is under review, refunded (or its refund on its way) once the owner paid
 * it back, awaiting while a request or a PayPal payment is open, otherwise unpaid. The amount is always the booking's own price, stored when it was booked.
 */
import type { PaymentStatus, ServiceOffer } from "./payment";
import { keptAdjustments } from "./booking-price-lines";
import { centsToDollars, discountCents, discountLabels, percentSavedCents, priceService, toCents } from "./pricing";

export const bookingPaymentStatuses = ["unpaid", "awaiting", "review", "paid", "refund_owed", "refunded"] as const;
export type BookingPaymentStatus = (typeof bookingPaymentStatuses)[number];

export const bookingPaymentLabels: Record<BookingPaymentStatus, string> = {
  unpaid: "Not paid",
  awaiting: "Awaiting payment",
  review: "Payment being checked",
  paid: "Paid",
  refund_owed: "Refund on its way",
  refunded: "Refunded",
};

/** One payment row of a booking, as far as its payment status goes. */
export type BookingPaymentRow = {
  status: PaymentStatus;
  method: string;
  referenceCode: string;
  paidAt: Date | null;
  markedPaidBy: string | null;
  createdAt: Date;
  /** The plan instalment it pays (decision 085); null or absent for a booking paid in full. */
  instalmentNumber?: number | null;
};

/** What a booking shows about its payment; instants are ISO strings. */
export type BookingPayment = {
  status: BookingPaymentStatus;
  /** The payment that decided the status (the paid one, else the latest open one). */
  method: string | null;
  referenceCode: string | null;
  paidAt: string | null;
  /** The admin who marked it paid by hand, when it was. */
  markedPaidBy: string | null;
  /** With a payment plan (decision 085): how many of its instalments are paid, of how many. */
  instalments?: { paid: number; of: number };
};

const open: readonly PaymentStatus[] = ["requested", "created", "unknown"];

/**
 * The booking's payment status from its payment rows (any order). With a plan of `planCount`
 * instalments it is paid only once every instalment is; until then it is awaiting, being checked
 * or unpaid as the next instalment's payments are, and says how many are paid.
 */
export function bookingPayment(rows: readonly BookingPaymentRow[], planCount?: number): BookingPayment {
  const newestFirst = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const instalments =
    planCount === undefined
      ? undefined
      : { paid: new Set(rows.filter((r) => r.status === "completed" && r.instalmentNumber != null).map((r) => r.instalmentNumber)).size, of: planCount };
  const pick = (status: BookingPaymentStatus, row: BookingPaymentRow): BookingPayment => ({
    status,
    method: row.method,
    referenceCode: row.referenceCode,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    markedPaidBy: row.markedPaidBy,
    ...(instalments ? { instalments } : {}),
  });
  const paid = newestFirst.find((r) => r.status === "completed");
  if (paid && (!instalments || instalments.paid >= instalments.of)) return pick("paid", paid);
  const review = newestFirst.find((r) => r.status === "review");
  if (review) return pick("review", review);
  // Paid and then paid back (decision 084): the booking is not offered for payment again; the owner
  // may still mark it paid if the customer pays once more.
  const refund = newestFirst.find((r) => r.status === "refund_owed" || r.status === "refunded");
  if (refund) return pick(refund.status === "refund_owed" ? "refund_owed" : "refunded", refund);
  const waiting = newestFirst.find((r) => open.includes(r.status));
  if (waiting) return pick("awaiting", waiting);
  return { status: "unpaid", method: null, referenceCode: null, paidAt: null, markedPaidBy: null, ...(instalments ? { instalments } : {}) };
}

/** The booking's payment in words: its status's label, or "2 of 3 paid" while a plan is part paid. */
export function bookingPaymentLabel(payment: Pick<BookingPayment, "status" | "instalments">): string {
  const i = payment.instalments;
  if (i && payment.status !== "paid" && payment.status !== "review" && i.paid > 0) return `${i.paid} of ${i.of} paid`;
  return bookingPaymentLabels[payment.status];
}

/** The payment statuses after which a booking is not offered for payment again. */
const settledPayments: readonly BookingPaymentStatus[] = ["paid", "review", "refund_owed", "refunded"];

/** A booking can be paid while it is not cancelled, not paid (or being checked) already, and not paid back. */
export function bookingMayBePaid(bookingStatus: string, payment: BookingPaymentStatus): boolean {
  return bookingStatus !== "cancelled" && !settledPayments.includes(payment);
}

/** The part of a booking its price comes from. */
export type PricedBooking = {
  id: string;
  serviceId: string | null;
  serviceName: string;
  servicePrice: string;
  originalPrice: string | null;
  /** Where the discount lines it was priced with are kept (`bookingDetails.adjustments`, decision 083). */
  bookingDetails?: Record<string, unknown> | null;
};

/**
 * The payment dialog's offer for a booking: its own stored price (as booked, with any new-client
 * and volume discounts already in it), due in full, and the crypto price from that amount, in
 * `currency` (the booking's own currency). Computed in cents (`priceService`), made dollars at the end.
 */
export function bookingOffer(booking: PricedBooking, cryptoDiscountPercent: number, currency: string): ServiceOffer {
  const dueCents = toCents(booking.servicePrice) ?? 0;
  const listCents = booking.originalPrice === null ? dueCents : (toCents(booking.originalPrice) ?? dueCents);
  const crypto = priceService({ unitListCents: dueCents, units: 1, newClientPercent: 0, volumePercent: 0, cryptoPercent: cryptoDiscountPercent });
  // The lines it was priced with: the badge is the new-client percent and the volume discount its own
  // line, as the services page offered them. A booking priced before the lines were kept had only the
  // new-client discount: its badge is read from the two amounts.
  const kept = keptAdjustments(booking.bookingDetails);
  const line = (label: string) => kept?.find((a) => a.label === label);
  const volume = line(discountLabels.volume);
  const volumeCents = volume ? -(toCents(volume.amount) ?? 0) : 0;
  return {
    id: booking.serviceId ?? booking.id,
    name: booking.serviceName,
    unit: "booking",
    minimumUnits: 1,
    unitListPrice: centsToDollars(listCents),
    unitPrice: centsToDollars(dueCents + volumeCents),
    percentOff: kept ? (line(discountLabels.newClient)?.percent ?? 0) : percentSavedCents(dueCents, listCents),
    volumePercent: volume?.percent ?? 0,
    volumeSaving: centsToDollars(volumeCents),
    amountDue: centsToDollars(dueCents),
    listAmountDue: centsToDollars(listCents),
    cryptoAmount: centsToDollars(crypto.totalCents),
    cryptoSaving: centsToDollars(discountCents(crypto, discountLabels.crypto)),
    amountDueCents: dueCents,
    cryptoAmountCents: crypto.totalCents,
    currency,
  };
}
