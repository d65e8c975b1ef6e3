/**
 * The business's notices from the payment check (decision 007): a PayPal capture whose answer was
 * lost turned out paid, or turned out never taken. In both cases the customer was told they would
 * hear from the business, so the business must be told what PayPal shows.
 */
import { formatDollars } from "../domain/pricing";
import type { MailMessage } from "./outbox.server";
import type { PaymentReceiptInput } from "./templates";

/** A payment the check found captured at PayPal, recorded as paid. */
export function paymentFoundNotification(r: PaymentReceiptInput): MailMessage {
  return {
    to: r.businessEmail,
    replyTo: r.email ?? undefined,
    subject: `Payment found: ${formatDollars(Number(r.amount))} ${r.currency} for ${r.serviceName} (${r.referenceCode})`,
    text: [
      `PayPal did not confirm this payment to the website in time, so the client was told it was being checked.`,
      `The payment check has now found it captured at PayPal and recorded it as paid; the client has been sent a receipt.`,
      ``,
      `Service: ${r.serviceName}`,
      `Amount: ${formatDollars(Number(r.amount))} ${r.currency}`,
      `Client e-mail: ${r.email ?? "(not known)"}`,
      `Reference code: ${r.referenceCode}`,
      `PayPal capture id: ${r.captureId}`,
      ``,
      `Contact the client within ${r.responseTimeHours} hours to plan the start.`,
    ].join("\n"),
  };
}

/** A payment whose outcome was unknown and that PayPal shows was never taken. */
export function paymentNotTakenNotification(
  r: Pick<PaymentReceiptInput, "referenceCode" | "email" | "serviceName" | "businessEmail"> & { orderId: string | null },
): MailMessage {
  return {
    to: r.businessEmail,
    replyTo: r.email ?? undefined,
    subject: `[CHECK] PayPal payment was not taken (${r.referenceCode})`,
    text: [
      `PayPal did not confirm this payment to the website in time, so the client was told it was being checked.`,
      `PayPal shows the order was never captured: no money was taken, and the order has now expired.`,
      `Please let the client know, so they can pay again or choose another method.`,
      ``,
      `Service: ${r.serviceName}`,
      `Client e-mail: ${r.email ?? "(not known)"}`,
      `Reference code: ${r.referenceCode}`,
      `PayPal order id: ${r.orderId ?? "(none)"}`,
    ].join("\n"),
  };
}
