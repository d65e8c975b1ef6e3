/**
 * The e-mails of payment plans (decision 085): the reminder some days before an instalment is due
 * and the one on its due date. They name the booking by its reference, never its service (decision
 * 069), and link to the booking's page, where the customer pays it.
 */
import { formatDate } from "../../domain/format";
import { formatInstalmentAmount } from "../../domain/payment-plan";
import { replyOrCall } from "../../domain/payment-instructions";
import type { MailMessage } from "../outbox.server";
import type { VisitorText } from "../visitor-text";
import { plainText } from "./layout";

export type PlanReminderMailInput = {
  kind: "before" | "due";
  to: string;
  firstName: VisitorText | null;
  reference: string;
  number: number;
  of: number;
  amount: string;
  currency: string;
  /** YYYY-MM-DD in the business's time zone. */
  dueOn: string;
  /** The booking's page, where it is paid. */
  pageUrl: string;
  businessName: string;
  businessEmail: string;
  businessPhone: string;
};

/** A reminder of an instalment of the customer's payment plan: due in a few days, or due today. */
export function planReminderMail(m: PlanReminderMailInput): MailMessage {
  const amount = `${formatInstalmentAmount(m.amount, m.currency)} ${m.currency}`;
  const due = m.kind === "due" ? "today" : `on ${formatDate(m.dueOn, "full")}`;
  return {
    to: m.to,
    replyTo: m.businessEmail,
    subject:
      m.kind === "due"
        ? `Payment ${m.number} of ${m.of} is due today: booking ${m.reference}`
        : `Payment ${m.number} of ${m.of} is due soon: booking ${m.reference}`,
    text: plainText([
      m.firstName ? `Hello ${m.firstName},` : "Hello,",
      ``,
      `Payment ${m.number} of ${m.of} of your interest-free payment plan is due ${due}.`,
      ``,
      `Amount: ${amount}`,
      `Due: ${formatDate(m.dueOn, "full")}`,
      `Booking reference: ${m.reference}`,
      ``,
      `To pay it, open your booking and choose Pay:`,
      m.pageUrl,
      ``,
      `If you have paid it already, thank you: there is nothing more to do. Questions: ${replyOrCall(m.businessPhone)}.`,
      ``,
      m.businessName,
    ]),
  };
}
