/**
 * Interest-free payment plans (decision 085), as pure rules: the schedule of a booking paid in 2, 3
 * or 4 instalments, whether a booking may have one, each instalment's status, which one is paid
 * next, and which reminder is due. Amounts are integer cents; dates are "YYYY-MM-DD" in the
 * business's time zone. 0% interest: the instalments always add up to the booking's price.
 */
import type { InstalmentStatus, PlanOption } from "../shared/payment-plan";
import { formatDate } from "./format";
import { addDays, daysBetween } from "./timezone";
import { centsToDecimal, toCents } from "./pricing";

/** The plans on offer besides paying in full. */
export const planCounts = [2, 3, 4] as const;

/** One instalment of a schedule: its number (1 first), its amount in cents and its due date. */
export type ScheduledInstalment = { number: number; cents: number; dueOn: string };

/**
 * Splits `totalCents` into `count` equal instalments, the cents that do not divide evenly added to
 * the first, so they always add up to the total; the first is due on `firstDue` (the day the plan
 * is made) and each next one `intervalDays` later. Null when the total cannot be split into
 * `count` parts of at least one cent each (or the arguments are not whole, positive numbers).
 */
export function planSchedule(totalCents: number, count: number, firstDue: string, intervalDays: number): ScheduledInstalment[] | null {
  if (!Number.isSafeInteger(totalCents) || !Number.isInteger(count) || count < 1 || !Number.isInteger(intervalDays) || intervalDays < 1) return null;
  if (totalCents < count) return null;
  const part = Math.floor(totalCents / count);
  const leftover = totalCents - part * count;
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    cents: i === 0 ? part + leftover : part,
    dueOn: addDays(firstDue, i * intervalDays),
  }));
}

/** The plan settings (`shared/settings.ts`). */
export type PlanSettings = {
  paymentPlansEnabled: boolean;
  /** "all", or the services' ids separated by commas. */
  paymentPlanServiceIds: string;
  /** The smallest booking price a plan is offered for, in the booking's currency. */
  paymentPlanMinimumTotal: number | string;
  paymentPlanIntervalDays: number;
};

/** Whether the services setting offers plans for `serviceId` (a booking without a service has none). */
export function planOfferedForService(serviceIds: string, serviceId: string | null): boolean {
  if (serviceId === null) return false;
  const list = serviceIds.trim().toLowerCase();
  if (list === "all") return true;
  return list.split(",").some((id) => id.trim() === serviceId.toLowerCase());
}

/** What of a booking decides whether it may have a plan. */
export type PlanCandidate = {
  serviceId: string | null;
  totalCents: number;
  bookingStatus: string;
  /** True once any of its payments completed (paid, or paid in part). */
  anythingPaid: boolean;
  /** True while a payment of it is being checked by the owner. */
  underReview: boolean;
};

export type PlanRefusal = { ok: false; reason: "off" | "service" | "minimum" | "cancelled" | "paid" | "too_small"; message: string };

/** Why a plan cannot be made, in the customer's words. */
export const planRefusalMessages = {
  off: "Payment plans are not offered at the moment. Please pay in full, or contact us to arrange payment.",
  service: "Payment plans are not offered for this service. Please pay in full, or contact us to arrange payment.",
  minimum: (minimum: string) => `Payment plans are offered for bookings of ${minimum} or more. Please pay this one in full.`,
  cancelled: "This booking is cancelled, so there is nothing to pay.",
  paid: "This booking has been paid already, in full or in part, so a payment plan cannot be started now.",
  review: "A payment for this booking is being checked. Please don't pay again; we will contact you.",
  tooSmall: "This booking's price cannot be split into that many payments.",
} as const;

/**
 * Whether a booking may be put on a plan of `count` payments: the plans setting on, its service
 * among those plans are offered for, its price at least the minimum, and the booking neither
 * cancelled nor paid (in full or in part) nor being checked. `minimumLabel` is the minimum as the
 * customer reads it ("$300").
 */
export function planAllowed(settings: PlanSettings, booking: PlanCandidate, count: number, minimumLabel: string): { ok: true } | PlanRefusal {
  if (booking.bookingStatus === "cancelled") return { ok: false, reason: "cancelled", message: planRefusalMessages.cancelled };
  if (booking.anythingPaid) return { ok: false, reason: "paid", message: planRefusalMessages.paid };
  if (booking.underReview) return { ok: false, reason: "paid", message: planRefusalMessages.review };
  if (!settings.paymentPlansEnabled) return { ok: false, reason: "off", message: planRefusalMessages.off };
  if (!planOfferedForService(settings.paymentPlanServiceIds, booking.serviceId)) return { ok: false, reason: "service", message: planRefusalMessages.service };
  const minimum = toCents(settings.paymentPlanMinimumTotal);
  if (minimum === null || booking.totalCents < minimum) return { ok: false, reason: "minimum", message: planRefusalMessages.minimum(minimumLabel) };
  if (booking.totalCents < count) return { ok: false, reason: "too_small", message: planRefusalMessages.tooSmall };
  return { ok: true };
}

