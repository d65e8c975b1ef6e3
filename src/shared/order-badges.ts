/**
 * The badges an order wears in the portal's list and its dialog, read from its status and its
 * payment together: a closed order says only how it ended (a cancelled order is "Cancelled", never
 * also "Not paid yet"), an order moving on says where it is, and the payment is named beside it only
 * where it adds something (on hold, a failed attempt, or a state the table would not lead to).
 */
import type { OrderState } from "../domain/order";
import { type StatusBadgeLook, statusBadges } from "./status-badges";

export function orderBadges({ status, paymentStatus }: OrderState): StatusBadgeLook[] {
  const state = statusBadges.order[status];
  const payment = statusBadges.orderPayment[paymentStatus];
  switch (status) {
    case "cancelled":
      return [state];
    case "refunded":
      // Until the owner sends a refund paid back by hand, the order says it is still owed.
      return paymentStatus === "refund_owed" ? [state, payment] : [state];
    case "pending":
      // "Awaiting payment" says it already; a failed attempt is worth saying.
      return paymentStatus === "pending" ? [state] : [state, payment];
    case "on_hold":
      // Waiting for the ID check, paid or not: the owner needs both.
      return [state, payment];
    case "processing":
    case "shipped":
    case "delivered":
      return paymentStatus === "paid" ? [state] : [state, payment];
  }
}
