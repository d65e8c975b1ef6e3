/**
 * Payment plans (decision 085): a booking paid in 2, 3 or 4 instalments. The plan and its
 * instalments are rows of their own; each instalment is paid by the booking's ordinary payment
 * rows carrying its `instalment_number`, so each paid instalment is a payment with its own tax
 * invoice, and the owner's payments list, refunds and reports need nothing new. The functions
 * marked "inside the caller's transaction" are called by the booking's payment writes
 * (`booking-payments.server.ts`) and its cancellation; the others are each one transaction.
 */
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { bookingPagePath } from "../domain/booking";
import { bookingOffer } from "../domain/booking-payment";
import {
  daysOverdue,
  instalmentStatus,
  type InstalmentLine,
  type InstalmentState,
  nextInstalment,
  planAllowed,
  planOptions,
  planReminderDue,
  type PlanReminderKind,
  planSchedule,
} from "../domain/payment-plan";
import { formatMoney } from "../domain/format";
import { formatInvoiceNumber } from "../domain/invoice";
import { openPaymentStatuses, type PaymentStatus, replaceablePaymentStatuses, type ServiceOffer } from "../domain/payment";
import { centsToDecimal, toCents } from "../domain/pricing";
import { addDays, localDate } from "../domain/timezone";
import { enqueueMail, type MailMessage } from "../mail/outbox.server";
import type { BookingPlanData, InstalmentRequested, PlanOption, PlanView } from "../shared/payment-plan";
import type { Settings } from "../shared/settings";
import type { Booking } from "./bookings.server";
import { immediate, type Db } from "./client.server";
import { bookings, invoices, paymentPlans, payments, planInstalments, users } from "./schema";
import { getSettings } from "./settings.server";

export type PaymentPlanRow = typeof paymentPlans.$inferSelect;
export type PlanInstalmentRow = typeof planInstalments.$inferSelect;

/** The business's date today ("YYYY-MM-DD"), the date instalments fall due in. */
export function businessToday(settings: Pick<Settings, "timezone">, now: Date): string {
  return localDate(now, settings.timezone);
}

/** Payment statuses that mean an instalment's money arrived (a refund still owed is still money paid). */
const paidStatuses: readonly string[] = ["completed", "refund_owed"];

/** What became of an instalment's money, from its payment rows. */
function moneyOf(rows: readonly { status: string }[]): InstalmentState["money"] {
  if (rows.some((r) => paidStatuses.includes(r.status))) return "paid";
  if (rows.some((r) => r.status === "refunded")) return "refunded";
  return null;
}

type InstalmentPayment = {
  bookingId: string | null;
  instalmentNumber: number | null;
  id: string;
  status: PaymentStatus;
  method: string;
  referenceCode: string;
  paidAt: Date | null;
  createdAt: Date;
  invoiceNumber: number | null;
};

/** The payment rows of `bookingIds` that pay instalments, with their invoice numbers. */
function instalmentPayments(db: Db, bookingIds: readonly string[]): InstalmentPayment[] {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: payments.bookingId,
      instalmentNumber: payments.instalmentNumber,
      id: payments.id,
      status: payments.status,
      method: payments.method,
      referenceCode: payments.referenceCode,
      paidAt: payments.paidAt,
      createdAt: payments.createdAt,
      invoiceNumber: invoices.number,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.paymentId, payments.id))
    .where(and(inArray(payments.bookingId, [...bookingIds])))
    .all()
    .filter((p) => p.instalmentNumber !== null);
}

/** A booking's plan and its instalments (numbered order), whether or not it was cancelled; undefined without one. */
export function planOfBooking(db: Db, bookingId: string): { plan: PaymentPlanRow; instalments: PlanInstalmentRow[] } | undefined {
  const plan = db.select().from(paymentPlans).where(eq(paymentPlans.bookingId, bookingId)).get();
  if (!plan) return undefined;
  const instalments = db.select().from(planInstalments).where(eq(planInstalments.bookingId, bookingId)).orderBy(asc(planInstalments.number)).all();
  return { plan, instalments };
}

/** How many instalments each of `bookingIds` with a plan is paid in (those without one are absent). */
export function planCountsOf(db: Db, bookingIds: readonly string[]): Map<string, number> {
  if (bookingIds.length === 0) return new Map();
  const rows = db
    .select({ bookingId: paymentPlans.bookingId, count: paymentPlans.instalmentCount })
    .from(paymentPlans)
    .where(inArray(paymentPlans.bookingId, [...bookingIds]))
    .all();
  return new Map(rows.map((r) => [r.bookingId, r.count]));
}

