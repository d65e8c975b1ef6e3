/**
 * The details dialog of one user: their standing, and their 3 most recent bookings and 5 most
 * recent orders, each read from the API when the dialog opens (query key = the URL).
 */
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { StatusBadge } from "../../../components/StatusBadge";
import { formatDate, formatInstantDate, formatTime } from "../../../domain/format";
import { type AdminUserBooking, type AdminUserOrder, type AdminUserView, adminUserName } from "../../../shared/admin-users";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { CaseNotes } from "../parts/CaseNotes";
import { useMoney } from "../parts/money";

export type UserDetailsDialogProps = { user: AdminUserView; timeZone: string; onClose: () => void };

function Section<T>({ title, url, empty, render }: { title: string; url: string; empty: string; render: (items: T[]) => ReactNode }) {
  const query = useQuery<T[]>({ queryKey: [url] });
  return (
    <section className="space-y-2" aria-busy={query.isPending}>
      <h3 className="font-semibold">{title}</h3>
      {query.isPending && <div className="skeleton h-16 w-full" aria-hidden="true" />}
      {query.isError && (
        <p role="alert" className="text-sm text-error">
          {`${title} could not be loaded.`}
        </p>
      )}
      {query.data && (query.data.length === 0 ? <p className="text-sm text-base-content/80">{empty}</p> : render(query.data))}
    </section>
  );
}

function BookingList({ bookings }: { bookings: AdminUserBooking[] }) {
  const money = useMoney();
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300" data-testid="user-bookings">
      {bookings.map((b) => (
        <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <div className="min-w-0">
            <p className="font-medium">{b.serviceName}</p>
            <p className="text-sm text-base-content/80">{`${formatDate(b.appointmentDate, "short")}, ${formatTime(b.appointmentTime)} · ${money(b.servicePrice)}`}</p>
          </div>
          <StatusBadge kind="booking" status={b.status} />
        </li>
      ))}
    </ul>
  );
}

function OrderList({ orders, timeZone }: { orders: AdminUserOrder[]; timeZone: string }) {
  const money = useMoney();
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300" data-testid="user-orders">
      {orders.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <div className="min-w-0">
            <p className="font-medium">{`${o.orderNumber} · ${money(o.totalAmount)}`}</p>
            <p className="text-sm text-base-content/80">{formatInstantDate(o.createdAt, timeZone)}</p>
            <p className="text-sm break-words">{o.items.map((i) => `${i.quantity} × ${i.name}`).join(", ") || "No items"}</p>
          </div>
          <StatusBadge kind="order" status={o.status} />
        </li>
      ))}
    </ul>
  );
}

/** The user's e-mail under a dialog's title, broken anywhere so a long one fits at 360 px. */
export function EmailLine({ email }: { email: string }) {
  return <p className="text-sm break-all text-base-content/80">{email}</p>;
}

export function UserDetailsDialog({ user, timeZone, onClose }: UserDetailsDialogProps) {
  const base = `/api/admin/users/${encodeURIComponent(user.id)}`;
  const { ref, close } = useModal();
  return (
    <DialogFrame
      modalRef={ref}
      close={close}
      title={adminUserName(user)}
      subtitle={<EmailLine email={user.email} />}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={close}>
          Close
        </button>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/80">Status</dt>
        <dd>{user.suspendedAt ? `Suspended since ${formatInstantDate(user.suspendedAt, timeZone)}` : "Active"}</dd>
        <dt className="text-base-content/80">Customer</dt>
        <dd>{user.isNewCustomer ? "New Customer" : "Returning Customer"}</dd>
        <dt className="text-base-content/80">Joined</dt>
        <dd>{formatInstantDate(user.createdAt, timeZone)}</dd>
      </dl>
      <Section<AdminUserBooking>
        title="Recent bookings"
        url={`${base}/bookings`}
        empty="No bookings yet."
        render={(bookings) => <BookingList bookings={bookings} />}
      />
      <Section<AdminUserOrder>
        title="Recent orders"
        url={`${base}/orders`}
        empty="No orders yet."
        render={(orders) => <OrderList orders={orders} timeZone={timeZone} />}
      />
      <CaseNotes list="users" recordKey={user.id} timeZone={timeZone} />
    </DialogFrame>
  );
}
