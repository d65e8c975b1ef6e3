/** The texts of the e-mails the site sends. Plain text first: it reads well everywhere. */
import type { Contact } from "../db/schema";
import type { MailMessage } from "./outbox.server";
import { amountDueNote, cryptoAddresses, paymentCurrency, type ServiceOffer } from "../domain/payment";
import { formatMoney, timeZoneCity } from "../domain/format";
import type { Settings } from "../shared/settings";

const urgencyLabel: Record<string, string> = {
  low: "Low (general inquiry)",
  normal: "Normal (within 24 hours)",
  high: "High (within 6 hours)",
  emergency: "EMERGENCY (immediate response)",
};

/** The business's notice of a new contact enquiry. */
export function contactNotification(contact: Contact, serviceLabel: string, businessEmail: string): MailMessage {
  const urgent = contact.urgency === "high" || contact.urgency === "emergency";
  return {
    to: businessEmail,
    replyTo: contact.email,
    subject: `${urgent ? "[URGENT] " : ""}New enquiry from ${contact.name}: ${serviceLabel}`,
    text: [
      `A new enquiry arrived through the contact form.`,
      ``,
      `Name: ${contact.name}`,
      `E-mail: ${contact.email}`,
      `Phone: ${contact.phone || "(not given)"}`,
      `Service: ${serviceLabel}`,
      `Urgency: ${urgencyLabel[contact.urgency] ?? contact.urgency}`,
      `Received: ${contact.createdAt.toISOString()}`,
      ``,
      `Message:`,
      contact.message,
      ``,
      `Reply to this e-mail to answer the client directly.`,
    ].join("\n"),
  };
}

/** The one-time password reset link. */
export function passwordResetMail(to: string, link: string, businessName: string): MailMessage {
  return {
    to,
    subject: `Reset your ${businessName} password`,
    text: [
      `Someone (hopefully you) asked to reset the password of the ${businessName} account for this e-mail address.`,
      ``,
      `Choose a new password here (the link works once, within one hour):`,
      link,
      ``,
      `If you did not ask for this, you can ignore this e-mail: your password stays as it is.`,
    ].join("\n"),
  };
}

export type BookingMailInput = {
  booking: {
    id: string;
    serviceName: string;
    servicePrice: string;
    originalPrice: string | null;
    appointmentDate: string;
    appointmentTime: string;
    duration: number;
    location: string | null;
    notes: string | null;
    contactPhone: string | null;
    contactEmail: string | null;
  };
  businessName: string;
  businessEmail: string;
  businessPhone: string;
  manageUrl: string;
  whenText: string;
  /** The business timezone the appointment's wall-clock time is in (settings). */
  timeZone: string;
  ics: string;
};

/** The customer's confirmation, with the calendar invitation attached. */
export function bookingConfirmationMail(m: BookingMailInput): MailMessage {
  const b = m.booking;
  const saved = b.originalPrice && b.originalPrice !== b.servicePrice ? ` (new-client price; list price ${formatMoney(b.originalPrice)})` : "";
  return {
    to: b.contactEmail!,
    replyTo: m.businessEmail,
    subject: `Booking received: ${b.serviceName} on ${m.whenText}`,
    text: [
      `Thank you. Your appointment is scheduled:`,
      ``,
      `Service: ${b.serviceName}`,
      `When: ${m.whenText} (${timeZoneCity(m.timeZone)} time), ${b.duration} minutes`,
      `Price: ${formatMoney(b.servicePrice)}${saved}`,
      b.location ? `Where: ${b.location}` : `Where: to be agreed with your investigator`,
      `Reference: ${b.id.slice(0, 8).toUpperCase()}`,
      ``,
      `The booking is pending until your investigator confirms it. You can see or cancel it here:`,
      m.manageUrl,
      ``,
      `The attached invitation adds the appointment to your calendar.`,
      `Questions: reply to this e-mail or call ${m.businessPhone}.`,
      ``,
      m.businessName,
    ].join("\n"),
    attachments: [{ filename: "appointment.ics", content: m.ics, contentType: "text/calendar; charset=utf-8; method=REQUEST" }],
  };
}

