/** The business's e-mail about a contact enquiry. */
import type { Contact } from "../../db/schema";
import { formatInstant, timeZoneCity } from "../../domain/format";
import { adminRecordPath } from "../../shared/admin-records";
import type { MailMessage } from "../outbox.server";
import { optionalVisitorText, type QuotedVisitorText, quotedVisitorText, type VisitorText, visitorText } from "../visitor-text";
import { plainText } from "./layout";

const urgencyLabel: Record<string, string> = {
  low: "Low (general inquiry)",
  normal: "Normal (within 24 hours)",
  high: "High (within 6 hours)",
  emergency: "EMERGENCY (immediate response)",
};

/** An enquiry as its notice quotes it: what the visitor typed, each field through the sanitiser. */
export type ContactNotice = {
  id: string;
  name: VisitorText;
  email: VisitorText;
  phone: VisitorText | null;
  message: QuotedVisitorText;
  urgency: string;
  createdAt: Date;
};

/** The enquiry's fields made safe to quote (the caps are the contact form's own). */
export function contactNotice(contact: Contact): ContactNotice {
  return {
    id: contact.id,
    name: visitorText(contact.name, 100),
    email: visitorText(contact.email, 200),
    phone: optionalVisitorText(contact.phone, 40),
    message: quotedVisitorText(contact.message, 5000),
    urgency: contact.urgency,
    createdAt: contact.createdAt,
  };
}

/** What the notice is sent with besides the enquiry: where it goes, its service's label, and the business's origin and time zone. */
export type ContactNoticeContext = { serviceLabel: string; businessEmail: string; origin: string; timeZone: string };

/** The business's notice of a new contact enquiry, with a link to it in the admin portal. */
export function contactNotification(contact: ContactNotice, m: ContactNoticeContext): MailMessage {
  const urgent = contact.urgency === "high" || contact.urgency === "emergency";
  return {
    to: m.businessEmail,
    replyTo: contact.email,
    subject: `${urgent ? "[URGENT] " : ""}New enquiry from ${contact.name}: ${m.serviceLabel}`,
    text: plainText([
      `A new enquiry arrived through the contact form.`,
      ``,
      `Name: ${contact.name}`,
      `E-mail: ${contact.email}`,
      `Phone: ${contact.phone ?? "(not given)"}`,
      `Service: ${m.serviceLabel}`,
      `Urgency: ${urgencyLabel[contact.urgency] ?? contact.urgency}`,
      `Received: ${formatInstant(contact.createdAt, m.timeZone)} (${timeZoneCity(m.timeZone)} time)`,
      ``,
      `Message:`,
      contact.message,
      ``,
      `Reply to this e-mail to answer the client directly.`,
      `See it in the admin portal: ${m.origin}${adminRecordPath("contacts", contact.id)}`,
    ]),
  };
}
