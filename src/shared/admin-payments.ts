/**
 * The payments list (`/admin/payments`: every payment, shop and service) and `GET|POST /api/admin/payments…`: the list's
 * query, the shapes the API answers, and which payments the owner can mark paid
 * (docs/product.md#payments). Written with zod/mini so the island can share it.
 */
import { type BookingClosed, type PaymentStatus, paymentActionsAllowed, paymentStatuses } from "../domain/payment";
import { choiceFilter, defineAdminList, type ListQuery } from "./admin-list";

export const adminPaymentsPageSize = 20;

/**
 * The methods a payment can have: PayPal, the request methods of the payment dialog
 * (shared/payment.ts), `manual` (a booking the owner marked paid with no request before it), and
 * the shop's own ways to pay an order that the owner marks paid by hand (shared/checkout.ts).
 */
/** The methods a row of the payments table has (the others are orders the owner marked paid). */
export const paymentRowMethods = ["paypal", "instructions", "cash", "manual"] as const;
export const adminPaymentMethods = [...paymentRowMethods, "bank_transfer", "crypto", "cash_deposit"] as const;
export type AdminPaymentMethod = (typeof adminPaymentMethods)[number];
export const adminPaymentMethodLabels: Record<string, string> = {
  paypal: "PayPal",
  instructions: "Payment instructions",
  cash: "Cash deposit",
  manual: "Marked paid by hand",
  bank_transfer: "Bank transfer",
  crypto: "Cryptocurrency",
  cash_deposit: "Cash deposit for an order",
};

/** `?status=&method=&page=`, all optional; empty means any. */
export const adminPaymentsList = defineAdminList({
  path: "/admin/payments",
  pageSize: adminPaymentsPageSize,
  filters: {
    status: choiceFilter(paymentStatuses, "Choose a payment status"),
    method: choiceFilter(adminPaymentMethods, "Choose a payment method"),
  },
});
/** The list's filters as the page, the island and the API hold them. */
export type AdminPaymentsQuery = ListQuery<typeof adminPaymentsList>;

/** One payment. Money is a decimal string; instants are ISO strings. */
export type AdminPayment = {
  id: string;
  referenceCode: string;
  serviceName: string;
  amount: string;
  currency: string;
  method: string;
  email: string | null;
  customerName: string | null;
  status: PaymentStatus;
  createdAt: string;
  paidAt: string | null;
  /** The admin who marked it paid by hand, if one did. */
  markedPaidBy: string | null;
  /** The shop order it pays, if any (an order marked paid by hand is listed under its number, as its own payment). */
  orderNumber: string | null;
  /** The invoice issued when it was paid (a shop order's own invoice for an order's payment), if any. */
  invoiceNumber: string | null;
  /** Why the booking it pays takes no more money (cancelled, paid otherwise, a PayPal payment being checked); null otherwise. */
  bookingClosed: BookingClosed;
  /** It pays a booking (the whole booking or an instalment): only those are refunded from this list (decision 084). */
  forBooking: boolean;
};

/** Whether the payments list offers "Refund": a booking's completed payment (the server's refusals say why not otherwise). */
export function canRefundPayment(p: Pick<AdminPayment, "status" | "forBooking" | "orderNumber">): boolean {
  return p.forBooking && p.orderNumber === null && p.status === "completed";
}

export type AdminPaymentList = { payments: AdminPayment[]; total: number; page: number; pageSize: number };

/** Why a booking's request awaiting payment offers no "Mark paid", shown in its place on the list. */
export const bookingClosedNotes: Record<Exclude<BookingClosed, null>, string> = {
  cancelled: "Booking cancelled: not to be paid",
  paid: "Booking already paid",
  checking: "A PayPal payment for this booking is being checked",
};

/** Whether the payments list offers "Mark paid" for this payment: the transition table's answer, as the server's guard reads it. */
export function canMarkPaymentPaid(p: Pick<AdminPayment, "method" | "status" | "orderNumber" | "bookingClosed">): boolean {
  return paymentActionsAllowed({ status: p.status, method: p.method, forShopOrder: p.orderNumber !== null, bookingClosed: p.bookingClosed }).includes(
    "mark_paid",
  );
}
