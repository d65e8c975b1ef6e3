/**
 * How a customer pays by a manual method (bank transfer, crypto, cash deposit), in the words the
 * order's page and its e-mails both show, and the "reply or call" phrase every message ends with.
 */
import type { OrderPaymentMethod } from "../shared/checkout";
import type { OrderView } from "../shared/orders";
import type { Settings } from "../shared/settings";
import { formatMoneyWithCode } from "./format";
import { cryptoAddresses } from "./payment";

/** The settings an order's payment instructions and its e-mails read. */
export type ManualPaymentSettings = Pick<
  Settings,
  "businessName" | "phone" | "btcAddress" | "ethAddress" | "usdcSolAddress" | "bankAccountName" | "bankBsb" | "bankAccountNumber" | "manualOrderHoldDays"
>;

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
  switch (order.paymentMethod as OrderPaymentMethod) {
    case "bank_transfer":
      return s.bankAccountNumber
        ? [
            `Transfer ${amount} to:`,
            `  Account name: ${s.bankAccountName}`,
            `  BSB: ${s.bankBsb}`,
            `  Account number: ${s.bankAccountNumber}`,
            `  Reference: ${reference}`,
            `Transfers usually arrive within one business day; we ship once it has.`,
          ]
        : [`Our bank details will follow by e-mail. When they arrive, transfer ${amount} with the reference ${reference}.`];
    case "crypto": {
      const coins = cryptoAddresses(s);
      return coins.length > 0
        ? [
            `Send the exact equivalent of ${amount} (the crypto discount is already taken off) to one of these addresses:`,
            ...coins.map((c) => `  ${c.coin} (${c.network}): ${c.address}`),
            `Put ${reference} in the transaction memo. Payments are confirmed after 1-6 network confirmations.`,
          ]
        : [`A payment address will follow by e-mail. When it arrives, send the exact equivalent of ${amount} and quote ${reference} with the payment.`];
    }
    case "cash_deposit":
      return [
        `${ReplyOrCall(s.phone)} and we will send deposit locations within 30 minutes.`,
        `Deposit exactly ${amount} and write ${reference} on the deposit slip.`,
      ];
    default:
      return [];
  }
}

/**
 * "reply to this e-mail or call +61 8 …", or only "reply to this e-mail" while the business has no
 * real phone number (a placeholder is emptied before it reaches a template, decision 037).
 */
export function replyOrCall(phone: string): string {
  return phone.trim() ? `reply to this e-mail or call ${phone.trim()}` : "reply to this e-mail";
}

/** The same, starting a sentence. */
export function ReplyOrCall(phone: string): string {
  const text = replyOrCall(phone);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
