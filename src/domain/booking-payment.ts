/**
 * A booking's payment, from the payments recorded for it (pure): paid once any of them is paid,
 * being checked while one is under review, awaiting while a request or a PayPal payment is open,
 * otherwise unpaid. The amount is always the booking's own price, stored when it was booked.
 */
import type { PaymentStatus, ServiceOffer } from "./payment";
import { cryptoPrice } from "./pricing";

export const bookingPaymentStatuses = ["unpaid", "awaiting", "review", "paid"] as const;
export type BookingPaymentStatus = (typeof bookingPaymentStatuses)[number];

export const bookingPaymentLabels: Record<BookingPaymentStatus, string> = {
  unpaid: "Not paid",
  awaiting: "Awaiting payment",
  review: "Payment being checked",
  paid: "Paid",
};

/** One payment row of a booking, as far as its payment status goes. */
export type BookingPaymentRow = {
  status: PaymentStatus;
  method: string;
  referenceCode: string;
  paidAt: Date | null;
  markedPaidBy: string | null;
  createdAt: Date;
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
};

const open: readonly PaymentStatus[] = ["requested", "created", "unknown"];

/** The booking's payment status from its payment rows (any order). */
export function bookingPayment(rows: readonly BookingPaymentRow[]): BookingPayment {
  const newestFirst = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const pick = (status: BookingPaymentStatus, row: BookingPaymentRow): BookingPayment => ({
    status,
    method: row.method,
    referenceCode: row.referenceCode,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    markedPaidBy: row.markedPaidBy,
  });
  const paid = newestFirst.find((r) => r.status === "completed");
  if (paid) return pick("paid", paid);
  const review = newestFirst.find((r) => r.status === "review");
  if (review) return pick("review", review);
  const waiting = newestFirst.find((r) => open.includes(r.status));
  if (waiting) return pick("awaiting", waiting);
  return { status: "unpaid", method: null, referenceCode: null, paidAt: null, markedPaidBy: null };
}

/** A booking can be paid while it is not cancelled and not paid (or being checked) already. */
export function bookingMayBePaid(bookingStatus: string, payment: BookingPaymentStatus): boolean {
  return bookingStatus !== "cancelled" && payment !== "paid" && payment !== "review";
}

/** The part of a booking its price comes from. */
export type PricedBooking = { id: string; serviceId: string | null; serviceName: string; servicePrice: string; originalPrice: string | null };

/**
 * The payment dialog's offer for a booking: its own stored price (as booked, with any new-client
 * discount already in it), due in full, and the crypto price from that amount, in `currency` (the
 * currency setting when the payment starts).
 */
export function bookingOffer(booking: PricedBooking, cryptoDiscountPercent: number, currency: string): ServiceOffer {
  const amountDue = Number(booking.servicePrice);
  const listAmount = booking.originalPrice === null ? amountDue : Number(booking.originalPrice);
  const crypto = cryptoPrice(amountDue, cryptoDiscountPercent);
  return {
    id: booking.serviceId ?? booking.id,
    name: booking.serviceName,
    unit: "booking",
    minimumUnits: 1,
    unitListPrice: listAmount,
    unitPrice: amountDue,
    percentOff: listAmount > amountDue && listAmount > 0 ? Math.round((1 - amountDue / listAmount) * 100) : 0,
    amountDue,
    listAmountDue: listAmount,
    cryptoAmount: crypto.price,
    cryptoSaving: crypto.saving,
    currency,
  };
}
