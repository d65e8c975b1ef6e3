/**
 * The customer's record (decision 076): their standing, then everything the business holds about
 * them, read once from the API when the dialog opens (query key = the URL): their orders, bookings,
 * enquiries (sent from their address), payments and the notes on those, each a link to its own
 * record, the newest first with a link to the rest in its list; then the notes on the customer.
 */
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { StatusBadge } from "../../../components/StatusBadge";
import { formatDate, formatInstant, formatInstantDate, formatMoney, formatTime } from "../../../domain/format";
import { adminPaymentMethodLabels } from "../../../shared/admin-payments";
import { type AdminRecordList, adminRecordPath } from "../../../shared/admin-records";
import { type AdminCustomerRecord, type AdminUserView, adminUserName, type CustomerRecordPart } from "../../../shared/admin-users";
import { caseNoteRecordNames } from "../../../shared/admin-notes";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { CaseNotes } from "../parts/CaseNotes";

export type UserDetailsDialogProps = { user: AdminUserView; timeZone: string; onClose: () => void };

const muted = "text-sm text-base-content/80";

/** One part of the record: its title with how many, its newest entries, and a link to all of them in their list. */
function Part<T>({
  title,
  part,
  empty,
  all,
  testId,
  render,
}: {
  title: string;
  part: CustomerRecordPart<T>;
  empty: string;
  /** The list with all of them, and its name ("Orders"). */
  all: { href: string; name: string };
  testId: string;
  render: (item: T) => ReactNode;
}) {
  return (
    <section className="space-y-2" data-testid={testId}>
      <h3 className="font-semibold">{`${title} (${part.total})`}</h3>
      {part.items.length === 0 ? (
        <p className={muted}>{empty}</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {part.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the entries are listed once, in the server's order.
            <li key={i} className="flex flex-wrap items-center justify-between gap-2 p-3">
              {render(item)}
            </li>
          ))}
        </ul>
      )}
      {part.total > part.items.length && (
        <p className="text-sm">
          {`Showing the newest ${part.items.length} of ${part.total}. `}
          <a className="link" href={all.href}>{`See them all in ${all.name}`}</a>
        </p>
      )}
    </section>
  );
}

/** The first line of an entry: a link to its own record. */
function RecordLink({ list, recordKey, children }: { list: AdminRecordList; recordKey: string; children: ReactNode }) {
  return (
    <a className="link font-medium break-words" href={adminRecordPath(list, recordKey)}>
      {children}
    </a>
  );
}

