/** What the order dialog shows of an order: totals, items, addresses, the payments paying it and its history. */
import type { ReactNode } from "react";
import { formatInstant, formatMoney, formatMoneyWithCode } from "../../../domain/format";
import { type AdminOrderDetail, markedPaidBy } from "../../../shared/admin-orders";
import { paymentMethodLabels, type OrderPaymentMethod } from "../../../shared/checkout";
import { carrierLabels, idDocumentLabels, orderStatusLabels, paymentStatusLabels, type OrderAddressView } from "../../../shared/orders";
import { PostalAddress } from "../../../components/PostalAddress";
import { CustomerLink } from "../parts/CustomerLink";
import { DetailRow } from "../parts/record-parts";
import { InvoiceButton } from "../parts/InvoiceButton";

/** The details' labels, quieter than their values. */
const muted = "text-base-content/80";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Address({ title, address }: { title: string; address: OrderAddressView }) {
  return (
    <div>
      <h4 className="text-sm font-semibold text-base-content/80">{title}</h4>
      <PostalAddress address={address} className="text-sm not-italic break-words" />
    </div>
  );
}

export function OrderDetails({ order, timeZone }: { order: AdminOrderDetail; timeZone: string }) {
  const markedPaid = markedPaidBy(order.history);
  const method = order.paymentMethod ? (paymentMethodLabels[order.paymentMethod as OrderPaymentMethod] ?? order.paymentMethod) : "Not chosen";
  return (
    <div className="space-y-5">
      <CustomerLink list="orders" recordKey={order.orderNumber} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <DetailRow label="Customer" labelClassName={muted} className="break-words">
          {order.customer.name}
          {order.customer.email && <span className="block break-all text-base-content/80">{order.customer.email}</span>}
        </DetailRow>
        <DetailRow label="Placed" labelClassName={muted}>
          {formatInstant(order.createdAt, timeZone)}
        </DetailRow>
        <DetailRow label="Payment method" labelClassName={muted}>
          {method}
        </DetailRow>
        {order.trackingNumber && (
          <DetailRow label="Tracking" labelClassName={muted} className="break-all">
            {order.carrier && `${carrierLabels[order.carrier]} `}
            {order.trackingUrl ? (
              <a className="link font-mono" href={order.trackingUrl} target="_blank" rel="noreferrer">
                {order.trackingNumber}
              </a>
            ) : (
              <span className="font-mono">{order.trackingNumber}</span>
            )}
          </DetailRow>
        )}
        {order.verification && (
          <DetailRow label="ID check" labelClassName={muted} className="break-words">
            {`${order.verification.document ? `${idDocumentLabels[order.verification.document]} sighted` : "Verified"} by ${order.verification.by ?? "an admin"} on ${formatInstant(order.verification.at, timeZone)}`}
          </DetailRow>
        )}
        {order.notes && (
          <DetailRow label="Customer's notes" labelClassName={muted} className="break-words whitespace-pre-line">
            {order.notes}
          </DetailRow>
        )}
      </dl>

      <Section title="Items">
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 text-sm" data-testid="order-items">
          {order.items.map((item) => (
            <li key={`${item.productId ?? "gone"}-${item.name}`} className="flex flex-wrap justify-between gap-2 p-3">
              <span className="min-w-0 break-words">
                {`${item.quantity} × ${item.name}`}
                {item.requiresVerification && <span className="badge badge-sm badge-warning ms-2">ID check</span>}
              </span>
              <span className="whitespace-nowrap">{formatMoney(item.totalPrice, order.currency)}</span>
            </li>
          ))}
        </ul>
        <dl className="ms-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 text-sm">
          <dt>Subtotal</dt>
          <dd className="text-end">{formatMoney(order.subtotal, order.currency)}</dd>
          {Number(order.discountAmount) > 0 && (
            <>
              <dt>Discount</dt>
              <dd className="text-end">{`−${formatMoney(order.discountAmount, order.currency)}`}</dd>
            </>
          )}
          <dt>Shipping</dt>
          <dd className="text-end">{formatMoney(order.shippingAmount, order.currency)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-end font-semibold">{formatMoney(order.totalAmount, order.currency)}</dd>
          {Number(order.taxAmount) > 0 && (
            <>
              <dt className="text-base-content/80">GST included</dt>
              <dd className="text-end text-base-content/80">{formatMoney(order.taxAmount, order.currency)}</dd>
            </>
          )}
        </dl>
      </Section>

      <Section title="Addresses">
        <div className="grid gap-4 sm:grid-cols-2">
          <Address title="Shipping" address={order.shippingAddress} />
          <Address title="Billing" address={order.billingAddress} />
        </div>
      </Section>

      <Section title="Payments">
        {markedPaid && (
          <p className="text-sm" data-testid="order-marked-paid">
            {`Marked paid (${method}) by ${markedPaid.admin ?? "an admin no longer here"} on ${formatInstant(markedPaid.at, timeZone)}.`}
          </p>
        )}
        {order.invoiceNumber && (
          <p className="mb-2 flex flex-wrap items-center gap-2 text-sm">
            <InvoiceButton invoiceNumber={order.invoiceNumber} />
            {order.paymentStatus === "refunded" && <span>The order was refunded; its invoice keeps its number.</span>}
            {order.paymentStatus === "refund_owed" && <span>Its refund is owed: send it, then mark it sent on the dashboard's to-do list.</span>}
          </p>
        )}
        {order.payments.length === 0 ? (
          !markedPaid && <p className="text-sm text-base-content/80">No payment recorded yet.</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="order-payments">
            {order.payments.map((p) => (
              <li key={p.id} className="break-words">
                {`${p.method} · ${formatMoneyWithCode(p.amount, p.currency)} · ${p.status} · ${p.referenceCode}`}
                {p.providerCaptureId && <span className="block text-xs break-all text-base-content/80">{`Capture ${p.providerCaptureId}`}</span>}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="History">
        <ol className="space-y-2 text-sm" data-testid="order-history">
          {order.history.map((e) => (
            <li key={`${e.at}-${e.status}-${e.paymentStatus}-${e.note ?? ""}`} className="border-s-2 border-base-300 ps-3">
              <span className="block font-medium">{`${orderStatusLabels[e.status]} · ${paymentStatusLabels[e.paymentStatus]}`}</span>
              <span className="block text-base-content/80">
                {`${formatInstant(e.at, timeZone)} · ${e.actor === "admin" ? (e.admin ?? "an admin") : e.actor === "customer" ? "the customer" : "the site"}`}
              </span>
              {e.note && <span className="block break-words">{e.note}</span>}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}
