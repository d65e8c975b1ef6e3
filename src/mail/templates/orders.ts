/**
 * The e-mails of a shop order: placed (with how to pay), paid, shipped (with tracking), cancelled
 * and refunded for the customer, and the business's notice of each new order.
 */
import { formatMoney, formatMoneyWithCode } from "../../domain/format";
import { paymentMethodLabels, type OrderPaymentMethod } from "../../shared/checkout";
import { adminRecordPath } from "../../shared/admin-records";
import { carrierLabels, orderPagePath, type OrderView } from "../../shared/orders";
import type { MailMessage } from "../outbox.server";
import { optionalVisitorText, type VisitorText, visitorText } from "../visitor-text";
import { type ManualPaymentSettings, manualPaymentInstructions, replyOrCall } from "../../domain/payment-instructions";
import { methodsOnOffer } from "../../domain/payment-methods";
import { plainText } from "./layout";

/** The settings every order e-mail reads. */
export type OrderMailSettings = ManualPaymentSettings;

/** What every order e-mail needs besides the order: who it goes to and who it comes from. */
export type OrderMailInput = {
  order: OrderView;
  customerEmail: string;
  settings: OrderMailSettings;
  businessEmail: string;
  /** The site's origin, for the link to the order's page. */
  origin: string;
};

const orderUrl = (m: OrderMailInput) => `${m.origin}${orderPagePath(m.order.orderNumber)}`;

function itemLines(order: OrderView): string[] {
  return order.items.map((i) => `  ${i.quantity} x ${i.name} at ${formatMoney(i.unitPrice, order.currency)} = ${formatMoney(i.totalPrice, order.currency)}`);
}

function totalLines(order: OrderView): string[] {
  const discount = Number(order.discountAmount) > 0 ? [`Discount: -${formatMoney(order.discountAmount, order.currency)}`] : [];
  const gst = Number(order.taxAmount) > 0 ? [`GST included: ${formatMoney(order.taxAmount, order.currency)}`] : [];
  return [
    `Subtotal: ${formatMoney(order.subtotal, order.currency)}`,
    ...discount,
    `Shipping: ${Number(order.shippingAmount) > 0 ? formatMoney(order.shippingAmount, order.currency) : "Free"}`,
    `Total: ${formatMoneyWithCode(order.totalAmount, order.currency)}`,
    ...gst,
  ];
}

/** What the customer typed at checkout, as the order's e-mails quote it. */
type TypedAtCheckout = {
  name: VisitorText;
  line1: VisitorText;
  line2: VisitorText | null;
  place: VisitorText;
  phone: VisitorText;
  notes: VisitorText | null;
};

/** The order's typed fields, each one cleaned line (the only place the order's e-mails read them from). */
function typedAtCheckout(order: OrderView): TypedAtCheckout {
  const a = order.shippingAddress;
  return {
    name: visitorText(a.name),
    line1: visitorText(a.line1),
    line2: optionalVisitorText(a.line2),
    place: visitorText(`${a.suburb} ${a.state} ${a.postcode}`),
    phone: visitorText(a.phone),
    notes: optionalVisitorText(order.notes, 1000),
  };
}

function addressLines(typed: TypedAtCheckout): string[] {
  return [`  ${typed.name}`, `  ${typed.line1}`, ...(typed.line2 ? [`  ${typed.line2}`] : []), `  ${typed.place}`];
}

/** The customer's confirmation of a new order, with how to pay it. */
export function orderPlacedMail(m: OrderMailInput): MailMessage {
  const o = m.order;
  const s = m.settings;
  const method = paymentMethodLabels[o.paymentMethod as OrderPaymentMethod] ?? o.paymentMethod ?? "";
  const onHold = o.status === "on_hold";
  const payLines =
    o.paymentMethod === "paypal"
      ? [`Pay with PayPal on your order's page: ${orderUrl(m)}`, `Unpaid PayPal orders are cancelled after a short time and their items go back on sale.`]
      : [...manualPaymentInstructions(o, s), `Unpaid orders are cancelled after ${s.manualOrderHoldDays} days and their items go back on sale.`];
  return {
    to: m.customerEmail,
    replyTo: m.businessEmail,
    subject: `Order ${o.orderNumber} received`,
    text: plainText([
      `Thank you for your order with ${s.businessName}.`,
      ``,
      `Order number: ${o.orderNumber}`,
      ...itemLines(o),
      ``,
      ...totalLines(o),
      ``,
      `Payment method: ${method}`,
      ...payLines,
      ...(onHold ? [``, `Your order includes an item that needs ID verification. We will contact you to verify your identity before it ships.`] : []),
      ``,
      `Shipping to:`,
      ...addressLines(typedAtCheckout(o)),
      ``,
      `See your order at any time: ${orderUrl(m)}`,
      `Questions: ${replyOrCall(s.phone)}.`,
      ``,
      s.businessName,
    ]),
  };
}

/**
 * What the business must send the customer before they can pay, when the site could not: the
 * deposit locations for cash, or details the site did not have when the order was placed.
 */
function businessPaymentTask(m: OrderMailInput): string[] {
  const o = m.order;
  const on = methodsOnOffer(m.settings, { paypalConfigured: false });
  const task =
    o.paymentMethod === "cash_deposit"
      ? "E-mail the customer where to deposit the cash: the order's page and confirmation say you will."
      : o.paymentMethod === "bank_transfer" && !on.bank
        ? "E-mail the customer your bank details within one business day (none are entered in Settings), and enter them so the next order shows them."
        : o.paymentMethod === "crypto" && on.crypto.length === 0
          ? "E-mail the customer a payment address within one business day (none is entered in Settings)."
          : null;
  return task ? [``, `Action needed: ${task}`] : [];
}

