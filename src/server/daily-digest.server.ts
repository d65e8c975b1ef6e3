/**
 * The daily digest job: every few minutes it asks whether a digest is due (the `dailyDigest`
 * setting on, the `dailyDigestHour` of the day reached in the business timezone, the day not yet
 * done) and, if so, e-mails the business the to-do list through the outbox.
 *
 * It comes at its hour (decision 072). Only within `digestCatchUpHours` of it is a late digest
 * still sent, so a restart at the hour costs nothing; a digest switched on, or a site started, later
 * in the day waits for the next day's hour rather than arriving in the middle of the night.
 */
import { claimDailyDigest, dailyDigestDone } from "../db/daily-digest.server";
import { getSettings } from "../db/settings.server";
import { formatDate, formatTime, timeZoneCity } from "../domain/format";
import { addDays, localDate, zonedToInstant } from "../domain/timezone";
import { mailContextFrom } from "../mail/context.server";
import { dailyDigestMail, digestGroups } from "../mail/templates/digest";
import type { AppDeps } from "./deps";
import { adminTodo } from "./go-live.server";
import { type StopJob, startRepeatingJob } from "./repeating-job.server";

/** What one run did: not due (off, too early, already done, or its time passed unsent), or the day's digest done with or without mail. */
export type DigestRun = "off" | "not_yet" | "already" | "missed" | "queued" | "nothing";

/** How long after its hour a digest not yet sent (the site was down at the hour) is still sent. */
export const digestCatchUpHours = 3;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * When the digest of `day` is due: `hour`:00 of that day in `timeZone`, or the first quarter hour
 * after it when a clock change skips that hour (2 am on the first Sunday of October in Adelaide).
 */
export function digestDueAt(day: string, hour: number, timeZone: string): Date {
  for (let minutes = hour * 60; minutes < 24 * 60; minutes += 15) {
    const instant = zonedToInstant(day, `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`, timeZone);
    if (instant) return instant;
  }
  throw new Error(`${day} has no ${hour}:00 or later in ${timeZone}`);
}

/**
 * The business day whose digest may go out at `now`: today's from its hour for
 * `digestCatchUpHours`, or yesterday's while its window runs past midnight (an 11 pm digest).
 * "not_yet" before today's hour, "missed" once today's window has passed.
 */
export function digestDayAt(now: Date, hour: number, timeZone: string): { day: string } | "not_yet" | "missed" {
  const today = localDate(now, timeZone);
  const windowMs = digestCatchUpHours * 60 * 60 * 1000;
  for (const day of [today, addDays(today, -1)]) {
    const due = digestDueAt(day, hour, timeZone).getTime();
    if (now.getTime() >= due && now.getTime() < due + windowMs) return { day };
  }
  return now.getTime() < digestDueAt(today, hour, timeZone).getTime() ? "not_yet" : "missed";
}

/** Sends the digest due at `now`, if any; answers what it did. */
export function sendDailyDigestIfDue(deps: Pick<AppDeps, "db" | "env" | "outbox">, now = new Date()): DigestRun {
  const settings = getSettings(deps.db);
  if (!settings.dailyDigest) return "off";
  const due = digestDayAt(now, settings.dailyDigestHour, settings.timezone);
  if (due === "not_yet") return due;
  // Past its window: "already" when it went out, else the day is passed over without a claim.
  if (due === "missed") return dailyDigestDone(deps.db, localDate(now, settings.timezone)) ? "already" : "missed";
  const { day } = due;
  if (dailyDigestDone(deps.db, day)) return "already";
  const todo = adminTodo(deps, now);
  const waiting = todo.groups.some((g) => g.count > 0) || todo.checklist.length > 0;
  const mail = mailContextFrom(settings, deps);
  const message = waiting
    ? dailyDigestMail({
        groups: digestGroups(todo.groups),
        checklist: todo.checklist,
        businessName: mail.businessName,
        businessEmail: mail.businessEmail,
        origin: mail.origin,
        dayText: formatDate(day),
        sendsAt: `${formatTime(`${pad(settings.dailyDigestHour)}:00`)} ${timeZoneCity(settings.timezone)} time`,
      })
    : null;
  const result = claimDailyDigest(deps.db, day, message, now);
  if (result === "queued") deps.outbox.kick();
  return result;
}

const fiveMinutesMs = 5 * 60 * 1000;

/** Checks now and then every `intervalMs`; returns a function that stops the timer. */
export function startDailyDigest(deps: Pick<AppDeps, "db" | "env" | "outbox">, intervalMs = fiveMinutesMs): StopJob {
  return startRepeatingJob("daily digest", () => sendDailyDigestIfDue(deps), intervalMs);
}
