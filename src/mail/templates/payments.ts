/** The e-mails of service payments: instructions, cash deposit requests, PayPal receipts and reviews. */
import { amountDueNote, type ServiceOffer } from "../../domain/payment";
import { type PaymentMethodSettings, methodsOnOffer } from "../../domain/payment-methods";
import { formatMoney, formatMoneyWithCode } from "../../domain/format";
import type { Settings } from "../../shared/settings";
import type { MailMessage } from "../outbox.server";
import { cryptoAddressLines, cryptoMemoLine, ReplyOrCall, replyOrCall } from "../../domain/payment-instructions";
import { plainText } from "./layout";

/** What every payment e-mail names: the request or payment, its service and amounts, the business. */
export type PaymentMailInput = {
  referenceCode: string;
  email: string;
  offer: ServiceOffer;
  settings: PaymentMethodSettings & Pick<Settings, "businessName" | "phone" | "email" | "cryptoDiscountPercent" | "responseTimeHours">;
  /** Whether PayPal (card payments) is configured: with the settings, what is on offer (decision 067). */
  paypalConfigured: boolean;
  businessEmail: string;
  /** The site's origin, for the link back to the services page. */
  origin: string;
};

function amountLine(p: PaymentMailInput): string {
  const note = amountDueNote(p.offer.unit, p.offer.minimumUnits);
  const discount =
    p.offer.percentOff > 0 ? ` (new-client price, ${p.offer.percentOff}% off the list price of ${formatMoney(p.offer.listAmountDue, p.offer.currency)})` : "";
  return `${formatMoneyWithCode(p.offer.amountDue, p.offer.currency)}${note ? ` ${note}` : ""}${discount}`;
}

/**
 * The client's payment instructions for every way to pay that is on offer (decision 067), with the
 * reference code to quote: card and PayPal only when PayPal is configured, cryptocurrency (and its
 * discount) only with a real address, bank transfer only with real bank details.
 */
export function paymentInstructionsMail(p: PaymentMailInput): MailMessage {
  const s = p.settings;
  const on = methodsOnOffer(s, { paypalConfigured: p.paypalConfigured });
  const currency = p.offer.currency;
  // A booking is paid from the customer's dashboard, at its own price; a service from the services page.
  const where =
    p.offer.unit === "booking"
      ? `Open ${p.origin}/dashboard, choose Pay on your booking and the PayPal tab.`
      : `Open ${p.origin}/services, choose ${p.offer.name} and the PayPal tab.`;
  const sections: string[][] = [
    ...(on.paypal ? [[`Card or PayPal balance`, `   ${where}`]] : []),
    ...(on.crypto.length > 0
      ? [
          [
            `Cryptocurrency (${s.cryptoDiscountPercent}% off): ${formatMoneyWithCode(p.offer.cryptoAmount, currency)}, you save ${formatMoney(p.offer.cryptoSaving, currency)}`,
            `   Send the exact ${currency} equivalent to one of the addresses below.`,
            `   ${cryptoMemoLine(p.referenceCode)}`,
            `   Payments are confirmed after 1-6 network confirmations, depending on the network.`,
            ...cryptoAddressLines(on.crypto),
          ],
        ]
      : []),
    ...(on.bank
      ? [
          [
            `Bank transfer: ${formatMoneyWithCode(p.offer.amountDue, currency)}`,
            `   Account name: ${on.bank.accountName}`,
            `   BSB: ${on.bank.bsb}`,
            `   Account number: ${on.bank.accountNumber}`,
            `   Reference: ${p.referenceCode}`,
          ],
        ]
      : []),
    [
      `Cash deposit`,
      `   Reply to this e-mail and we will send deposit locations within 30 minutes. Deposit exactly ${formatMoney(p.offer.amountDue, currency)} and write ${p.referenceCode} on the deposit.`,
    ],
    [`Wire transfer, money order or a payment plan (2, 3 or 4 payments, 0% interest)`, `   ${ReplyOrCall(s.phone)} and we will arrange it with you.`],
  ];
  const confirmed = [
    ...(on.paypal ? ["card and PayPal payments are confirmed at once"] : []),
    ...(on.crypto.length > 0 ? ["cryptocurrency after the network confirmations"] : []),
    "cash deposits and transfers once they reach our account (usually within one business day)",
  ];
  return {
    to: p.email,
    replyTo: p.businessEmail,
    subject: `Payment instructions (${p.referenceCode})`,
    text: plainText([
      `Thank you for choosing ${s.businessName}. Here is how to pay for your order.`,
      ``,
      `Service: ${p.offer.name}`,
      `Amount: ${amountLine(p)}`,
      `Reference code: ${p.referenceCode}`,
      `Quote the reference code with every payment so we can match it to your order.`,
      ``,
      ...sections.flatMap(([title, ...lines], i) => [`${i + 1}. ${title}`, ...lines, ``]),
      `Processing timeline: ${confirmed.join("; ")}.`,
      `Service start: once your payment is confirmed, your investigator contacts you within ${s.responseTimeHours} hours to plan the start. Most cases begin within 24-48 hours.`,
      ``,
      `Questions: ${replyOrCall(s.phone)}.`,
      ``,
      s.businessName,
    ]),
  };
}

