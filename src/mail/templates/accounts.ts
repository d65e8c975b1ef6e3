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
