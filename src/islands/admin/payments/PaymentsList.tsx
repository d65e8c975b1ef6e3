/**
 * The page of payments: a table from the `md` breakpoint, a card per payment below it (readable at
 * 360 px): reference code, service, amount, method, who, status, created and paid times, and Mark
 * paid for a request still awaiting its money or the invoice of one paid, and Refund for a booking's
 * completed payment.
 */
import { StatusBadge } from "../../../components/StatusBadge";
import { formatInstant, formatMoneyWithCode } from "../../../domain/format";
import { type AdminPayment, adminPaymentMethodLabels, bookingClosedNotes, canMarkPaymentPaid, canRefundPayment } from "../../../shared/admin-payments";
import { ResponsiveList } from "../parts/ResponsiveList";
import { InvoiceButton } from "../parts/InvoiceButton";

/** Asks to mark `payment` paid; `trigger` gets the focus back when the question closes. */
export type MarkPaid = (payment: AdminPayment, trigger: HTMLElement) => void;
/** Asks to refund `payment` (a booking's completed payment); `trigger` gets the focus back when the question closes. */
export type Refund = (payment: AdminPayment, trigger: HTMLElement) => void;

function Who({ p }: { p: AdminPayment }) {
  return (
    <span className="flex flex-col">
      {p.customerName && <span>{p.customerName}</span>}
      <span className="text-xs break-all text-base-content/80">{p.email ?? "No e-mail"}</span>
    </span>
  );
}

function Times({ p, timeZone }: { p: AdminPayment; timeZone: string }) {
  return (
    <span className="flex flex-col text-sm">
      <span>
        Created <time dateTime={p.createdAt}>{formatInstant(p.createdAt, timeZone)}</time>
      </span>
      {p.paidAt && (
        <span>
          {p.markedPaidBy ? "Marked paid " : "Paid "}
          <time dateTime={p.paidAt}>{formatInstant(p.paidAt, timeZone)}</time>
          {p.markedPaidBy && ` by ${p.markedPaidBy}`}
        </span>
      )}
    </span>
  );
}

function MarkPaidButton({ p, pendingId, onMarkPaid }: { p: AdminPayment; pendingId: string | null; onMarkPaid: MarkPaid }) {
  if (p.invoiceNumber) return <InvoiceButton invoiceNumber={p.invoiceNumber} />;
  // A booking's request the booking no longer takes says why, where "Mark paid" would be.
  if (p.status === "requested" && p.bookingClosed) return <span className="text-sm">{bookingClosedNotes[p.bookingClosed]}</span>;
  if (!canMarkPaymentPaid(p)) return null;
  const pending = pendingId === p.id;
  return (
    <button
      type="button"
      className="btn btn-sm btn-primary"
      disabled={pendingId !== null}
      aria-label={`Mark paid: ${p.referenceCode}`}
      onClick={(e) => onMarkPaid(p, e.currentTarget)}
    >
      {pending ? "Marking paid..." : "Mark paid"}
    </button>
  );
}

/** "Refund" on a booking's completed payment; "Refunding..." while its refund is under way. */
function RefundButton({ p, pendingId, onRefund }: { p: AdminPayment; pendingId: string | null; onRefund: Refund }) {
  if (!canRefundPayment(p)) return null;
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline"
      disabled={pendingId !== null}
      aria-label={`Refund: ${p.referenceCode}`}
      onClick={(e) => onRefund(p, e.currentTarget)}
    >
      {pendingId === p.id ? "Refunding..." : "Refund"}
    </button>
  );
}

/** The row's actions: Mark paid or the invoice, and Refund. */
function Actions({ p, pendingId, refundingId, onMarkPaid, onRefund }: ActionProps & { p: AdminPayment }) {
  return (
    <span className="flex flex-col items-start gap-2">
      <MarkPaidButton p={p} pendingId={pendingId} onMarkPaid={onMarkPaid} />
      <RefundButton p={p} pendingId={refundingId} onRefund={onRefund} />
    </span>
  );
}

type ActionProps = { pendingId: string | null; refundingId: string | null; onMarkPaid: MarkPaid; onRefund: Refund };

export function PaymentsList({
  rows,
  timeZone,
  ...actions
}: {
  rows: AdminPayment[];
  timeZone: string;
} & ActionProps) {
  return (
    <ResponsiveList
      label="Payments"
      columns={["Reference", "For", "Amount", "Method", "Customer", "Status", "When", { hidden: "Actions" }]}
      rows={rows}
      rowKey={(p) => p.id}
      rowTestId="payment-row"
      cardTestId="payment-card"
      row={(p) => (
        <>
          <th scope="row" className="font-mono whitespace-nowrap">
            {p.referenceCode}
          </th>
          <td>{p.orderNumber ? `Order ${p.orderNumber}` : p.serviceName}</td>
          <td className="whitespace-nowrap">{`${formatMoneyWithCode(p.amount, p.currency)}`}</td>
          <td>{adminPaymentMethodLabels[p.method] ?? p.method}</td>
          <td>
            <Who p={p} />
          </td>
          <td>
            <StatusBadge kind="payment" status={p.status} />
          </td>
          <td>
            <Times p={p} timeZone={timeZone} />
          </td>
          <td>
            <Actions p={p} {...actions} />
          </td>
        </>
      )}
      card={(p) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono font-semibold">{p.referenceCode}</span>
            <StatusBadge kind="payment" status={p.status} />
          </div>
          <p className="text-sm break-words">
            {p.orderNumber ? `Order ${p.orderNumber}` : p.serviceName}: {`${formatMoneyWithCode(p.amount, p.currency)}`},{" "}
            {adminPaymentMethodLabels[p.method] ?? p.method}
          </p>
          <Who p={p} />
          <Times p={p} timeZone={timeZone} />
          <Actions p={p} {...actions} />
        </>
      )}
    />
  );
}
