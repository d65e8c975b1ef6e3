/** The one-time link that confirms a customer's e-mail address. */
import type { MailMessage } from "../outbox.server";

export function emailVerificationMail(to: string, link: string, businessName: string): MailMessage {
  return {
    to,
    subject: `Confirm your e-mail address for ${businessName}`,
    text: [
      `Please confirm that this e-mail address belongs to your ${businessName} account:`,
      link,
      ``,
      `The link works within 48 hours. If you did not create an account or change your e-mail address, you can ignore this e-mail.`,
    ].join("\n"),
  };
}
