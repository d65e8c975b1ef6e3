/**
 * How a customer pays by a manual method (bank transfer, crypto, cash deposit), in the words the
 * order's page and its e-mails both show, and the "reply or call" phrase every message ends with.
 * The details come from the one rule of what is on offer (`methodsOnOffer`, decision 067): a
 * placeholder never reaches a customer, and nothing here asks a customer to reply, since a web
 * page shows these lines too (the e-mails add their own "reply or call").
 */
import type { OrderView } from "../shared/orders";
import type { Settings } from "../shared/settings";
import { formatMoneyWithCode } from "./format";
import { type PaymentMethodSettings, methodsOnOffer } from "./payment-methods";
import type { CryptoAddress } from "./payment";

/** The settings an order's payment instructions and its e-mails read. */
export type ManualPaymentSettings = PaymentMethodSettings & Pick<Settings, "businessName" | "phone" | "manualOrderHoldDays">;

/**
 * The crypto memo rule, in one place for the page, the dialog and the e-mails: a memo is public
 * and permanent on a blockchain, so it carries only the payment's reference, never a name or an
 * e-mail address.
 */
export function cryptoMemoLine(reference: string): string {
  return `If your wallet has a memo or note field, put only ${reference} in it. A memo is public and permanent, so never put your name or e-mail address there.`;
}

/**
 * The coins' addresses as text, stacked: the coin on one line and its address on the next, so a
 * long address wraps on a phone instead of widening a table (the HTML part turns the coin into a
 * heading over its address).
 */
export function cryptoAddressLines(coins: readonly CryptoAddress[], indent = ""): string[] {
  return coins.flatMap((c) => [`${indent}${c.coin} (${c.network}):`, `${indent}  ${c.address}`]);
}

/**
 * How to pay an order by a manual method, with the order number as the reference. The same lines
 * are shown on the order's page.
 */
export function manualPaymentInstructions(
  order: Pick<OrderView, "orderNumber" | "totalAmount" | "currency" | "paymentMethod">,
  s: ManualPaymentSettings,
): string[] {
  const amount = formatMoneyWithCode(order.totalAmount, order.currency);
  const reference = order.orderNumber;
  const on = methodsOnOffer(s, { paypalConfigured: false });
  switch (order.paymentMethod) {
    case "bank_transfer":
      return on.bank
        ? [
            `Transfer ${amount} to:`,
            `  Account name: ${on.bank.accountName}`,
            `  BSB: ${on.bank.bsb}`,
            `  Account number: ${on.bank.accountNumber}`,
            `  Reference: ${reference}`,
            `Transfers usually arrive within one business day; we ship once it has.`,
          ]
        : // Only an order placed before the account was removed: the owner's checklist asks for it.
          [`We are updating our bank details and will e-mail them to you within one business day. Then transfer ${amount} with the reference ${reference}.`];
    case "crypto":
      return on.crypto.length > 0
        ? [
            `Send the exact equivalent of ${amount} (the crypto discount is already taken off) to one of the addresses below.`,
            cryptoMemoLine(reference),
            `Payments are confirmed after 1-6 network confirmations.`,
            ...cryptoAddressLines(on.crypto),
          ]
        : [`We are updating our payment addresses and will e-mail one to you within one business day. Then send the exact equivalent of ${amount}.`];
    case "cash_deposit":
      return [`We will e-mail you where to deposit the cash.`, `Deposit exactly ${amount} and write ${reference} on the deposit slip.`];
    default:
      return [];
  }
}

/**
 * "reply to this e-mail or call +61 8 …", or only "reply to this e-mail" while the business has no
 * real phone number (a placeholder is emptied before it reaches a template, decision 037). For
 * e-mails only: a web page links to the contact page instead.
 */
export function replyOrCall(phone: string): string {
  return phone.trim() ? `reply to this e-mail or call ${phone.trim()}` : "reply to this e-mail";
}

/** The same, starting a sentence. */
export function ReplyOrCall(phone: string): string {
  const text = replyOrCall(phone);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
