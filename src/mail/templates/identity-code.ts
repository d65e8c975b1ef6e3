/** The one-time code a customer asked for to show it is still them (decision 081). */
import type { MailMessage } from "../outbox.server";
import { plainText } from "./layout";

/**
 * The code, and what to do if they did not ask for it. It says nothing of why it was asked for:
 * a lock screen or a shared inbox must not learn that the account holds case files.
 */
export function identityCodeMail(to: string, code: string, businessName: string): MailMessage {
  return {
    to,
    subject: "Your confirmation code",
    text: plainText([
      `Your code to confirm it is you on your ${businessName} account is:`,
      ``,
      code,
      ``,
      `It works once, within 10 minutes. Nobody from the business will ever ask you for it.`,
      ``,
      `If you did not ask for a code, someone may be signed in to your account: change your password, which signs out everyone else.`,
    ]),
  };
}
