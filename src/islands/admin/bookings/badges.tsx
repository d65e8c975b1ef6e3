/** A booking's status badge, in the list and the dialog: the words and a colour each. */
import type { BookingStatus } from "../../../domain/booking";
import { bookingStatusLabels } from "../../../shared/admin-bookings";

const colours: Record<BookingStatus, string> = {
  pending: "badge-warning",
  confirmed: "badge-info",
  completed: "badge-success",
  cancelled: "badge-neutral",
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`badge h-auto min-h-5 ${colours[status]}`}>{bookingStatusLabels[status]}</span>;
}
