/**
 * What deleting an account does to each of the customer's bookings and orders (decision 066), as
 * pure rules: the account page lists it before the customer confirms, the deletion follows it in
 * its transaction, and the business's e-mail reports it. Nothing the business has promised or been
 * paid for is cancelled silently: such a booking or order must be settled with the business first.
 */
import { isActiveBooking } from "./booking-transitions";
import type { OrderPaymentStatus, OrderStatus } from "./order";
import { orderMayBeCancelled } from "./order";
import type { PaymentStatus } from "./payment";

/**
 * - `cancelled`: ends with the account (an unconfirmed, unpaid booking still to come; an unpaid order).
 * - `kept`: stays as the business's record, with no name, contact details or address.
 * - `blocks`: the account cannot be deleted until the business has settled it with the customer.
 */
export type DeletionFate = "cancelled" | "kept" | "blocks";

export type DeletionBookingInput = {
  id: string;
  reference: string | null;
  serviceName: string;
  appointmentDate: string;
  appointmentTime: string;
  status: string;
  /** Whether its start is still to come. */
  upcoming: boolean;
  /** The statuses of the payments recorded for it. */
  paymentStatuses: readonly PaymentStatus[];
};

export type DeletionOrderInput = { orderNumber: string; status: OrderStatus; paymentStatus: OrderPaymentStatus };

export type BookingOutcome = Omit<DeletionBookingInput, "paymentStatuses" | "upcoming"> & {
  fate: DeletionFate;
  /** Why, in the customer's words (the account page). */
  why: string;
  /** A payment was asked for or started and has not arrived: the business may yet receive money for it. */
  paymentAwaited: boolean;
};
export type OrderOutcome = DeletionOrderInput & { fate: DeletionFate; why: string };

export type DeletionPlan = { bookings: BookingOutcome[]; orders: OrderOutcome[]; blocked: boolean };

/** Payment statuses where money has arrived, or may have been taken and is still being checked. */
const moneyTaken: readonly PaymentStatus[] = ["completed", "review", "unknown"];
/** Payment statuses of a payment asked for or started that has not arrived. */
const moneyAwaited: readonly PaymentStatus[] = ["requested", "created"];

const keptWhy = "Kept for our records, without your name or contact details.";
const refundOwedWhy = "We still owe you a refund for it and need your details to send it: once it is sent, you can delete your account.";

/** What happens to one booking. */
export function bookingFate(b: DeletionBookingInput): { fate: DeletionFate; why: string } {
  // The business needs the customer's details to send a refund it owes (decision 084).
  if (b.paymentStatuses.includes("refund_owed")) return { fate: "blocks", why: refundOwedWhy };
  if (!b.upcoming || !isActiveBooking(b.status)) return { fate: "kept", why: keptWhy };
  if (b.paymentStatuses.includes("completed"))
    return { fate: "blocks", why: "Paid. Ask us to cancel it and return your payment first; then you can delete your account." };
  if (b.paymentStatuses.some((s) => moneyTaken.includes(s)))
    return { fate: "blocks", why: "Your payment for it is still being checked. Please contact us before deleting your account." };
  if (b.status === "confirmed")
    return { fate: "blocks", why: "Confirmed: we are holding this time for you. Ask us to cancel it first; then you can delete your account." };
  if (b.paymentStatuses.some((s) => moneyAwaited.includes(s)))
    return {
      fate: "cancelled",
      why: "Cancelled and its time freed. You asked how to pay for it: if you have already sent money, contact us before deleting so we can return it.",
    };
  return { fate: "cancelled", why: "Cancelled and its time freed (it was not yet confirmed or paid)." };
}

/** What happens to one order. */
export function orderFate(o: DeletionOrderInput): { fate: DeletionFate; why: string } {
  if (o.paymentStatus === "refund_owed") return { fate: "blocks", why: refundOwedWhy };
  if (orderMayBeCancelled(o, "customer")) return { fate: "cancelled", why: "Cancelled (nothing was paid) and its items put back in stock." };
  if (o.paymentStatus === "paid" && (o.status === "processing" || o.status === "on_hold"))
    return {
      fate: "blocks",
      why: "Paid and not yet sent: we need your address to send it. Delete your account once it has arrived, or ask us to cancel and refund it.",
    };
  return { fate: "kept", why: o.status === "shipped" ? `On its way to you. ${keptWhy}` : keptWhy };
}

/** The whole plan: every booking's and order's fate, and whether anything stops the deletion. */
export function deletionPlan(bookings: readonly DeletionBookingInput[], orders: readonly DeletionOrderInput[]): DeletionPlan {
  const b = bookings.map((booking) => {
    const { paymentStatuses: _payments, upcoming: _upcoming, ...shown } = booking;
    return { ...shown, ...bookingFate(booking), paymentAwaited: booking.paymentStatuses.some((s) => moneyAwaited.includes(s)) };
  });
  const o = orders.map((order) => ({ ...order, ...orderFate(order) }));
  return { bookings: b, orders: o, blocked: [...b, ...o].some((x) => x.fate === "blocks") };
}
