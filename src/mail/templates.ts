/** The texts of the e-mails the site sends. Plain text first: it reads well everywhere. */
import type { Contact } from "../db/schema";
import type { MailMessage } from "./outbox.server";

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