/** The business's notice of a new booking. */
export function bookingNotificationMail(m: BookingMailInput): MailMessage {
  const b = m.booking;
  return {
    to: m.businessEmail,
    replyTo: b.contactEmail ?? undefined,
    subject: `New booking: ${b.serviceName} on ${m.whenText}`,
    text: [
      `A customer booked through the website.`,
      ``,
      `Service: ${b.serviceName}`,
      `When: ${m.whenText} (${timeZoneCity(m.timeZone)} time), ${b.duration} minutes`,
      `Price: ${formatMoney(b.servicePrice)}${b.originalPrice && b.originalPrice !== b.servicePrice ? ` (list ${formatMoney(b.originalPrice)})` : ""}`,
      `Phone: ${b.contactPhone ?? ""}`,
      `E-mail: ${b.contactEmail ?? ""}`,
      `Location: ${b.location ?? "(not given)"}`,
      `Notes: ${b.notes ?? "(none)"}`,
      `Booking id: ${b.id}`,
    ].join("\n"),
    attachments: [{ filename: "appointment.ics", content: m.ics, contentType: "text/calendar; charset=utf-8; method=REQUEST" }],
  };
}

/** What every payment e-mail names: the request or payment, its service and amounts, the business. */
export type PaymentMailInput = {
  referenceCode: string;
  email: string;
  offer: ServiceOffer;
  settings: Pick<Settings, "businessName" | "phone" | "email" | "btcAddress" | "ethAddress" | "usdcSolAddress" | "cryptoDiscountPercent" | "responseTimeHours">;
  businessEmail: string;
  /** The site's origin, for the link back to the services page. */
  origin: string;
};

function amountLine(p: PaymentMailInput): string {
  const note = amountDueNote(p.offer.unit, p.offer.minimumUnits);
  const discount = p.offer.percentOff > 0 ? ` (new-client price, ${p.offer.percentOff}% off the list price of ${formatMoney(p.offer.listAmountDue)})` : "";
  return `${formatMoney(p.offer.amountDue)} ${paymentCurrency}${note ? ` ${note}` : ""}${discount}`;
}

/** The client's payment instructions for every way to pay, with the reference code to quote. */
export function paymentInstructionsMail(p: PaymentMailInput): MailMessage {
  const coins = cryptoAddresses(p.settings);
  const s = p.settings;
  return {
    to: p.email,
    replyTo: p.businessEmail,
    subject: `Payment instructions for ${p.offer.name} (${p.referenceCode})`,
    text: [
      `Thank you for choosing ${s.businessName}. Here is how to pay for your order.`,
      ``,
      `Service: ${p.offer.name}`,
      `Amount: ${amountLine(p)}`,
      `Reference code: ${p.referenceCode}`,
      `Quote the reference code with every payment so we can match it to your order.`,
      ``,
      `1. Card or PayPal balance`,
      `   Open ${p.origin}/services, choose ${p.offer.name} and the PayPal tab.`,
      ``,
      ...(coins.length > 0
        ? [
            `2. Cryptocurrency (${s.cryptoDiscountPercent}% off): ${formatMoney(p.offer.cryptoAmount)} ${paymentCurrency}, you save ${formatMoney(p.offer.cryptoSaving)}`,
            `   Send the exact USD equivalent to one of these addresses:`,
            ...coins.map((c) => `   ${c.coin} (${c.network}): ${c.address}`),
            `   Put your e-mail address (${p.email}) in the transaction memo.`,
            `   Payments are confirmed after 1-6 network confirmations, depending on the network.`,
          ]
        : [`2. Cryptocurrency: reply to this e-mail and we will send a payment address.`]),
      ``,
      `3. Cash deposit`,
      `   Reply to this e-mail and we will send deposit locations within 30 minutes. Deposit exactly ${formatMoney(p.offer.amountDue)} and write ${p.referenceCode} on the deposit.`,
      ``,
      `4. Wire transfer, money order or a payment plan (2, 3 or 4 payments, 0% interest)`,
      `   Reply to this e-mail or call ${s.phone} and we will arrange it with you.`,
      ``,
      `Processing timeline: card and PayPal payments are confirmed at once; cryptocurrency after the network confirmations; cash deposits and transfers once they reach our account (usually within one business day).`,
      `Service start: once your payment is confirmed, your investigator contacts you within ${s.responseTimeHours} hours to plan the start. Most cases begin within 24-48 hours.`,
      ``,
      `Questions: reply to this e-mail or call ${s.phone}.`,
      ``,
      s.businessName,
    ].join("\n"),
  };
}