/** The plans the payment dialog offers a booking that may have one (none when it may not), first due `today`. */
export function planOptions(settings: PlanSettings, booking: PlanCandidate, today: string): PlanOption[] {
  const options: PlanOption[] = [];
  for (const count of planCounts) {
    if (!planAllowed(settings, booking, count, "").ok) continue;
    const schedule = planSchedule(booking.totalCents, count, today, settings.paymentPlanIntervalDays);
    if (schedule) options.push({ count, amounts: schedule.map((s) => centsToDecimal(s.cents)), dueOn: schedule.map((s) => s.dueOn) });
  }
  return options;
}

/** What decides an instalment's status: when it is due, whether it was cancelled, and what became of its money. */
export type InstalmentState = {
  dueOn: string;
  cancelled: boolean;
  /** `paid` once its payment completed (a refund still owed is still paid), `refunded` once the money went back. */
  money: "paid" | "refunded" | null;
};

/**
 * An instalment's status on `today`: its money first (paid, refunded), then cancelled, then by its
 * date: due on the day, overdue after it, upcoming before.
 */
export function instalmentStatus(instalment: InstalmentState, today: string): InstalmentStatus {
  if (instalment.money === "paid") return "paid";
  if (instalment.money === "refunded") return "refunded";
  if (instalment.cancelled) return "cancelled";
  if (instalment.dueOn === today) return "due";
  return instalment.dueOn < today ? "overdue" : "upcoming";
}

/** The instalment a payment pays next: the first neither paid nor cancelled (undefined when none is left). */
export function nextInstalment<T extends { number: number; cancelled: boolean; money: InstalmentState["money"] }>(instalments: readonly T[]): T | undefined {
  return [...instalments].sort((a, b) => a.number - b.number).find((i) => !i.cancelled && i.money === null);
}

/** Whole days an instalment is past its due date on `today` (0 when it is not). */
export function daysOverdue(dueOn: string, today: string): number {
  return Math.max(0, daysBetween(dueOn, today));
}

export type PlanReminderKind = "before" | "due";

/**
 * The reminder an unpaid instalment is owed on `today`, if any: `reminderDays` before its due date
 * (from that day until the day before it) and on the day itself, each once. The first instalment is
 * never reminded: it is asked for, with its instructions, the day the plan is made.
 */
export function planReminderDue(
  instalment: { number: number; dueOn: string; remindedBefore: boolean; remindedDue: boolean },
  today: string,
  reminderDays: number,
): PlanReminderKind | null {
  if (instalment.number === 1) return null;
  if (instalment.dueOn === today) return instalment.remindedDue ? null : "due";
  if (reminderDays > 0 && today < instalment.dueOn && today >= addDays(instalment.dueOn, -reminderDays)) return instalment.remindedBefore ? null : "before";
  return null;
}

const centsFormats = new Map<string, Intl.NumberFormat>();

/** An instalment's amount always with its cents ("$116.00"): the parts of a plan differ by cents, so every one shows them. */
export function formatInstalmentAmount(amount: string, currency: string): string {
  let f = centsFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { style: "currency", currency, currencyDisplay: "narrowSymbol", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    centsFormats.set(currency, f);
  }
  return f.format(Number(amount));
}

/** The instalment a payment asks for, as its e-mail names it. */
export type InstalmentLine = {
  number: number;
  of: number;
  amount: string;
  currency: string;
  dueOn: string;
  next: { amount: string; dueOn: string } | null;
};

/**
 * "Payment 1 of 3: $116.00 AUD, due today; the next $116.00 on 13 Dec": what a payment of a plan
 * asks for, on `today` (the business's date); the last says it is the last.
 */
export function instalmentLine(i: InstalmentLine, today: string): string {
  const due = i.dueOn === today ? "due today" : i.dueOn < today ? `due since ${formatDate(i.dueOn, "dayMonth")}` : `due ${formatDate(i.dueOn, "dayMonth")}`;
  const then = i.next
    ? `; the next ${formatInstalmentAmount(i.next.amount, i.currency)} on ${formatDate(i.next.dueOn, "dayMonth")}`
    : i.of > 1
      ? "; the last payment of your plan"
      : "";
  return `Payment ${i.number} of ${i.of}: ${formatInstalmentAmount(i.amount, i.currency)} ${i.currency}, ${due}${then}`;
}
