/**
 * How a booking's payment plan reads, wherever it is shown: the payment dialog's choice, the
 * booking's page, the dashboard and the booking record in the back office. Pure, so the server's
 * pages and the islands say it the same way.
 */
import { formatDate, formatListInstantDate, formatMoney } from "../../domain/format";
import { toCents } from "../../domain/pricing";
import type { PlanInstalmentView, PlanOption, PlanView } from "../../shared/payment-plan";

/** "13 Dec": a due date (YYYY-MM-DD in the business's time zone). */
export const dueDateText = (dueOn: string) => formatDate(dueOn, "dayMonth");

/** "A and B", "A, B and C". */
function joinAnd(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The words of one choice: "Pay in full" or "3 payments". */
export const planChoiceLabel = (count: number) => (count === 1 ? "Pay in full" : `${count} payments`);

/**
 * A plan's schedule in a sentence: "$116 today, then $116 on 13 Dec and 27 Dec". The first is due
 * the day the plan is made; the later ones share one amount, the leftover cents being on the first.
 */
export function scheduleText(option: Pick<PlanOption, "amounts" | "dueOn">, currency: string): string {
  const [first, ...rest] = option.amounts.map((a) => formatMoney(a, currency));
  const later = option.dueOn.slice(1).map(dueDateText);
  if (rest.length === 0) return `${first} today`;
  const sameAmount = rest.every((a) => a === rest[0]);
  const then = sameAmount ? `${rest[0]} on ${joinAnd(later)}` : joinAnd(rest.map((a, i) => `${a} on ${later[i]}`));
  return `${first} today, then ${then}`;
}

/** Whether a plan's instalments add up to the price exactly, to the cent: only then is it "0% interest". */
export function interestFree(amounts: readonly string[], total: string): boolean {
  const totalCents = toCents(total);
  return totalCents !== null && amounts.reduce((sum, a) => sum + (toCents(a) ?? Number.NaN), 0) === totalCents;
}

/** "Payment 1 of 3". */
export const paymentOfText = (part: { number: number; of: number }) => `Payment ${part.number} of ${part.of}`;

/** The instalment to pay next: the first one still owed (due, overdue or upcoming), or null once none is. */
export function nextInstalment(plan: PlanView): PlanInstalmentView | null {
  return plan.instalments.find((i) => i.status === "due" || i.status === "overdue" || i.status === "upcoming") ?? null;
}

/** "Pay instalment 2 of 3: $116, due 13 Dec" (or "due today", "overdue since 13 Dec"). */
export function nextInstalmentText(plan: PlanView, instalment: PlanInstalmentView): string {
  const when =
    instalment.status === "due"
      ? "due today"
      : instalment.status === "overdue"
        ? `overdue since ${dueDateText(instalment.dueOn)}`
        : `due ${dueDateText(instalment.dueOn)}`;
  return `Pay instalment ${instalment.number} of ${plan.count}: ${formatMoney(instalment.amount, plan.currency)}, ${when}`;
}

/** How many instalments are paid: "2 of 3 paid". */
export function planProgressText(plan: PlanView): string {
  return `${plan.instalments.filter((i) => i.status === "paid").length} of ${plan.count} paid`;
}

/**
 * One instalment's state in words: "Paid on 29 Nov", "Due today", "Overdue since 13 Dec",
 * "Upcoming", "Cancelled", "Refunded". `timeZone` is the business's (settings), for the day it was paid.
 */
export function instalmentStatusText(instalment: PlanInstalmentView, timeZone: string, now: Date = new Date()): string {
  switch (instalment.status) {
    case "paid":
      return instalment.paidAt ? `Paid on ${formatListInstantDate(instalment.paidAt, timeZone, now)}` : "Paid";
    case "due":
      return "Due today";
    case "overdue":
      return `Overdue since ${dueDateText(instalment.dueOn)}`;
    case "upcoming":
      return "Upcoming";
    case "cancelled":
      return "Cancelled";
    case "refunded":
      return "Refunded";
  }
}