/** The client's confirmation that cash deposit locations are on their way. */
export function cashDepositRequestMail(p: PaymentMailInput): MailMessage {
  const s = p.settings;
  return {
    to: p.email,
    replyTo: p.businessEmail,
    subject: `Cash deposit request (${p.referenceCode})`,
    text: plainText([
      `Thank you. We have your request to pay for ${p.offer.name} by cash deposit.`,
      ``,
      `Amount: ${amountLine(p)}`,
      `Reference code: ${p.referenceCode}`,
      ``,
      `How it works:`,
      `1. You requested deposit locations (done).`,
      `2. We send you the deposit locations by encrypted e-mail within 30 minutes.`,
      `3. Deposit exactly ${formatMoney(p.offer.amountDue, p.offer.currency)}.`,
      `4. Write the reference code ${p.referenceCode} on the deposit slip.`,
      `5. Your service starts once we have confirmed the deposit.`,
      ``,
      `Questions: ${replyOrCall(s.phone)}.`,
      ``,
      s.businessName,
    ]),
  };
}

/** The business's notice of a payment request from the dialog (instructions or cash deposit). */
export function paymentRequestNotification(p: PaymentMailInput, method: "instructions" | "cash"): MailMessage {
  const cash = method === "cash";
  return {
    to: p.businessEmail,
    replyTo: p.email,
    subject: cash ? `[ACTION] Send cash deposit locations to ${p.email} (${p.referenceCode})` : `Payment instructions sent to ${p.email} (${p.referenceCode})`,
    text: plainText([
      cash
        ? `A client asked to pay by cash deposit. Send them the deposit locations within 30 minutes, as the site promised.`
        : `A client confirmed an order and was e-mailed the payment instructions.`,
      ``,
      `Client e-mail: ${p.email}`,
      `Service: ${p.offer.name}`,
      `Amount: ${amountLine(p)}`,
      `Reference code: ${p.referenceCode}`,
      ``,
      `Reply to this e-mail to answer the client directly.`,
    ]),
  };
}

/** What a recorded provider payment's e-mails name. */
export type PaymentReceiptInput = {
  referenceCode: string;
  email: string | null;
  serviceName: string;
  amount: string;
  currency: string;
  captureId: string;
  businessName: string;
  businessEmail: string;
  businessPhone: string;
  responseTimeHours: number;
};

/** The client's receipt for a captured PayPal payment. */
export function paymentReceiptMail(r: PaymentReceiptInput & { email: string }): MailMessage {
  return {
    to: r.email,
    replyTo: r.businessEmail,
    subject: `Payment received (${r.referenceCode})`,
    text: plainText([
      `Thank you. We have received your payment.`,
      ``,
      `Service: ${r.serviceName}`,
      `Amount paid: ${formatMoneyWithCode(r.amount, r.currency)}`,
      `Reference code: ${r.referenceCode}`,
      `PayPal transaction: ${r.captureId}`,
      ``,
      `Your investigator will contact you within ${r.responseTimeHours} hours to plan the start. Most cases begin within 24-48 hours.`,
      `Questions: ${replyOrCall(r.businessPhone)}.`,
      ``,
      r.businessName,
    ]),
  };
}

