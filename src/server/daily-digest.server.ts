/**
 * The daily digest job: every few minutes it asks whether today's digest is due (the `dailyDigest`
 * setting on, the `dailyDigestHour` reached in the business timezone, the day not yet done) and,
 * if so, e-mails the business the to-do list through the outbox. Started late in the day (the
 * server was down at the hour), it sends that day's digest then; it never sends one twice.
 */
import { claimDailyDigest, dailyDigestDone } from "../db/daily-digest.server";
import { getSettings } from "../db/settings.server";
import { formatDate } from "../domain/format";
import { localDate, zonedParts } from "../domain/timezone";
import { mailContextFrom } from "../mail/context.server";
import { dailyDigestMail, digestGroups } from "../mail/templates/digest";
import type { AppDeps } from "./deps";
import { adminTodo } from "./go-live.server";
import { type StopJob, startRepeatingJob } from "./repeating-job.server";

/** What one run did: not due (off, too early, already done), or the day's digest done with or without mail. */
export type DigestRun = "off" | "not_yet" | "already" | "queued" | "nothing";

/** Sends today's digest if it is due at `now`; answers what it did. */
export function sendDailyDigestIfDue(deps: Pick<AppDeps, "db" | "env" | "outbox">, now = new Date()): DigestRun {
  const settings = getSettings(deps.db);
  if (!settings.dailyDigest) return "off";
  if (zonedParts(now, settings.timezone).hour < settings.dailyDigestHour) return "not_yet";
  const day = localDate(now, settings.timezone);
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
