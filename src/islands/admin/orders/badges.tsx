/** The status and payment badges of an order, in the list and the dialog: the customer's words, a colour each. */
import type { OrderPaymentStatus, OrderStatus } from "../../../domain/order";
import { orderStatusLabels, paymentStatusLabels } from "../../../shared/orders";

const statusColours: Record<OrderStatus, string> = {
  pending: "badge-warning",
  on_hold: "badge-warning",
  processing: "badge-info",
  shipped: "badge-primary",
  delivered: "badge-success",
  cancelled: "badge-neutral",
  refunded: "badge-neutral",
};

const paymentColours: Record<OrderPaymentStatus, string> = {
  pending: "badge-warning badge-outline",
  paid: "badge-success badge-outline",
  refunded: "badge-neutral badge-outline",
  failed: "badge-error badge-outline",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge h-auto min-h-5 ${statusColours[status]}`}>{orderStatusLabels[status]}</span>;
}

export function PaymentBadge({ status }: { status: OrderPaymentStatus }) {
  return <span className={`badge h-auto min-h-5 ${paymentColours[status]}`}>{paymentStatusLabels[status]}</span>;
}