/** Each instalment of a plan with what became of its money, for the rules. */
function instalmentStates(instalments: readonly PlanInstalmentRow[], rows: readonly InstalmentPayment[]) {
  return instalments.map((i) => {
    const own = rows.filter((r) => r.instalmentNumber === i.number);
    return { ...i, cancelled: i.cancelledAt !== null, money: moneyOf(own), payments: own };
  });
}

/** The instalment a booking's payment asks for, and the one after it (for the e-mail's "the next ... on ..."). */
export type InstalmentToPay = InstalmentRequested & InstalmentLine;

export type InstalmentChoice = { ok: true; instalment: InstalmentToPay | null } | { ok: false; reason: "closed"; message: string };

/** The booking's price in cents, as stored. */
const totalCentsOf = (booking: Pick<Booking, "servicePrice">) => toCents(booking.servicePrice) ?? 0;

function requested(plan: PaymentPlanRow, states: ReturnType<typeof instalmentStates>, number: number): InstalmentToPay {
  const i = states.find((s) => s.number === number) as (typeof states)[number];
  const after = states.find((s) => s.number === number + 1 && !s.cancelled);
  return {
    number,
    of: plan.instalmentCount,
    amount: i.amount,
    currency: plan.currency,
    dueOn: i.dueOn,
    next: after ? { amount: after.amount, dueOn: after.dueOn } : null,
  };
}

/** Why a booking whose plan has nothing left to pay cannot be paid. */
export const planPaidMessage = "Every payment of this booking's plan is paid. Nothing more is needed.";

/**
 * What a payment of `booking` pays, inside the caller's transaction (a payment request, a PayPal
 * start, the owner marking it paid). A booking with a plan pays its next unpaid instalment, at its
 * amount, whatever `choice` says. Without a plan, `choice` 1 pays the booking in full (null); 2 to 4
 * makes the plan now, at the booking's price and currency and the interval setting, the first
 * instalment due today, and asks for that one, or is refused with the customer's reason.
 */
export function instalmentToPay(db: Db, booking: Booking, choice: number, now: Date): InstalmentChoice {
  const existing = planOfBooking(db, booking.id);
  if (existing) {
    const states = instalmentStates(existing.instalments, instalmentPayments(db, [booking.id]));
    const next = existing.plan.cancelledAt === null ? nextInstalment(states) : undefined;
    if (!next) return { ok: false, reason: "closed", message: planPaidMessage };
    return { ok: true, instalment: requested(existing.plan, states, next.number) };
  }
  if (choice <= 1) return { ok: true, instalment: null };
  const settings = getSettings(db);
  const totalCents = totalCentsOf(booking);
  const rows = db.select({ status: payments.status }).from(payments).where(eq(payments.bookingId, booking.id)).all();
  const candidate = {
    serviceId: booking.serviceId,
    totalCents,
    bookingStatus: booking.status,
    anythingPaid: rows.some((r) => paidStatuses.includes(r.status) || r.status === "refunded"),
    underReview: rows.some((r) => r.status === "review"),
  };
  const allowed = planAllowed(settings, candidate, choice, formatMoney(settings.paymentPlanMinimumTotal, booking.currency));
  if (!allowed.ok) return { ok: false, reason: "closed", message: allowed.message };
  const today = businessToday(settings, now);
  const schedule = planSchedule(totalCents, choice, today, settings.paymentPlanIntervalDays);
  if (!schedule) return { ok: false, reason: "closed", message: "This booking's price cannot be split into that many payments." };
  const plan = db
    .insert(paymentPlans)
    .values({
      bookingId: booking.id,
      instalmentCount: choice,
      intervalDays: settings.paymentPlanIntervalDays,
      total: centsToDecimal(totalCents),
      currency: booking.currency,
      createdAt: now,
    })
    .returning()
    .get();
  const instalments = db
    .insert(planInstalments)
    .values(schedule.map((s) => ({ bookingId: booking.id, number: s.number, amount: centsToDecimal(s.cents), dueOn: s.dueOn })))
    .returning()
    .all();
  return { ok: true, instalment: requested(plan, instalmentStates(instalments, []), 1) };
}

