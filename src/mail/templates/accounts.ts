/** E-mails about a customer's account. */
import type { MailMessage } from "../outbox.server";
import { plainText } from "./layout";

/** The one-time password reset link. */
export function passwordResetMail(to: string, link: string, businessName: string): MailMessage {
  return {
    to,
    subject: `Reset your ${businessName} password`,
    text: plainText([
      `Someone (hopefully you) asked to reset the password of the ${businessName} account for this e-mail address.`,
      ``,
      `Choose a new password here (the link works once, within one hour):`,
      link,
      ``,
      `If you did not ask for this, you can ignore this e-mail: your password stays as it is.`,
    ]),
  };
}

/** The one-time link that confirms a customer's e-mail address. */
export function emailVerificationMail(to: string, link: string, businessName: string): MailMessage {
  return {
    to,
    subject: `Confirm your e-mail address for ${businessName}`,
    text: plainText([
      `Please confirm that this e-mail address belongs to your ${businessName} account:`,
      link,
      ``,
      `The link works within 48 hours. If you did not create an account or change your e-mail address, you can ignore this e-mail.`,
    ]),
  };
}
