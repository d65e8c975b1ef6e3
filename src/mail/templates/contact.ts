/** The business's e-mail about a contact enquiry. */
import type { Contact } from "../../db/schema";
import { adminRecordPath } from "../../shared/admin-records";
import type { MailMessage } from "../outbox.server";
import { plainText } from "./layout";

const urgencyLabel: Record<string, string> = {
  low: "Low (general inquiry)",
  normal: "Normal (within 24 hours)",
  high: "High (within 6 hours)",
  emergency: "EMERGENCY (immediate response)",
};

/** The business's notice of a new contact enquiry; `origin` is the site's, for the link to the enquiry in the admin portal. */
export function contactNotification(contact: Contact, serviceLabel: string, businessEmail: string, origin: string): MailMessage {
  const urgent = contact.urgency === "high" || contact.urgency === "emergency";
  return {
    to: businessEmail,
    replyTo: contact.email,
    subject: `${urgent ? "[URGENT] " : ""}New enquiry from ${contact.name}: ${serviceLabel}`,
    text: plainText([
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
      `See it in the admin portal: ${origin}${adminRecordPath("contacts", contact.id)}`,
    ]),
  };
}