/**
 * What a payment of `booking` is for, inside the caller's transaction: its next instalment (the
 * plan made now when `choice` is 2 to 4 and it has none) at the instalment's amount, or the whole
 * booking at its price; in the booking's own currency, with the crypto price of that amount.
 */
export function bookingPaymentFor(
  db: Db,
  booking: Booking,
  choice: number,
  cryptoDiscountPercent: number,
  now: Date,
): { ok: true; offer: ServiceOffer; instalment: InstalmentToPay | null } | { ok: false; reason: "closed"; message: string } {
  const chosen = instalmentToPay(db, booking, choice, now);
  if (!chosen.ok) return chosen;
  const { instalment } = chosen;
  const priced = instalment ? { ...booking, servicePrice: instalment.amount, originalPrice: null } : booking;
  return { ok: true, offer: bookingOffer(priced, cryptoDiscountPercent, booking.currency), instalment };
}

/** Each of `bookingIds`' plan as the screens show it on `today` (bookings without a plan are absent). */
export function planViewsOf(db: Db, bookingIds: readonly string[], today: string): Map<string, PlanView> {
  const views = new Map<string, PlanView>();
  if (bookingIds.length === 0) return views;
  const plans = db
    .select()
    .from(paymentPlans)
    .where(inArray(paymentPlans.bookingId, [...bookingIds]))
    .all();
  if (plans.length === 0) return views;
  const ids = plans.map((p) => p.bookingId);
  const instalments = db.select().from(planInstalments).where(inArray(planInstalments.bookingId, ids)).orderBy(asc(planInstalments.number)).all();
  const paymentRows = instalmentPayments(db, ids);
  for (const plan of plans) {
    const states = instalmentStates(
      instalments.filter((i) => i.bookingId === plan.bookingId),
      paymentRows.filter((p) => p.bookingId === plan.bookingId),
    );
    views.set(plan.bookingId, {
      count: plan.instalmentCount,
      intervalDays: plan.intervalDays,
      total: plan.total,
      currency: plan.currency,
      instalments: states.map((s) => {
        const newestFirst = [...s.payments].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
        // The payment that paid it, else its open request, else the latest attempt.
        const shown =
          newestFirst.find((p) => paidStatuses.includes(p.status) || p.status === "refunded") ??
          newestFirst.find((p) => (openPaymentStatuses as readonly string[]).includes(p.status)) ??
          newestFirst[0];
        const paid = s.money !== null ? shown : undefined;
        return {
          number: s.number,
          amount: s.amount,
          dueOn: s.dueOn,
          status: instalmentStatus(s, today),
          paidAt: paid?.paidAt ? paid.paidAt.toISOString() : null,
          invoiceNumber: paid?.invoiceNumber != null ? formatInvoiceNumber(paid.invoiceNumber) : null,
          method: shown?.method ?? null,
          referenceCode: shown?.referenceCode ?? null,
        };
      }),
    });
  }
  return views;
}

/** One booking's plan as the screens show it, or null. */
export function planViewOf(db: Db, bookingId: string, today: string): PlanView | null {
  return planViewsOf(db, [bookingId], today).get(bookingId) ?? null;
}

/**
 * The plans the payment dialog may offer a booking, first due `today`: none once it has a plan, is
 * cancelled, paid (in full or in part) or being checked, or when the settings offer it none.
 */
export function planOptionsOf(db: Db, booking: PlanBooking, settings: Settings, today: string): PlanOption[] {
  if (db.select({ id: paymentPlans.bookingId }).from(paymentPlans).where(eq(paymentPlans.bookingId, booking.id)).get()) return [];
  const rows = db.select({ status: payments.status }).from(payments).where(eq(payments.bookingId, booking.id)).all();
  return planOptions(
    settings,
    {
      serviceId: booking.serviceId,
      totalCents: totalCentsOf(booking),
      bookingStatus: booking.status,
      anythingPaid: rows.some((r) => paidStatuses.includes(r.status) || r.status === "refunded"),
      underReview: rows.some((r) => r.status === "review"),
    },
    today,
  );
}

/** What of a booking its plan options depend on. */
export type PlanBooking = Pick<Booking, "id" | "serviceId" | "servicePrice" | "status" | "currency">;

