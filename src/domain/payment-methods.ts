/**
 * Which ways to pay the business offers right now: the one rule the checkout, the payment dialog,
 * order pages, instruction e-mails, the product page's payment line and every promise (the crypto
 * discount) follow (decision 067). A method is on offer only when it is configured with real
 * details, never with a shipped placeholder (decision 037):
 * - card and PayPal: PayPal's credentials are set (the environment, read by the caller);
 * - cryptocurrency: at least one coin has a real address;
 * - bank transfer: the account name, BSB and account number are all real;
 * - cash deposit: always (the business sends the deposit locations itself).
 * A discount for a method not on offer is neither shown nor charged.
 */
import { customerFacingSettings, type PlaceholderSettingKey } from "../shared/go-live";
import { type OrderPaymentMethod, orderPaymentMethods } from "../shared/checkout";
import type { Settings } from "../shared/settings";
import { type CryptoAddress, cryptoAddresses } from "./payment";

/** The settings the rule reads (raw or already customer-facing: placeholders are emptied either way). */
export type PaymentMethodSettings = Pick<Settings, PlaceholderSettingKey | "bankAccountName">;

/** What the environment says: only whether PayPal's credentials are set, never their values. */
export type PaymentMethodFacts = { paypalConfigured: boolean };

/** The business's bank account as customers pay into it. */
export type BankAccount = { accountName: string; bsb: string; accountNumber: string };

export type MethodsOnOffer = {
  /** Card and PayPal balance, through PayPal. */
  paypal: boolean;
  /** The coins with a real address; none means cryptocurrency is not on offer. */
  crypto: CryptoAddress[];
  /** The real bank account, or null: bank transfer is not on offer. */
  bank: BankAccount | null;
  /** Cash deposit: the business e-mails the deposit locations. */
  cash: boolean;
};

/** The methods on offer, from the settings and whether PayPal is configured. */
export function methodsOnOffer(settings: PaymentMethodSettings, facts: PaymentMethodFacts): MethodsOnOffer {
  const shown = customerFacingSettings(settings);
  const accountName = shown.bankAccountName.trim();
  const bsb = shown.bankBsb.trim();
  const accountNumber = shown.bankAccountNumber.trim();
  return {
    paypal: facts.paypalConfigured,
    crypto: cryptoAddresses(shown),
    bank: accountName && bsb && accountNumber ? { accountName, bsb, accountNumber } : null,
    cash: true,
  };
}

/** Whether a shop order may be placed to be paid by `method`. */
export function orderMethodOnOffer(on: MethodsOnOffer, method: OrderPaymentMethod): boolean {
  switch (method) {
    case "paypal":
      return on.paypal;
    case "crypto":
      return on.crypto.length > 0;
    case "bank_transfer":
      return on.bank !== null;
    case "cash_deposit":
      return on.cash;
  }
}

/** The shop order's payment methods on offer, in the checkout's order. */
export function orderMethodsOnOffer(on: MethodsOnOffer): OrderPaymentMethod[] {
  return orderPaymentMethods.filter((m) => orderMethodOnOffer(on, m));
}

/** Whether the crypto discount may be promised or applied: only when cryptocurrency is on offer. */
export function cryptoOnOffer(on: MethodsOnOffer): boolean {
  return on.crypto.length > 0;
}

/** "a, b or c". */
function orList(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/** The ways to pay in a customer's words: "card, PayPal, bank transfer, cryptocurrency or cash deposit". */
export function paymentMethodsPhrase(on: MethodsOnOffer): string {
  return orList([
    ...(on.paypal ? ["card", "PayPal"] : []),
    ...(on.bank ? ["bank transfer"] : []),
    ...(on.crypto.length > 0 ? ["cryptocurrency"] : []),
    ...(on.cash ? ["cash deposit"] : []),
  ]);
}
