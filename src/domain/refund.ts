/**
 * Refunds (pure rules): what a refund is while it is owed, and how its money goes back. A PayPal
 * payment is refunded through PayPal at once (`completed`); any other way of paying (bank transfer,
 * cash, cryptocurrency) the owner pays back by hand, so the refund is first `owed` (on the to-do
 * list, the customer told it is on its way) and `sent` only once the owner says the money went.
 */
export const refundStatuses = ["owed", "sent", "completed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const refundStatusLabels: Record<RefundStatus, string> = {
  owed: "Refund owed",
  sent: "Refund sent",
  completed: "Refunded through PayPal",
};

/** Whether the site can refund a payment made by `method` itself (through PayPal), or the owner must send it. */
export function refundedByPayPal(method: string | null): boolean {
  return method === "paypal";
}

/** A "sent on" date the owner may give: a real YYYY-MM-DD day no later than `today` (the business's date). */
export function sentOnProblem(sentOn: string, today: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(sentOn);
  if (!m) return "Give the date as YYYY-MM-DD.";
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return "That date does not exist.";
  if (sentOn > today) return "The date the refund was sent cannot be later than today.";
  return null;
}

const refundMethodNames: Record<string, string> = {
  paypal: "PayPal",
  bank_transfer: "Bank transfer",
  instructions: "Bank transfer or cryptocurrency (as they paid)",
  crypto: "Cryptocurrency",
  cash_deposit: "Cash deposit",
  cash: "Cash deposit",
  manual: "As they paid",
};

/** How a refund goes back, in the owner's words: the way the customer paid. */
export function refundMethodLabel(method: string): string {
  return refundMethodNames[method] ?? method;
}

/** "$328.00": a refund's amount to the cent (the customer matches it to a statement). */
export function formatRefundMoney(amount: string, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency, currencyDisplay: "narrowSymbol", minimumFractionDigits: 2 }).format(Number(amount));
}

/** "$328.00 AUD": a refund to the cent, with its currency. */
export function refundAmountText(amount: string, currency: string): string {
  return `${formatRefundMoney(amount, currency)} ${currency}`;
}

/**
 * What the site knows of where to send a refund paid back by hand. It keeps no customer's bank
 * account or wallet: the money goes back where it came from, or where the customer replies with
 * (their "on its way" e-mail asks them to reply when it should go elsewhere).
 */
export function refundWhereText(method: string): string {
  switch (method) {
    case "bank_transfer":
    case "instructions":
      return "no bank details kept: send it to the account their payment came from (see your bank statement), unless they reply with another";
    case "crypto":
      return "send it to the address their payment came from (see your wallet), unless they reply with another";
    case "cash":
    case "cash_deposit":
      return "paid in cash: they were asked to reply with an account to send it to";
    default:
      return "send it back the way they paid, unless they reply with other details";
  }
}
