/**
 * The customer's e-mails of a refund (decision 084), for a booking's payment and a shop order alike:
 * refunded through PayPal; a refund the owner sends by hand "on its way" (never "refunded" before the
 * money went); and that refund sent, on the date the owner gives. Amounts to the cent, with their
 * currency: the customer compares them with their statement.
 */
import { formatDate } from "../../domain/format";
import { refundAmountText } from "../../domain/refund";
import { orderPagePath } from "../../shared/orders";
import type { MailMessage } from "../outbox.server";
import type { OrderMailInput } from "./orders";
import { plainText } from "./layout";

/** What a refund's e-mail names: the customer, what was paid for and where to see it, the money, the business. */
export type RefundMailInput = {
  to: string;
  /** "booking BK-7KQ4" or "order PI-7KQ4-M2XD": never the service (decision 069). */
  subject: string;
  /** The booking's or order's page. */
  url: string;
  amount: string;
  currency: string;
  /** How the customer paid (payments.method, or the order's payment method). */
  method: string;
  businessName: string;
  businessEmail: string;
};

/** How the money goes back, by the way it was paid, and what the customer can do about it. */
function howItGoesBack(method: string): string {
  switch (method) {
    case "bank_transfer":
      return "We will send it by bank transfer to the account you paid from. If it should go to another account, reply to this e-mail with its name, BSB and account number.";
    case "crypto":
      return "We will send it in the coin you paid with, to the address you paid from. If it should go to another address, reply to this e-mail with it.";
    case "cash":
    case "cash_deposit":
      return "We will return it by bank transfer. Reply to this e-mail with the account name, BSB and account number to send it to.";
    default:
      return "We will send it back the way you paid. If it should go somewhere else, reply to this e-mail with the details.";
  }
}

/** Refunded through PayPal: the money is already on its way back to the customer's PayPal account or card. */
export function refundedThroughPayPalMail(m: RefundMailInput): MailMessage {
  return {
    to: m.to,
    replyTo: m.businessEmail,
    subject: `Refund for ${m.subject}`,
    text: plainText([
      `We have refunded ${refundAmountText(m.amount, m.currency)} for ${m.subject}.`,
      `The refund goes back to your PayPal account or card; PayPal usually shows it within a few days.`,
      ``,
      `Details: ${m.url}`,
      ``,
      m.businessName,
    ]),
  };
}

/** A refund the owner sends by hand is owed: the customer is told it is coming, not that it came. */
export function refundOnItsWayMail(m: RefundMailInput): MailMessage {
  return {
    to: m.to,
    replyTo: m.businessEmail,
    subject: `Your refund for ${m.subject} is on its way`,
    text: plainText([
      `Your refund of ${refundAmountText(m.amount, m.currency)} for ${m.subject} is on its way.`,
      howItGoesBack(m.method),
      `We will e-mail you again once we have sent it.`,
      ``,
      `Details: ${m.url}`,
      ``,
      m.businessName,
    ]),
  };
}

/** The owner sent the refund: named with the date they sent it (a calendar date, not an instant). */
export function refundSentMail(m: RefundMailInput, sentOn: string): MailMessage {
  return {
    to: m.to,
    replyTo: m.businessEmail,
    subject: `Refund sent for ${m.subject}`,
    text: plainText([
      `We have sent your refund of ${refundAmountText(m.amount, m.currency)} for ${m.subject} on ${formatDate(sentOn)}.`,
      `Depending on how it was sent it can take a few days to reach you. If it has not arrived within a week, reply to this e-mail.`,
      ``,
      `Details: ${m.url}`,
      ``,
      m.businessName,
    ]),
  };
}

/** An order's refund the owner will send by hand, as the order's change mails it: "on its way". */
export function orderRefundOnItsWayMail(m: OrderMailInput): MailMessage {
  const o = m.order;
  return refundOnItsWayMail({
    to: m.customerEmail,
    subject: `order ${o.orderNumber}`,
    url: `${m.origin}${orderPagePath(o.orderNumber)}`,
    amount: o.totalAmount,
    currency: o.currency,
    method: o.paymentMethod ?? "manual",
    businessName: m.settings.businessName,
    businessEmail: m.businessEmail,
  });
}