/** Each booking's plan and the plans it may be offered (for its page, the dashboard's Pay buttons), on the business's date at `now`. */
export function bookingPlansData(db: Db, bookingList: readonly PlanBooking[], now: Date): Map<string, BookingPlanData> {
  // A dashboard without bookings (every new customer's) reads nothing for them.
  if (bookingList.length === 0) return new Map();
  const settings = getSettings(db);
  const today = businessToday(settings, now);
  const plans = planViewsOf(
    db,
    bookingList.map((b) => b.id),
    today,
  );
  return new Map(
    bookingList.map((b) => {
      const plan = plans.get(b.id) ?? null;
      return [b.id, { plan, planOptions: plan ? [] : planOptionsOf(db, b, settings, today) }];
    }),
  );
}

/** One booking's plan as the owner's booking detail shows it, or null. */
export function adminPlanView(db: Db, bookingId: string, now: Date): PlanView | null {
  return planViewOf(db, bookingId, businessToday(getSettings(db), now));
}

/**
 * Cancels a cancelled booking's plan, inside the cancellation's transaction: the plan and every
 * instalment not paid are marked cancelled, and their open payments (requests, PayPal payments not
 * captured) become `cancelled`, so nobody is asked for money the booking no longer needs. Answers
 * the ids of the payments that paid instalments, for the caller to refund after the transaction.
 * A booking without a plan: nothing done, nothing answered.
 */
export function cancelPlanOfBooking(db: Db, bookingId: string, now: Date): { paidPaymentIds: string[] } {
  const plan = db.select().from(paymentPlans).where(eq(paymentPlans.bookingId, bookingId)).get();
  if (!plan) return { paidPaymentIds: [] };
  const rows = instalmentPayments(db, [bookingId]);
  const states = instalmentStates(db.select().from(planInstalments).where(eq(planInstalments.bookingId, bookingId)).all(), rows);
  if (plan.cancelledAt === null) db.update(paymentPlans).set({ cancelledAt: now }).where(eq(paymentPlans.bookingId, bookingId)).run();
  for (const s of states) {
    if (s.money !== null || s.cancelled) continue;
    db.update(planInstalments)
      .set({ cancelledAt: now })
      .where(and(eq(planInstalments.bookingId, bookingId), eq(planInstalments.number, s.number)))
      .run();
    // A PayPal capture whose answer was lost (`unknown`) may have taken money: the payment check settles it.
    const open = s.payments.filter((p) => (replaceablePaymentStatuses as readonly string[]).includes(p.status)).map((p) => p.id);
    if (open.length > 0)
      db.update(payments)
        .set({ status: "cancelled" satisfies PaymentStatus, updatedAt: now })
        .where(and(inArray(payments.id, open), inArray(payments.status, [...replaceablePaymentStatuses])))
        .run();
  }
  return { paidPaymentIds: rows.filter((r) => r.status === "completed").map((r) => r.id) };
}

/** A reminder an instalment is owed, with what its e-mail says. */
export type PlanReminderFacts = {
  kind: PlanReminderKind;
  bookingId: string;
  reference: string;
  number: number;
  of: number;
  amount: string;
  currency: string;
  dueOn: string;
  /** The booking's page, from the site's origin. */
  path: string;
  to: string;
  firstName: string | null;
};

/** Instalments the reminders job looks at per run. */
const reminderBatch = 100;

/** Instalments not cancelled of plans not cancelled, due by `to`, of bookings whose customer has an account. */
function openInstalmentsDue(db: Db, to: string, bookingId?: string, number?: number) {
  return db
    .select({
      instalment: planInstalments,
      plan: paymentPlans,
      reference: bookings.reference,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(planInstalments)
    .innerJoin(paymentPlans, eq(paymentPlans.bookingId, planInstalments.bookingId))
    .innerJoin(bookings, eq(bookings.id, planInstalments.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        isNull(planInstalments.cancelledAt),
        isNull(paymentPlans.cancelledAt),
        lte(planInstalments.dueOn, to),
        bookingId === undefined ? undefined : eq(planInstalments.bookingId, bookingId),
        number === undefined ? undefined : eq(planInstalments.number, number),
      ),
    );
}

/** Whether an instalment's money has arrived (inside a transaction or not). */
function instalmentPaid(db: Db, bookingId: string, number: number): boolean {
  return (
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.instalmentNumber, number), inArray(payments.status, ["completed", "refund_owed", "refunded"])))
      .get() !== undefined
  );
}