/** The business's notice of a new order. */
export function orderNotificationMail(m: OrderMailInput): MailMessage {
  const o = m.order;
  const typed = typedAtCheckout(o);
  return {
    to: m.businessEmail,
    replyTo: m.customerEmail,
    subject: `New order ${o.orderNumber}: ${formatMoney(o.totalAmount, o.currency)}${o.status === "on_hold" ? " (ID verification needed)" : ""}`,
    text: plainText([
      `A customer placed an order on the website.`,
      ``,
      `Order number: ${o.orderNumber}`,
      ...itemLines(o),
      ``,
      ...totalLines(o),
      `Payment method: ${paymentMethodLabels[o.paymentMethod as OrderPaymentMethod] ?? o.paymentMethod ?? ""}`,
      ...businessPaymentTask(m),
      ``,
      `Customer: ${typed.name}, ${m.customerEmail}, ${typed.phone}`,
      `Ship to:`,
      ...addressLines(typed),
      `Notes: ${typed.notes ?? "(none)"}`,
      ``,
      `Manage it in the admin portal: ${m.origin}${adminRecordPath("orders", o.orderNumber)}`,
    ]),
  };
}

/** The customer's confirmation that the order's payment arrived. */
export function orderPaidMail(m: OrderMailInput): MailMessage {
  const o = m.order;
  return {
    to: m.customerEmail,
    replyTo: m.businessEmail,
    subject: `Payment received for order ${o.orderNumber}`,
    text: plainText([
      `We have received your payment of ${formatMoneyWithCode(o.totalAmount, o.currency)} for order ${o.orderNumber}.`,
      o.status === "on_hold"
        ? `Your order includes an item that needs ID verification: we will contact you to verify your identity, then ship it.`
        : `We are preparing your order and will e-mail you the tracking number when it ships.`,
      ``,
      ...itemLines(o),
      ``,
      `Your order: ${orderUrl(m)}`,
      ``,
      m.settings.businessName,
    ]),
  };
}

/** The customer's notice that the order shipped, with the tracking number and link. */
export function orderShippedMail(m: OrderMailInput): MailMessage {
  const o = m.order;
  return {
    to: m.customerEmail,
    replyTo: m.businessEmail,
    subject: `Order ${o.orderNumber} has shipped`,
    text: plainText([
      `Your order ${o.orderNumber} is on its way, in plain packaging.`,
      ``,
      ...(o.carrier && o.carrier !== "other" ? [`Carrier: ${carrierLabels[o.carrier]}`] : []),
      `Tracking number: ${o.trackingNumber ?? ""}`,
      ...(o.trackingUrl && o.carrier ? [`Track it on the ${carrierLabels[o.carrier]} website: ${o.trackingUrl}`] : []),
      ``,
      ...itemLines(o),
      ``,
      `Shipping to:`,
      ...addressLines(typedAtCheckout(o)),
      ``,
      `Your order: ${orderUrl(m)}`,
      ``,
      m.settings.businessName,
    ]),
  };
}

/** Why an order was cancelled, in the customer's words. */
export type CancelReason = "customer" | "owner" | "expired";

/** The customer's notice that the order was cancelled and its items released. */
export function orderCancelledMail(m: OrderMailInput, reason: CancelReason): MailMessage {
  const o = m.order;
  const why = {
    customer: `As you asked, we have cancelled order ${o.orderNumber}.`,
    owner: `We have cancelled order ${o.orderNumber}.`,
    expired: `Order ${o.orderNumber} was cancelled because we did not receive its payment in time.`,
  }[reason];
  return {
    to: m.customerEmail,
    replyTo: m.businessEmail,
    subject: `Order ${o.orderNumber} cancelled`,
    text: plainText([
      why,
      o.paymentStatus === "paid" ? `Your payment will be refunded.` : `Nothing was charged.`,
      ``,
      ...itemLines(o),
      ``,
      `If this is a mistake, ${replyOrCall(m.settings.phone)}; you are welcome to order again at ${m.origin}/shop.`,
      ``,
      m.settings.businessName,
    ]),
  };
}

/** The customer's notice that the order's payment was refunded. */
export function orderRefundedMail(m: OrderMailInput): MailMessage {
  const o = m.order;
  return {
    to: m.customerEmail,
    replyTo: m.businessEmail,
    subject: `Refund for order ${o.orderNumber}`,
    text: plainText([
      `We have refunded ${formatMoneyWithCode(o.totalAmount, o.currency)} for order ${o.orderNumber}.`,
      o.paymentMethod === "paypal"
        ? `The refund goes back to your PayPal account or card; PayPal usually shows it within a few days.`
        : `We will return the payment the way you paid; reply to this e-mail if we need details from you.`,
      ``,
      `Your order: ${orderUrl(m)}`,
      ``,
      m.settings.businessName,
    ]),
  };
}

/** The business's alert that a customer cancelled their order (the `alertCustomerCancellations` setting). */
export function orderCancelledByCustomerAlert(m: OrderMailInput): MailMessage {
  const o = m.order;
  return {
    to: m.businessEmail,
    replyTo: m.customerEmail,
    subject: `Order ${o.orderNumber} cancelled by the customer`,
    text: plainText([
      `The customer cancelled order ${o.orderNumber} (${formatMoney(o.totalAmount, o.currency)}) on the website. Its items are back in stock.`,
      ``,
      ...itemLines(o),
      ``,
      `Customer: ${typedAtCheckout(o).name}, ${m.customerEmail}`,
      ``,
      `See it in the admin portal: ${m.origin}${adminRecordPath("orders", o.orderNumber)}`,
    ]),
  };
}