/** The client's confirmation that cash deposit locations are on their way. */
export function cashDepositRequestMail(p: PaymentMailInput): MailMessage {
  const s = p.settings;
  return {
    to: p.email,
    replyTo: p.businessEmail,
    subject: `Cash deposit request for ${p.offer.name} (${p.referenceCode})`,
    text: [
      `Thank you. We have your request to pay for ${p.offer.name} by cash deposit.`,
      ``,
      `Amount: ${amountLine(p)}`,
      `Reference code: ${p.referenceCode}`,
      ``,
      `How it works:`,
      `1. You requested deposit locations (done).`,
      `2. We send you the deposit locations by encrypted e-mail within 30 minutes.`,
      `3. Deposit exactly ${formatMoney(p.offer.amountDue)}.`,
      `4. Write the reference code ${p.referenceCode} on the deposit slip.`,
      `5. Your service starts once we have confirmed the deposit.`,
      ``,
      `Questions: reply to this e-mail or call ${s.phone}.`,
      ``,
      s.businessName,
    ].join("\n"),
  };
}

/** The business's notice of a payment request from the dialog (instructions or cash deposit). */
export function paymentRequestNotification(p: PaymentMailInput, method: "instructions" | "cash"): MailMessage {
  const cash = method === "cash";
  return {
    to: p.businessEmail,
    replyTo: p.email,
    subject: cash ? `[ACTION] Send cash deposit locations to ${p.email} (${p.referenceCode})` : `Payment instructions sent to ${p.email} (${p.referenceCode})`,
    text: [
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
    ].join("\n"),
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
    subject: `Payment received: ${r.serviceName} (${r.referenceCode})`,
    text: [
      `Thank you. We have received your payment.`,
      ``,
      `Service: ${r.serviceName}`,
      `Amount paid: ${formatMoney(Number(r.amount))} ${r.currency}`,
      `Reference code: ${r.referenceCode}`,
      `PayPal transaction: ${r.captureId}`,
      ``,
      `Your investigator will contact you within ${r.responseTimeHours} hours to plan the start. Most cases begin within 24-48 hours.`,
      `Questions: reply to this e-mail or call ${r.businessPhone}.`,
      ``,
      r.businessName,
    ].join("\n"),
  };
}

/** The business's notice of a captured PayPal payment. */
export function paymentReceivedNotification(r: PaymentReceiptInput): MailMessage {
  return {
    to: r.businessEmail,
    replyTo: r.email ?? undefined,
    subject: `Payment received: ${formatMoney(Number(r.amount))} ${r.currency} for ${r.serviceName} (${r.referenceCode})`,
    text: [
      `A client paid through PayPal on the website.`,
      ``,
      `Service: ${r.serviceName}`,
      `Amount: ${formatMoney(Number(r.amount))} ${r.currency}`,
      `Client e-mail: ${r.email ?? "(not known)"}`,
      `Reference code: ${r.referenceCode}`,
      `PayPal capture id: ${r.captureId}`,
      ``,
      `Contact the client within ${r.responseTimeHours} hours to plan the start.`,
    ].join("\n"),
  };
}

/** The business's notice that a PayPal capture could not be confirmed and needs a person to check it. */
export function paymentReviewNotification(r: Omit<PaymentReceiptInput, "captureId" | "amount" | "currency"> & { expected: string; reported: string; orderId: string }): MailMessage {
  return {
    to: r.businessEmail,
    replyTo: r.email ?? undefined,
    subject: `[CHECK] PayPal payment needs review (${r.referenceCode})`,
    text: [
      `PayPal's answer to a capture did not match the order, so the payment was not recorded as paid.`,
      `Check the transaction in the PayPal dashboard and contact the client.`,
      ``,
      `Service: ${r.serviceName}`,
      `Client e-mail: ${r.email ?? "(not known)"}`,
      `Reference code: ${r.referenceCode}`,
      `PayPal order id: ${r.orderId}`,
      `Expected: ${r.expected}`,
      `PayPal reported: ${r.reported}`,
    ].join("\n"),
  };
}