function Record({ user, record, timeZone }: { user: AdminUserView; record: AdminCustomerRecord; timeZone: string }) {
  const search = encodeURIComponent(user.email);
  return (
    <>
      <Part
        title="Orders"
        testId="user-orders"
        part={record.orders}
        empty="No orders yet."
        all={{ href: `/admin/orders?search=${search}`, name: "Orders" }}
        render={(o) => (
          <>
            <div className="min-w-0">
              <RecordLink list="orders" recordKey={o.orderNumber}>{`${o.orderNumber} · ${formatMoney(o.totalAmount, o.currency)}`}</RecordLink>
              <p className={muted}>{formatInstantDate(o.createdAt, timeZone)}</p>
            </div>
            <StatusBadge kind="order" status={o.status} />
          </>
        )}
      />
      <Part
        title="Bookings"
        testId="user-bookings"
        part={record.bookings}
        empty="No bookings yet."
        all={{ href: `/admin/bookings?when=all&search=${search}`, name: "Bookings" }}
        render={(b) => (
          <>
            <div className="min-w-0">
              <RecordLink list="bookings" recordKey={b.key}>
                {b.reference ? `${b.reference} · ${b.serviceName}` : b.serviceName}
              </RecordLink>
              <p className={muted}>{`${formatDate(b.appointmentDate, "short")}, ${formatTime(b.appointmentTime)}`}</p>
            </div>
            <StatusBadge kind="booking" status={b.status} />
          </>
        )}
      />
      <Part
        title="Enquiries"
        testId="user-enquiries"
        part={record.enquiries}
        empty="No enquiries from this address."
        all={{ href: `/admin/contacts?status=all&search=${search}`, name: "Enquiries" }}
        render={(e) => (
          <>
            <div className="min-w-0">
              <RecordLink list="contacts" recordKey={e.id}>
                {e.serviceLabel}
              </RecordLink>
              <p className={muted}>{`From ${e.name}, ${formatInstant(e.createdAt, timeZone)} · ${e.handledAt ? "Handled" : "Not handled yet"}`}</p>
            </div>
            <StatusBadge kind="contactUrgency" status={e.urgency as "normal"} />
          </>
        )}
      />
      <Part
        title="Payments"
        testId="user-payments"
        part={record.payments}
        empty="No payments yet."
        all={{ href: "/admin/payments", name: "Payments" }}
        render={(p) => {
          const line = `${p.referenceCode} · ${formatMoney(p.amount, p.currency)}`;
          return (
            <>
              <div className="min-w-0">
                {p.orderNumber ? (
                  <RecordLink list="orders" recordKey={p.orderNumber}>
                    {line}
                  </RecordLink>
                ) : p.bookingKey ? (
                  <RecordLink list="bookings" recordKey={p.bookingKey}>
                    {line}
                  </RecordLink>
                ) : (
                  <p className="font-medium break-words">{line}</p>
                )}
                <p className={muted}>
                  {`${p.orderNumber ? `For order ${p.orderNumber}` : p.serviceName} · ${adminPaymentMethodLabels[p.method] ?? p.method} · ${formatInstantDate(p.createdAt, timeZone)}`}
                </p>
              </div>
              <StatusBadge kind="payment" status={p.status} />
            </>
          );
        }}
      />
      <section className="space-y-2" data-testid="user-record-notes">
        <h3 className="font-semibold">Notes on their orders, bookings and enquiries</h3>
        {record.notes.length === 0 ? (
          <p className={muted}>No notes on their records.</p>
        ) : (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300">
            {record.notes.map((n) => (
              <li key={n.id} className="space-y-1 p-3 text-sm">
                <p className="break-words whitespace-pre-line">{n.body}</p>
                <p className="text-base-content/80">
                  {`${n.adminUsername}, ${formatInstant(n.createdAt, timeZone)}, on the `}
                  <a className="link" href={adminRecordPath(n.list, n.recordKey)}>
                    {`${caseNoteRecordNames[n.list]} ${n.list === "contacts" ? "" : n.recordKey}`.trim()}
                  </a>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The record, with its skeleton while it loads and an alert when it could not be. */
function RecordParts({ user, timeZone }: { user: AdminUserView; timeZone: string }) {
  const query = useQuery<AdminCustomerRecord>({ queryKey: [`/api/admin/users/${encodeURIComponent(user.id)}/record`] });
  return (
    <div className="space-y-5" aria-busy={query.isPending}>
      {query.isPending && <div className="skeleton h-48 w-full" aria-hidden="true" />}
      {query.isError && (
        <p role="alert" className="text-sm text-error">
          Their orders, bookings, enquiries and payments could not be loaded.
        </p>
      )}
      {query.data && <Record user={user} record={query.data} timeZone={timeZone} />}
    </div>
  );
}

/** The user's e-mail under a dialog's title, broken anywhere so a long one fits at 360 px. */
export function EmailLine({ email }: { email: string }) {
  return <p className="text-sm break-all text-base-content/80">{email}</p>;
}

export function UserDetailsDialog({ user, timeZone, onClose }: UserDetailsDialogProps) {
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
      <RecordParts user={user} timeZone={timeZone} />
      <CaseNotes list="users" recordKey={user.id} timeZone={timeZone} />
    </DialogFrame>
  );
}
