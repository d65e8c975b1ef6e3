/**
 * One of the customer's orders (/orders/{orderNumber}): what happens next (how to pay, the ID
 * check, the tracking link), the items as they were ordered, totals, addresses, the history, and
 * the cancel form (a plain POST with a confirmation step, so it works with JavaScript off).
 */
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import { AmountRow } from "../components/OrderSummary";
import { StatusBadge } from "../components/StatusBadge";
import type { SiteData } from "../components/site";
import { TitledCard } from "../components/TitledCard";
import { formatInstant, formatMoney, formatMoneyWithCode, timeZoneCity } from "../domain/format";
import { manualPaymentInstructions } from "../domain/payment-instructions";
import { type BankAccount, methodsOnOffer } from "../domain/payment-methods";
import { manifest } from "../server/assets.server";
import { paymentMethodLabels, type OrderPaymentMethod } from "../shared/checkout";
import { carrierLabels, orderPagePath, orderStatusLabels, paymentStatusLabels, type OrderAddressView, type OrderView } from "../shared/orders";
import type { PageDefinition } from "./page";
import { productPath } from "./product";
import { PostalAddress } from "../components/PostalAddress";
import { orderInvoiceLinkLabel, orderInvoicePath } from "./invoice";
import { BackLink } from "../components/BackLink";

type OrderNotice = { tone: "success" | "info" | "error"; text: string };

export const orderNotices: Record<string, OrderNotice> = {
  cancelled: { tone: "success", text: "Your order was cancelled." },
  notCancelled: { tone: "error", text: "This order can no longer be cancelled: it has been paid, shipped or closed." },
};

/**
 * Where an order stands for its customer, from its status and its payment together: a refunded
 * payment ends the order whatever its status says, and a paid order on hold is no longer waiting
 * for money. Every wording on the page (notice, badge, next steps) follows this one reading.
 */
export type OrderStage = "awaiting_payment" | "awaiting_id" | "paid_awaiting_id" | "preparing" | "shipped" | "delivered" | "cancelled" | "refunded";

export function orderStage(order: Pick<OrderView, "status" | "paymentStatus">): OrderStage {
  if (order.status === "refunded" || order.paymentStatus === "refunded") return "refunded";
  switch (order.status) {
    case "pending":
      return "awaiting_payment";
    case "on_hold":
      return order.paymentStatus === "paid" ? "paid_awaiting_id" : "awaiting_id";
    case "processing":
      return "preparing";
    default:
      return order.status;
  }
}

/**
 * The notice on the page the checkout lands on (?notice=placed). The address stays in the history
 * and the inbox after the order moves on, so the words follow the order as it is now, not the link;
 * a cancelled or refunded order has no notice (its next steps say it once).
 */
const justPlaced: OrderNotice = { tone: "success", text: "Thank you! Your order is placed, and a confirmation is on its way to your inbox." };
const placedNotices: Record<OrderStage, OrderNotice | undefined> = {
  awaiting_payment: justPlaced,
  awaiting_id: justPlaced,
  paid_awaiting_id: { tone: "success", text: "Thank you! Your order is paid; we ship it once your ID is verified." },
  preparing: { tone: "success", text: "Thank you! Your order is paid and we are preparing it." },
  shipped: { tone: "success", text: "Your order is on its way." },
  delivered: { tone: "success", text: "Your order was delivered." },
  cancelled: undefined,
  refunded: undefined,
};

/** The notice a `?notice=` code shows on `order`'s page, if any. */
export function orderNotice(order: Pick<OrderView, "status" | "paymentStatus">, code: string | undefined): OrderNotice | undefined {
  if (code === "placed") return placedNotices[orderStage(order)];
  // Only the codes we wrote: "constructor" and its kind are on every object.
  return code && Object.hasOwn(orderNotices, code) ? orderNotices[code] : undefined;
}

/** The payment badge: its state and, when one was chosen, the method ("Paid · PayPal", "Nothing charged"). */
export function paymentBadgeText(order: Pick<OrderView, "status" | "paymentStatus" | "paymentMethod">): string {
  const label = order.status === "cancelled" && order.paymentStatus === "pending" ? "Nothing charged" : paymentStatusLabels[order.paymentStatus];
  return order.paymentMethod ? `${label} · ${methodLabel(order.paymentMethod)}` : label;
}