/** A business notice of a captured PayPal payment: what happened, then the payment's details. */
function capturedPaymentNotice(r: PaymentReceiptInput, subject: string, intro: readonly string[]): MailMessage {
  return {
    to: r.businessEmail,
    replyTo: r.email ?? undefined,
    subject: `${subject}: ${formatMoneyWithCode(r.amount, r.currency)} for ${r.serviceName} (${r.referenceCode})`,
    text: plainText([
      ...intro,
      ``,
      `Service: ${r.serviceName}`,
      `Amount: ${formatMoneyWithCode(r.amount, r.currency)}`,
      `Client e-mail: ${r.email ?? "(not known)"}`,
      `Reference code: ${r.referenceCode}`,
      `PayPal capture id: ${r.captureId}`,
      ``,
      `Contact the client within ${r.responseTimeHours} hours to plan the start.`,
    ]),
  };
}

/** The business's notice of a captured PayPal payment. */
export function paymentReceivedNotification(r: PaymentReceiptInput): MailMessage {
  return capturedPaymentNotice(r, "Payment received", [`A client paid through PayPal on the website.`]);
}

/** The business's notice that a PayPal capture could not be confirmed and needs a person to check it. */
export function paymentReviewNotification(
  r: Omit<PaymentReceiptInput, "captureId" | "amount" | "currency"> & { expected: string; reported: string; orderId: string },
): MailMessage {
  return {
    to: r.businessEmail,
    replyTo: r.email ?? undefined,
    subject: `[CHECK] PayPal payment needs review (${r.referenceCode})`,
    text: plainText([
      `PayPal's answer to a capture did not match the order, so the payment was not recorded as paid.`,
      `Check the transaction in the PayPal dashboard and contact the client.`,
      ``,
      `Service: ${r.serviceName}`,
      `Client e-mail: ${r.email ?? "(not known)"}`,
      `Reference code: ${r.referenceCode}`,
      `PayPal order id: ${r.orderId}`,
      `Expected: ${r.expected}`,
      `PayPal reported: ${r.reported}`,
    ]),
  };
}

// The business's notices from the payment check (decision 007): a PayPal capture whose answer was
// lost turned out paid, or turned out never taken. The customer was told they would hear from the
// business, so the business must be told what PayPal shows.

/** A payment the check found captured at PayPal, recorded as paid. */
export function paymentFoundNotification(r: PaymentReceiptInput): MailMessage {
  return capturedPaymentNotice(r, "Payment found", [
    `PayPal did not confirm this payment to the website in time, so the client was told it was being checked.`,
    `The payment check has now found it captured at PayPal and recorded it as paid; the client has been sent a receipt.`,
  ]);
}

/** A payment whose outcome was unknown and that PayPal shows was never taken. */
export function paymentNotTakenNotification(
  r: Pick<PaymentReceiptInput, "referenceCode" | "email" | "serviceName" | "businessEmail"> & { orderId: string | null },
): MailMessage {
  return {
    to: r.businessEmail,
    replyTo: r.email ?? undefined,
    subject: `[CHECK] PayPal payment was not taken (${r.referenceCode})`,
    text: plainText([
      `PayPal did not confirm this payment to the website in time, so the client was told it was being checked.`,
      `PayPal shows the order was never captured: no money was taken, and the order has now expired.`,
      `Please let the client know, so they can pay again or choose another method.`,
      ``,
      `Service: ${r.serviceName}`,
      `Client e-mail: ${r.email ?? "(not known)"}`,
      `Reference code: ${r.referenceCode}`,
      `PayPal order id: ${r.orderId ?? "(none)"}`,
    ]),
  };
}
