/**
 * The page of bookings: a table from the `md` breakpoint, a card per booking below it (readable at
 * 360 px). Each appointment is a button that opens the booking's dialog, with the booking's
 * reference under it: what a caller quotes. The date carries its year when it is not this year's,
 * and the phone is a link that calls the customer from a phone.
 */
import { formatListDate, formatTime } from "../../../domain/format";
import { type AdminBookingRow, bookingName } from "../../../shared/admin-bookings";
import { DialogButton } from "../parts/DialogButton";
import { ResponsiveList } from "../parts/ResponsiveList";
import { StatusBadge } from "../../../components/StatusBadge";
import { useBookingMoney } from "./booking-money";

export type OpenBooking = (booking: AdminBookingRow, trigger: HTMLButtonElement) => void;

const when = (b: AdminBookingRow, timeZone: string) => `${formatListDate(b.appointmentDate, timeZone)} ${formatTime(b.appointmentTime)}`;

function OpenButton({ booking, timeZone, onOpen, className }: { booking: AdminBookingRow; timeZone: string; onOpen: OpenBooking; className: string }) {
  return (
    <DialogButton
      className={className}
      label={`Booking ${bookingName(booking)} of ${booking.customerName} on ${when(booking, timeZone)}`}
      onOpen={(trigger) => onOpen(booking, trigger)}
    >
      {when(booking, timeZone)}
    </DialogButton>
  );
}

/** The customer's phone as a link that calls it. */
function Phone({ phone, className }: { phone: string; className: string }) {
  return (
    <a className={`link whitespace-nowrap ${className}`} href={`tel:${phone.replace(/[^\d+]/g, "")}`} data-testid="booking-phone">
      {phone}
    </a>
  );
}

/** The booking's reference in the type callers read it from. */
function Reference({ b }: { b: AdminBookingRow }) {
  return <span className="block font-mono text-xs text-base-content/80">{bookingName(b)}</span>;
}

function Price({ b }: { b: AdminBookingRow }) {
  const money = useBookingMoney();
  return (
    <span className="whitespace-nowrap">
      {money(b.servicePrice, b)}
      {b.discountApplied && b.originalPrice && <span className="block text-xs text-base-content/80">{`list ${money(b.originalPrice, b)}`}</span>}
    </span>
  );
}
export function BookingsList({ rows, timeZone, onOpen }: { rows: AdminBookingRow[]; timeZone: string; onOpen: OpenBooking }) {
  return (
    <ResponsiveList
      label="Bookings"
      columns={["Appointment", "Customer", "Service", "Price", "Status", "Notes"]}
      rows={rows}
      rowKey={(b) => b.id}
      rowTestId="booking-row"
      cardTestId="booking-card"
      row={(b) => (
        <>
          <th scope="row">
            <OpenButton booking={b} timeZone={timeZone} onOpen={onOpen} className="link link-primary whitespace-nowrap" />
            <Reference b={b} />
          </th>
          <td>
            <span className="flex flex-col">
              <span>{b.customerName}</span>
              {(b.contactEmail ?? b.customerEmail) && <span className="text-xs break-all text-base-content/80">{b.contactEmail ?? b.customerEmail}</span>}
              {b.contactPhone && <Phone phone={b.contactPhone} className="text-xs" />}
            </span>
          </td>
          <td>{b.serviceName}</td>
          <td>
            <Price b={b} />
          </td>
          <td>
            <StatusBadge kind="booking" status={b.status} />
          </td>
          <td className="max-w-48 truncate" title={b.notes ?? undefined}>
            {b.notes ?? ""}
          </td>
        </>
      )}
      card={(b) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <OpenButton booking={b} timeZone={timeZone} onOpen={onOpen} className="btn btn-sm btn-outline" />
              <Reference b={b} />
            </span>
            <StatusBadge kind="booking" status={b.status} />
          </div>
          <p className="text-sm break-words">
            {b.customerName}
            {(b.contactEmail ?? b.customerEmail) && <span className="block text-xs break-all text-base-content/80">{b.contactEmail ?? b.customerEmail}</span>}
            {b.contactPhone && <Phone phone={b.contactPhone} className="block w-fit py-1" />}
          </p>
          <p className="flex flex-wrap justify-between gap-2 text-sm">
            <span>{b.serviceName}</span>
            <Price b={b} />
          </p>
        </>
      )}
    />
  );
}