const noticeClass: Record<OrderNotice["tone"], string> = { success: "alert-success", info: "alert-info", error: "alert-error" };

/** An amount of this order, in the currency it was priced in. */
const money = (decimal: string, currency: string) => formatMoney(Number(decimal), currency);

export const methodLabel = (method: string | null) => (method ? (paymentMethodLabels[method as OrderPaymentMethod] ?? method) : "—");

function Address({ title, address }: { title: string; address: OrderAddressView }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <PostalAddress address={address} className="not-italic" />
    </div>
  );
}

/**
 * A copy button for one detail. Hidden until the page's script finds a clipboard (form-pending.ts
 * shows it and says in a toast whether the copy worked); without it the value stays selectable text.
 */
function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <button type="button" className="btn btn-outline btn-xs" data-copy={value} data-copy-label={label} hidden>
      Copy<span className="sr-only">{` ${label}`}</span>
    </button>
  );
}

/** The bank transfer's details, one per line, the ones a customer types into their bank with a copy button. */
function BankDetails({ order, bank }: { order: OrderView; bank: BankAccount }) {
  const rows: { label: string; value: string; copy: boolean }[] = [
    { label: "Amount", value: formatMoneyWithCode(order.totalAmount, order.currency), copy: false },
    { label: "Account name", value: bank.accountName, copy: false },
    { label: "BSB", value: bank.bsb, copy: true },
    { label: "Account number", value: bank.accountNumber, copy: true },
    { label: "Reference", value: order.orderNumber, copy: true },
  ];
  return (
    <div className="rounded-box bg-base-200 p-3" data-testid="bank-details">
      <dl className="divide-y divide-base-300">
        {rows.map((r) => (
          <div key={r.label} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
            <dt className="text-sm text-base-content/80">{r.label}</dt>
            <dd className="flex min-w-0 items-center gap-2">
              <span className={r.copy ? "font-mono font-semibold break-all select-all" : "font-semibold break-words"}>{r.value}</span>
              {r.copy && <CopyButton value={r.value} label={r.label} />}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">Transfers usually arrive within one business day; we ship once it has.</p>
    </div>
  );
}

/** What the customer should expect or do now, by the order's status and payment method. */
function NextSteps({ order, site }: { order: OrderView; site: SiteData }) {
  const tz = site.settings.timezone;
  const stage = orderStage(order);
  const unpaid = order.paymentStatus !== "paid" && order.paymentStatus !== "refunded";
  const open = stage === "awaiting_payment" || stage === "awaiting_id";
  const held = order.holdExpiresAt ? (
    <p>{`We hold your items until ${formatInstant(order.holdExpiresAt, tz)} (${timeZoneCity(tz)} time). An order still unpaid then is cancelled and its items go back on sale.`}</p>
  ) : null;
  const idItems = order.items.filter((i) => i.requiresVerification).map((i) => i.name);

  const blocks = [];
  if (stage === "awaiting_id" || stage === "paid_awaiting_id") {
    blocks.push(
      <div key="id" className="space-y-1" data-testid="id-verification">
        <h3 className="font-semibold">ID verification</h3>
        <p>{`${idItems.length > 0 ? idItems.join(", ") : "An item in this order"} can only be sold after we have checked your identity. We will e-mail you to ask for a photo ID (driver's licence or passport); we ship once it is verified. ${stage === "paid_awaiting_id" ? "Your payment has arrived." : "Payment can be made in the meantime."}`}</p>
      </div>,
    );
  }
  if (open && unpaid && order.paymentMethod === "paypal") {
    blocks.push(
      <section key="paypal" id="order-payment" aria-labelledby="order-payment-title" className="space-y-1">
        <h3 id="order-payment-title" className="font-semibold">
          Pay with PayPal
        </h3>
        <p>{`Your order awaits payment of ${money(order.totalAmount, order.currency)} by PayPal. Pay with your PayPal account or a card below; we will e-mail you as soon as the payment is received.`}</p>
        {held}
        <Island name="OrderPayPal" props={{ orderNumber: order.orderNumber, totalAmount: order.totalAmount, currency: order.currency }} />
      </section>,
    );
  } else if (open && unpaid) {
    // The same rule as the checkout and the e-mails (decision 067): real details only.
    const bank = methodsOnOffer(site.settings, { paypalConfigured: false }).bank;
    blocks.push(
      <div key="manual" className="space-y-1" data-testid="payment-instructions">
        <h3 className="font-semibold">{`How to pay by ${methodLabel(order.paymentMethod).toLowerCase()}`}</h3>
        {order.paymentMethod === "bank_transfer" && bank ? (
          <BankDetails order={order} bank={bank} />
        ) : (
          <div className="rounded-box bg-base-200 p-3 font-mono text-sm break-words whitespace-pre-wrap">
            {manualPaymentInstructions(order, site.settings).join("\n")}
          </div>
        )}
        <p>{`Use your order number ${order.orderNumber} as the reference. We will e-mail you once the payment has arrived.`}</p>
        {held}
      </div>,
    );
  }
  if (stage === "preparing")
    blocks.push(<p key="processing">Your payment has arrived and we are preparing your order. We will e-mail you the tracking number once it ships.</p>);
  if (stage === "shipped" || stage === "delivered") {
    blocks.push(
      <div key="tracking" data-testid="tracking">
        <p>
          {stage === "delivered"
            ? order.deliveredAt
              ? `Delivered ${formatInstant(order.deliveredAt, tz)}. `
              : "Your order was delivered. "
            : order.carrier && order.carrier !== "other"
              ? `Your order is on its way with ${carrierLabels[order.carrier]}. `
              : "Your order is on its way. "}
          {order.trackingNumber && order.trackingUrl && order.carrier && (
            <>
              {"Tracking number: "}
              <a className="link font-mono break-all" href={order.trackingUrl} rel="noopener noreferrer" target="_blank">
                {order.trackingNumber}
                <span className="sr-only">{` (opens ${carrierLabels[order.carrier]} tracking in a new tab)`}</span>
              </a>
            </>
          )}
          {order.trackingNumber && !order.trackingUrl && (
            <>
              {"Tracking number: "}
              <span className="font-mono break-all">{order.trackingNumber}</span>
            </>
          )}
        </p>
      </div>,
    );
  }
  if (stage === "cancelled")
    blocks.push(
      <p key="cancelled">
        {order.paymentStatus === "paid"
          ? "Nothing more is needed from you: your payment will be refunded, and the items went back on sale."
          : "Nothing more is needed from you: nothing was charged, and the items went back on sale."}
      </p>,
    );
  if (stage === "refunded")
    blocks.push(
      <p key="refunded">
        {order.paymentStatus === "refund_owed"
          ? // Sent by hand: not "refunded" until the business has sent it (decision 084).
            `Your refund of ${money(order.totalAmount, order.currency)}${order.paymentMethod ? ` paid by ${methodLabel(order.paymentMethod).toLowerCase()}` : ""} is on its way: we send it back the way you paid and e-mail you once it has gone. Nothing more is needed from you.`
          : `We refunded ${money(order.totalAmount, order.currency)}${order.paymentMethod ? ` paid by ${methodLabel(order.paymentMethod).toLowerCase()}` : ""}. The money goes back the way you paid, usually within a few business days. Nothing more is needed from you.`}
      </p>,
    );

  return (
    <section aria-labelledby="next-title" className="card border border-primary/40 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="next-title" className="card-title">
          {stage === "cancelled" || stage === "refunded" ? "This order is closed" : "What happens next"}
        </h2>
        {blocks}
      </div>
    </section>
  );
}

export function orderPage(site: SiteData, order: OrderView, noticeCode?: string): PageDefinition {
  const notice = orderNotice(order, noticeCode);
  const tz = site.settings.timezone;
  return {
    path: orderPagePath(order.orderNumber),
    title: `Order ${order.orderNumber} | ${site.settings.businessName}`,
    description: "Your order, how to pay it and where it is.",
    noindex: true,
    scripts: [manifest.formPending],
    body: (
      <Layout site={site} active="/dashboard">
        <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
          <div>
            <BackLink href="/orders">All orders</BackLink>
            <h1 className="mt-2 text-3xl font-bold break-words">{`Order ${order.orderNumber}`}</h1>
            <p className="text-base-content/80">{`Placed ${formatInstant(order.createdAt, tz)}`}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <StatusBadge kind="order" status={orderStage(order) === "refunded" ? "refunded" : order.status} className="" testId="order-status" />
              {order.status === "cancelled" && order.paymentStatus === "pending" ? (
                // Nothing is owed any more: the cancelled order's neutral colour, not "awaiting payment".
                <StatusBadge kind="order" status="cancelled" className="" testId="payment-status">
                  {paymentBadgeText(order)}
                </StatusBadge>
              ) : (
                <StatusBadge kind="orderPayment" status={order.paymentStatus} className="" testId="payment-status">
                  {paymentBadgeText(order)}
                </StatusBadge>
              )}
            </div>
            {order.invoiceNumber && (
              <p className="mt-3">
                <a href={orderInvoicePath(order.orderNumber)} className="btn btn-outline btn-sm" data-testid="order-invoice-link">
                  {orderInvoiceLinkLabel(order)}
                </a>
              </p>
            )}
          </div>

          {notice && (
            <div role={notice.tone === "error" ? "alert" : "status"} className={`alert ${noticeClass[notice.tone]}`}>
              <p>{notice.text}</p>
            </div>
          )}

          <NextSteps order={order} site={site} />

          <TitledCard id="items" title="Items">
            <ul className="divide-y divide-base-300">
              {order.items.map((i) => (
                <li key={`${i.productId ?? "gone"}-${i.name}`} className="flex justify-between gap-3 py-3" data-testid="order-item">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {i.productId !== null && i.slug ? (
                        <a className="link-hover" href={productPath(i.slug)}>
                          {i.name}
                        </a>
                      ) : (
                        i.name
                      )}
                    </p>
                    <p className="text-sm text-base-content/80">{`${i.quantity} × ${money(i.unitPrice, order.currency)}`}</p>
                    {i.requiresVerification && <p className="badge badge-warning badge-sm">ID Required</p>}
                  </div>
                  <p className="shrink-0 font-semibold">{money(i.totalPrice, order.currency)}</p>
                </li>
              ))}
            </ul>
            <dl className="space-y-1 border-t border-base-300 pt-3">
              <AmountRow label="Subtotal">{money(order.subtotal, order.currency)}</AmountRow>
              {Number(order.discountAmount) > 0 && <AmountRow label="Discount">{`−${money(order.discountAmount, order.currency)}`}</AmountRow>}
              <AmountRow label="Shipping">{Number(order.shippingAmount) > 0 ? money(order.shippingAmount, order.currency) : "Free"}</AmountRow>
              <AmountRow label="Total" className="text-lg font-bold" testId="order-total">
                {money(order.totalAmount, order.currency)}
              </AmountRow>
              {Number(order.taxAmount) > 0 && (
                <AmountRow label="GST included" className="text-sm text-base-content/80">
                  {money(order.taxAmount, order.currency)}
                </AmountRow>
              )}
            </dl>
          </TitledCard>

          <TitledCard id="addresses" title="Addresses">
            <div className="grid gap-4 sm:grid-cols-2">
              <Address title="Shipping to" address={order.shippingAddress} />
              <Address title="Billing" address={order.billingAddress} />
            </div>
            {order.notes && (
              <div>
                <h3 className="font-semibold">Your notes</h3>
                <p className="whitespace-pre-wrap break-words">{order.notes}</p>
              </div>
            )}
          </TitledCard>

          <TitledCard id="history" title="History">
            <ol className="space-y-2">
              {order.history.map((e) => (
                <li key={`${e.at}-${e.status}-${e.paymentStatus}`} className="text-sm">
                  <span className="font-semibold">{orderStatusLabels[e.status]}</span>
                  {` · ${paymentStatusLabels[e.paymentStatus]} · ${formatInstant(e.at, tz)}`}
                  {e.note && <span className="block text-base-content/80">{e.note}</span>}
                </li>
              ))}
            </ol>
          </TitledCard>

          {order.canCancel && (
            <section aria-labelledby="cancel-title" className="card border border-error/40 bg-base-100">
              <div className="card-body">
                <h2 id="cancel-title" className="card-title">
                  Changed your mind?
                </h2>
                <details>
                  <summary className="btn btn-outline btn-error btn-sm">Cancel order</summary>
                  <div className="mt-3 space-y-3">
                    <p>{`Cancel order ${order.orderNumber}? Its items go back on sale, and this cannot be undone.`}</p>
                    <form method="post" action={`${orderPagePath(order.orderNumber)}/cancel`} data-pending>
                      <button type="submit" className="btn btn-error btn-sm" data-pending-label="Cancelling...">
                        Yes, cancel this order
                      </button>
                    </form>
                  </div>
                </details>
              </div>
            </section>
          )}
        </div>
      </Layout>
    ),
  };
}
