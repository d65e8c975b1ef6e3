/** The e-mails of service payments: instructions, cash deposit requests, PayPal receipts and reviews. */
import { amountDueNote, type ServiceOffer } from "../../domain/payment";
import { type PaymentMethodSettings, methodsOnOffer } from "../../domain/payment-methods";
import { formatMoney, formatMoneyWithCode } from "../../domain/format";
import { planPromise, plansPromised } from "../../domain/promised-percents";
import { replacesNotice } from "../../shared/payment";
import type { Settings } from "../../shared/settings";
import type { MailMessage } from "../outbox.server";
import { cryptoAddressLines, cryptoMemoLine, ReplyOrCall, replyOrCall } from "../../domain/payment-instructions";
import { plainText } from "./layout";

/** What every payment e-mail names: the request or payment, its service and amounts, the business. */
export type PaymentMailInput = {
  referenceCode: string;
  email: string;
  offer: ServiceOffer;
  settings: PaymentMethodSettings & Pick<Settings, "businessName" | "phone" | "email" | "cryptoDiscountPercent" | "responseTimeHours" | "paymentPlansEnabled">;
  /** Whether PayPal (card payments) is configured: with the settings, what is on offer (decision 067). */
  paypalConfigured: boolean;
  businessEmail: string;
  /** The site's origin, for the link back to the services page. */
  origin: string;
  /** The reference codes of the earlier requests this one replaces (now cancelled), newest first. */
  replaces?: readonly string[];
  /** With a payment plan, the instalment asked for: "Payment 1 of 3: $116.00 AUD, due today; the next $116.00 on 13 Dec" (decision 085). */
  instalmentLine?: string;
};

/** "This replaces your earlier request PAY-…; please use the new reference.", when it does. */
function replacesLines(p: PaymentMailInput): string[] {
  return p.replaces && p.replaces.length > 0 ? [replacesNotice(p.replaces)] : [];
}

/** Where a plan is chosen: on the booking's payment, for the services and prices the owner offers plans for. */
function planChoiceLine(p: PaymentMailInput): string {
  const where = p.offer.unit === "booking" ? `open ${p.origin}/dashboard and choose Pay on your booking` : "book the service, then choose Pay on your booking";
  return `Where plans are offered for the service and its price: ${where}, then the number of payments.`;
}

function amountLine(p: PaymentMailInput): string {
  if (p.instalmentLine) return p.instalmentLine;
  const note = amountDueNote(p.offer.unit, p.offer.minimumUnits);
  const discount =
    p.offer.percentOff > 0 ? ` (new-client price, ${p.offer.percentOff}% off the list price of ${formatMoney(p.offer.listAmountDue, p.offer.currency)})` : "";
  const volume = p.offer.volumePercent > 0 ? ` (volume discount, ${p.offer.volumePercent}%: ${formatMoney(p.offer.volumeSaving, p.offer.currency)} off)` : "";
  return `${formatMoneyWithCode(p.offer.amountDue, p.offer.currency)}${note ? ` ${note}` : ""}${discount}${volume}`;
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
    [`Wire transfer or money order`, `   ${ReplyOrCall(s.phone)} and we will arrange it with you.`],
    // Plans are real now (decision 085): chosen when paying for a booking, not arranged by hand; promised only while offered (decision 087).
    ...(p.instalmentLine || !plansPromised(s) ? [] : [[`Payment plan (2, 3 or 4 payments, ${planPromise})`, `   ${planChoiceLine(p)}`]]),
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
      ...replacesLines(p),
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
      ...replacesLines(p),
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
      ...((p.replaces ?? []).length > 0 ? [`Replaces (now cancelled): ${(p.replaces ?? []).join(", ")}`] : []),
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
function capturedPaymentNotice(
  r: PaymentReceiptInput,
  subject: string,
  intro: readonly string[],
  closing = `Contact the client within ${r.responseTimeHours} hours to plan the start.`,
): MailMessage {
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
      closing,
    ]),
  };
}

/** The business's notice of a captured PayPal payment. */
export function paymentReceivedNotification(r: PaymentReceiptInput): MailMessage {
  return capturedPaymentNotice(r, "Payment received", [`A client paid through PayPal on the website.`]);
}

/**
 * The business's alert that PayPal took a payment for a booking that no longer takes money
 * (cancelled, or paid otherwise, while the capture was under way): the site refunds it through
 * PayPal at once, and the payments list shows whether PayPal did.
 */
export function paymentForClosedBookingNotification(r: PaymentReceiptInput & { why: "cancelled" | "paid" }): MailMessage {
  const what = r.why === "cancelled" ? "cancelled booking" : "booking already paid";
  return capturedPaymentNotice(
    r,
    `[CHECK] PayPal payment for a ${what}, being refunded`,
    [
      r.why === "cancelled"
        ? `A PayPal payment completed after its booking was cancelled.`
        : `A PayPal payment completed after its booking had already been paid another way.`,
      `The site is refunding it in full through PayPal now. Check the payments list: it shows the payment Refunded once PayPal confirms.`,
      `If it still shows Paid, PayPal did not refund it: refund it from the payments list or in the PayPal dashboard, and let the client know.`,
    ],
    `The client is e-mailed when PayPal confirms the refund. Nothing is to be started for this payment.`,
  );
}

/** The business's alert that PayPal did not refund a payment for a closed booking: the owner refunds it by hand. */
export function closedBookingRefundFailedNotification(r: PaymentReceiptInput & { why: "cancelled" | "paid"; failure: string }): MailMessage {
  const what = r.why === "cancelled" ? "cancelled booking" : "booking already paid";
  return capturedPaymentNotice(
    r,
    `[ACTION] Refund a PayPal payment for a ${what}`,
    [
      `PayPal took a payment for a ${what}, and did not refund it when the site asked: the money is still with the business.`,
      `PayPal's answer: ${r.failure}`,
      `Refund it from the payments list or in the PayPal dashboard, and let the client know.`,
    ],
    `Nothing is to be started for this payment.`,
  );
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
