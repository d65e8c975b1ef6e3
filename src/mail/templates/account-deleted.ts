/**
 * The business's notice that a customer deleted their account (decision 066): which of their
 * bookings and orders were cancelled and which stay as records without the customer's details. It
 * names no person: their name and addresses are gone from every record, this message included.
 */
import type { BookingOutcome, DeletionPlan, OrderOutcome } from "../../domain/account-deletion";
import { formatAppointment, timeZoneCity } from "../../domain/format";
import { bookingStatusLabels } from "../../shared/admin-bookings";
import { adminRecordPath, bookingRecordKey } from "../../shared/admin-records";
import { orderStatusLabels } from "../../shared/orders";
import type { MailMessage } from "../outbox.server";
import { plainText } from "./layout";

export type AccountDeletedAlertInput = {
  plan: Pick<DeletionPlan, "bookings" | "orders">;
  businessEmail: string;
  origin: string;
  timeZone: string;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The business's notice of a deleted account that had bookings or orders. */
export function accountDeletedAlert(input: AccountDeletedAlertInput): MailMessage {
  const { plan, origin } = input;
  const zone = ` (${timeZoneCity(input.timeZone)} time)`;
  const status = (b: BookingOutcome) => {
    const label = bookingStatusLabels[b.status as keyof typeof bookingStatusLabels] ?? b.status;
    return b.fate === "cancelled" ? `was ${label.toLowerCase()}` : label.toLowerCase();
  };
  const booking = (b: BookingOutcome) => [
    `- ${b.reference ?? "Booking"}: ${b.serviceName}, ${formatAppointment(b.appointmentDate, b.appointmentTime)}${zone}, ${status(b)}`,
    ...(b.fate === "cancelled" && b.paymentAwaited
      ? ["  A payment for it was asked for and has not arrived. The customer was told to contact you first if they had already sent money."]
      : []),
    `  ${origin}${adminRecordPath("bookings", bookingRecordKey(b))}`,
  ];
  const order = (o: OrderOutcome) => [`- ${o.orderNumber}: ${orderStatusLabels[o.status]}`, `  ${origin}${adminRecordPath("orders", o.orderNumber)}`];
  const section = <T extends { fate: string }>(title: string, rows: readonly T[], line: (row: T) => string[]) =>
    rows.length === 0 ? [] : ["", title, ...rows.flatMap(line)];
  const cancelledBookings = plan.bookings.filter((b) => b.fate === "cancelled");
  const cancelledOrders = plan.orders.filter((o) => o.fate === "cancelled");
  const kept = plan.bookings.length - cancelledBookings.length + plan.orders.length - cancelledOrders.length;
  const cancelled = cancelledBookings.length + cancelledOrders.length;
  return {
    to: input.businessEmail,
    subject: `A customer deleted their account: ${plural(cancelled, "booking or order", "bookings or orders")} cancelled, ${plural(kept, "record", "records")} kept`,
    text: plainText([
      "A customer deleted their account on the website. Their name, e-mail address, phone numbers, addresses and notes are gone from the records below, which stay for your books.",
      "Nothing confirmed or paid was cancelled: an account cannot be deleted while it has a confirmed or paid booking still to come, or a paid order not yet sent.",
      ...section("Bookings cancelled (their times are free to book again):", cancelledBookings, booking),
      ...section(
        "Bookings kept as records:",
        plan.bookings.filter((b) => b.fate !== "cancelled"),
        booking,
      ),
      ...section("Orders cancelled (nothing was paid; their items are back in stock):", cancelledOrders, order),
      ...section(
        "Orders kept as records:",
        plan.orders.filter((o) => o.fate !== "cancelled"),
        order,
      ),
    ]),
  };
}
