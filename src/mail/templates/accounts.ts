/** E-mails about a customer's account. */
import type { MailMessage } from "../outbox.server";
import { plainText } from "./layout";

/** The one-time password reset link. */
export function passwordResetMail(to: string, link: string, businessName: string): MailMessage {
  return {
    to,
    subject: "Reset your password",
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
    subject: "Confirm your e-mail address",
    text: plainText([
      `Please confirm that this e-mail address belongs to your ${businessName} account:`,
      link,
      ``,
      `The link works within 48 hours; opened within the hour in the browser you signed up in, it signs you in too. If you did not create an account or change your e-mail address, you can ignore this e-mail.`,
    ]),
  };
}

/**
 * Sent instead of a new account when someone signs up with an address that already has one: the
 * sign-up page answers the same either way, so only the address's owner learns of it.
 */
export function signUpAttemptMail(to: string, origin: string, businessName: string): MailMessage {
  return {
    to,
    subject: "Someone tried to create an account with your e-mail address",
    text: plainText([
      `Someone (perhaps you) just tried to create a ${businessName} account with this e-mail address. It already has an account, so nothing was changed and no new account was made.`,
      ``,
      `If it was you, sign in here:`,
      `${origin}/login`,
      ``,
      `If you have forgotten your password, choose a new one here:`,
      `${origin}/forgot-password`,
      ``,
      `If it was not you, you can ignore this e-mail: your account and its password stay as they are.`,
    ]),
  };
}
