/**
 * Local dates and times in the business's timezone (Australia/Adelaide by default) using only
 * Intl, so daylight saving (first Sunday of October and of April in Adelaide) is always right.
 * Dates are "YYYY-MM-DD" strings and times "HH:MM" strings, as the booking API uses.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock parts of `instant` in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  const { year, month, day, hour, minute, second } = parts;
  if (year === undefined || month === undefined || day === undefined || hour === undefined || minute === undefined || second === undefined) {
    throw new Error(`Intl.DateTimeFormat gave no full date and time for ${timeZone}`);
  }
  return { year, month, day, hour, minute, second };
}

/** Minutes the zone is ahead of UTC at `instant` (Adelaide: 570 in winter, 630 in summer). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "YYYY-MM-DD" of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** "HH:MM" of `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * ISO 8601 with the zone's offset, "2026-11-25T14:30:00+10:30": the business's wall clock that
 * no reader can mistake for UTC (every instant in a CSV file, decision 042).
 */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The instant a local date and time happen in `timeZone`, or null when that wall-clock time does
 * not exist (skipped by the spring-forward change). An ambiguous time (autumn) resolves to the
 * first occurrence.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): Date | null {
  const key = `${timeZone} ${date} ${time}`;
  let ms = knownInstants.get(key);
  if (ms === undefined) {
    ms = findInstant(date, time, timeZone);
    if (knownInstants.size >= 20_000) knownInstants.clear();
    knownInstants.set(key, ms);
  }
  return ms === null ? null : new Date(ms);
}

/**
 * Instants already worked out, by zone, date and time. The booking calendar asks for the same few
 * hundred wall-clock times many times over while it judges a month of start times (each an Intl
 * call or six); a zone's rules do not change while the site runs.
 */
const knownInstants = new Map<string, number | null>();

function findInstant(date: string, time: string, timeZone: string): number | null {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  // Try the offsets in force around that moment; keep those that map back to the same wall clock.
  const candidates = new Set([offsetMinutes(new Date(naive - 14 * 3600_000), timeZone), offsetMinutes(new Date(naive + 14 * 3600_000), timeZone)]);
  const matches = [...candidates]
    .map((off) => new Date(naive - off * 60_000))
    .filter((instant) => localDate(instant, timeZone) === date && localTime(instant, timeZone) === time)
    .sort((a, b) => a.getTime() - b.getTime());
  return matches[0]?.getTime() ?? null;
}

/** Adds whole days to a "YYYY-MM-DD" date (calendar arithmetic, no timezone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Day of the week of a "YYYY-MM-DD" date: 0 Sunday ... 6 Saturday. */
export function dayOfWeek(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** True for a real calendar date written "YYYY-MM-DD". */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return addDays(value, 0) === value;
}

/** Whole days from `from` to `to` (both "YYYY-MM-DD"). */
export function daysBetween(from: string, to: string): number {
  const ms = (s: string) => {
    const [y, m, d] = s.split("-").map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}
