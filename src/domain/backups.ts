/**
 * The rules of the scheduled backups (decision 049): when one is due, what its file is called, and
 * which files are kept: the newest of each of the last 7 days that have one, and the newest of each
 * of the last 4 weeks (Monday to Sunday) that have one, both by the business's calendar. Pure
 * functions, so the schedule and the retention are tested with a simulated clock.
 */
import { addDays, dayOfWeek, localDate, zonedParts } from "./timezone";

/** How often a backup may be taken, in hours: 24 is daily (the default). */
export const backupIntervals = [1, 2, 3, 4, 6, 8, 12, 24] as const;
export type BackupInterval = (typeof backupIntervals)[number];

/** How many copies of each kind are kept. */
export const keptDailyBackups = 7;
export const keptWeeklyBackups = 4;

const hourMs = 60 * 60 * 1000;

/**
 * The latest scheduled moment at or before `now`: the backups are taken at `hour` (business
 * timezone) and then every `everyHours` hours through the day. A backup is due when none was
 * started since this moment.
 */
export function latestScheduledBackup(now: Date, timeZone: string, hour: number, everyHours: number): Date {
  const p = zonedParts(now, timeZone);
  const hoursSince = (((p.hour - hour) % everyHours) + everyHours) % everyHours;
  const intoHour = (p.minute * 60 + p.second) * 1000 + (now.getTime() % 1000);
  return new Date(now.getTime() - intoHour - hoursSince * hourMs);
}

/** True when a backup is due at `now`, given when the last one was started (null: never). */
export function backupIsDue(lastStartedAt: Date | null, now: Date, timeZone: string, hour: number, everyHours: number): boolean {
  if (!lastStartedAt) return true;
  return lastStartedAt.getTime() < latestScheduledBackup(now, timeZone, hour, everyHours).getTime();
}

const stampPattern = /^pi-site-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.db$/;

/** The name of a scheduled backup taken at `at`: "pi-site-backup-20261125T033000Z.db" (UTC, so names sort by time). */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `pi-site-backup-${stamp}.db`;
}

/** When the scheduled backup named `name` was taken, or null for any other file (never pruned). */
export function backupTakenAt(name: string): Date | null {
  const m = stampPattern.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const at = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The Monday ("YYYY-MM-DD") of the week holding the business day `date`. */
function weekOf(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/**
 * Splits the names of the scheduled backups in the folder into those to keep and those to delete.
 * Newest first, a file is kept when it is the newest of a day and fewer than 7 days are kept, or the
 * newest of a week and fewer than 4 weeks are kept. Names that are not scheduled backups are in
 * neither list: the owner's own files in the folder are never touched.
 */
export function backupsToPrune(names: readonly string[], timeZone: string): { keep: string[]; remove: string[] } {
  const dated = names
    .map((name) => ({ name, at: backupTakenAt(name) }))
    .filter((f): f is { name: string; at: Date } => f.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const days = new Set<string>();
  const weeks = new Set<string>();
  const keep: string[] = [];
  const remove: string[] = [];
  for (const f of dated) {
    const day = localDate(f.at, timeZone);
    const week = weekOf(day);
    let kept = false;
    if (!days.has(day) && days.size < keptDailyBackups) {
      days.add(day);
      kept = true;
    }
    if (!weeks.has(week) && weeks.size < keptWeeklyBackups) {
      weeks.add(week);
      kept = true;
    }
    (kept ? keep : remove).push(f.name);
  }
  return { keep, remove };
}