/** The reminder `row` is owed on `today`, if it is unpaid and owed one. */
function reminderOwed(db: Db, row: { instalment: PlanInstalmentRow }, today: string, reminderDays: number): PlanReminderKind | null {
  const i = row.instalment;
  const kind = planReminderDue(
    { number: i.number, dueOn: i.dueOn, remindedBefore: i.remindedBeforeAt !== null, remindedDue: i.remindedDueAt !== null },
    today,
    reminderDays,
  );
  if (!kind || instalmentPaid(db, i.bookingId, i.number)) return null;
  return kind;
}

/** The instalments owed a reminder on `today` (up to a batch), soonest due first. */
export function duePlanReminders(db: Db, today: string, reminderDays: number): { bookingId: string; number: number }[] {
  const horizon = addDays(today, Math.max(0, reminderDays));
  return openInstalmentsDue(db, horizon)
    .orderBy(asc(planInstalments.dueOn), asc(planInstalments.bookingId), asc(planInstalments.number))
    .all()
    .filter((row) => row.instalment.dueOn >= today && reminderOwed(db, row, today, reminderDays) !== null)
    .slice(0, reminderBatch)
    .map((row) => ({ bookingId: row.instalment.bookingId, number: row.instalment.number }));
}

/**
 * Claims one instalment's reminder if it is still owed on `today`: records that it went
 * (`reminded_before_at` or `reminded_due_at`) and queues `mail(facts)` in one immediate
 * transaction, so two runs, or two instances, never send it twice. The business owes this message
 * (the customer's own plan), so it is queued with `enqueueMail`. Answers "queued" or "not_due".
 */
export function claimPlanReminder(
  db: Db,
  target: { bookingId: string; number: number },
  today: string,
  reminderDays: number,
  mail: (facts: PlanReminderFacts) => MailMessage,
  now: Date,
): "queued" | "not_due" {
  return immediate(db, () => {
    const row = openInstalmentsDue(db, addDays(today, Math.max(0, reminderDays)), target.bookingId, target.number).get();
    if (!row?.reference) return "not_due";
    const kind = reminderOwed(db, row, today, reminderDays);
    if (!kind) return "not_due";
    const marked = db
      .update(planInstalments)
      .set(kind === "before" ? { remindedBeforeAt: now } : { remindedDueAt: now })
      .where(
        and(
          eq(planInstalments.bookingId, target.bookingId),
          eq(planInstalments.number, target.number),
          kind === "before" ? isNull(planInstalments.remindedBeforeAt) : isNull(planInstalments.remindedDueAt),
        ),
      )
      .returning()
      .get();
    if (!marked) return "not_due";
    enqueueMail(
      db,
      mail({
        kind,
        bookingId: target.bookingId,
        reference: row.reference,
        number: marked.number,
        of: row.plan.instalmentCount,
        amount: marked.amount,
        currency: row.plan.currency,
        dueOn: marked.dueOn,
        path: bookingPagePath(row.reference),
        to: row.email,
        firstName: row.firstName,
      }),
    );
    return "queued";
  });
}

/** An instalment past its due date and unpaid: one line of the owner's to-do list. */
export type OverdueInstalment = {
  bookingId: string;
  reference: string | null;
  customer: string;
  number: number;
  of: number;
  amount: string;
  currency: string;
  dueOn: string;
  daysOverdue: number;
};

/** Every instalment of a plan not cancelled that is past its due date on `today` and unpaid, longest overdue first (the first `limit`). */
export function overdueInstalments(db: Db, today: string, limit = Number.POSITIVE_INFINITY): OverdueInstalment[] {
  const yesterday = addDays(today, -1);
  return openInstalmentsDue(db, yesterday)
    .orderBy(asc(planInstalments.dueOn), asc(planInstalments.bookingId), asc(planInstalments.number))
    .all()
    .filter((row) => !instalmentPaid(db, row.instalment.bookingId, row.instalment.number))
    .map((row) => ({
      bookingId: row.instalment.bookingId,
      reference: row.reference,
      customer: [row.firstName, row.lastName].filter(Boolean).join(" ") || row.email,
      number: row.instalment.number,
      of: row.plan.instalmentCount,
      amount: row.instalment.amount,
      currency: row.plan.currency,
      dueOn: row.instalment.dueOn,
      daysOverdue: daysOverdue(row.instalment.dueOn, today),
    }))
    .slice(0, limit);
}

/** How many instalments are overdue on `today`. */
export function overdueInstalmentCount(db: Db, today: string): number {
  return overdueInstalments(db, today).length;
}
