/**
 * The payment plans' reminders job (decision 085): every five minutes, under the job lease like the
 * booking reminders, it e-mails each customer whose plan has an instalment unpaid
 * `paymentPlanReminderDays` (the setting) before its due date, and again on the day, through the
 * outbox. Each reminder is claimed in the transaction that queues it (db/payment-plans.server.ts),
 * so two runs, or two instances during an upgrade, never send one twice. The dates are the
 * business's own (its time zone), as the instalments' due dates are.
 */
import { businessToday, claimPlanReminder, duePlanReminders } from "../db/payment-plans.server";
import { getSettings } from "../db/settings.server";
import { mailContextFrom } from "../mail/context.server";
import { planReminderMail } from "../mail/templates/payment-plans";
import { optionalVisitorText } from "../mail/visitor-text";
import type { AppDeps } from "./deps";
import { type StopJob, startRepeatingJob } from "./repeating-job.server";

/** Sends the plan reminders owed at `now`; answers how many e-mails were queued. */
export function sendPlanReminders(deps: Pick<AppDeps, "db" | "env" | "outbox" | "secrets">, now = new Date()): number {
  const settings = getSettings(deps.db);
  const ctx = mailContextFrom(settings, deps);
  const today = businessToday(settings, now);
  const days = settings.paymentPlanReminderDays;
  let queued = 0;
  for (const target of duePlanReminders(deps.db, today, days)) {
    const result = claimPlanReminder(
      deps.db,
      target,
      today,
      days,
      (facts) =>
        planReminderMail({
          kind: facts.kind,
          to: facts.to,
          firstName: optionalVisitorText(facts.firstName, 60),
          reference: facts.reference,
          number: facts.number,
          of: facts.of,
          amount: facts.amount,
          currency: facts.currency,
          dueOn: facts.dueOn,
          pageUrl: `${ctx.origin}${facts.path}`,
          businessName: ctx.businessName,
          businessEmail: ctx.businessEmail,
          businessPhone: ctx.settings.phone,
        }),
      now,
    );
    if (result === "queued") queued++;
  }
  if (queued > 0) deps.outbox.kick();
  return queued;
}

const fiveMinutesMs = 5 * 60 * 1000;

/** Runs now and then every `intervalMs`; returns a function that stops the timer. */
export function startPlanReminders(deps: Pick<AppDeps, "db" | "env" | "outbox" | "secrets">, intervalMs = fiveMinutesMs): StopJob {
  return startRepeatingJob("payment plan reminders", () => sendPlanReminders(deps), intervalMs);
}
