import { zonedParts } from "./timezone";

/**
 * How money, dates and times read on every page, island and e-mail. Pure and free of server
 * imports, so islands use it too.
 *
 * Two kinds of date exist here. An appointment's date and time ("2026-12-01", "10:00") are already
 * wall-clock values in the business timezone, so they are formatted as written, with no zone
 * conversion. A moment (a row's createdAt) is an instant: it is shown in the business timezone from
 * settings, which every instant formatter takes explicitly (never the server's or browser's own).
 */

const moneyFormats = new Map<string, { whole: Intl.NumberFormat; cents: Intl.NumberFormat }>();

/** The two formats of one currency, made once: building an Intl.NumberFormat is slow. */
function moneyFormat(currency: string) {
  let f = moneyFormats.get(currency);
  if (!f) {
    const base = { style: "currency", currency, currencyDisplay: "narrowSymbol" } as const;
    f = {
      whole: new Intl.NumberFormat("en-US", { ...base, minimumFractionDigits: 0, maximumFractionDigits: 2 }),
      cents: new Intl.NumberFormat("en-US", { ...base, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    };
    moneyFormats.set(currency, f);
  }
  return f;
}

/**
 * An amount in `currency` (the currency setting, or the one an order or payment was priced in) as
 * the site shows it: whole amounts bare, else with cents. 1295 -> "$1,295", 19.5 -> "$19.50".
 */
export function formatMoney(amount: number | string, currency: string): string {
  const n = typeof amount === "number" ? amount : Number(amount);
  const f = moneyFormat(currency);
  return Number.isInteger(n) ? f.whole.format(n) : f.cents.format(n);
}

/** An amount with its currency code, where the customer pays or is told the total: "$287 USD". */
export function formatMoneyWithCode(amount: number | string, currency: string): string {
  return `${formatMoney(amount, currency)} ${currency}`;
}

/**
 * An amount kept in the currency it was priced in, beside today's currency setting: "$148" when they
 * are the same, "$148 USD" when not, so a booking made before the owner changed currency says which
 * dollars (US, Australian and others share the sign).
 */
export function formatKeptMoney(amount: number | string, currency: string, currencySetting: string): string {
  return currency === currencySetting ? formatMoney(amount, currency) : formatMoneyWithCode(amount, currency);
}

const unitSuffix: Record<string, string> = { hour: "/hr", day: "/day", week: "/week", month: "/mo" };

/** A service price with its unit: "$85/hr", "$395/mo", "$1,295" (a one-off has no suffix). */
export function formatMoneyPerUnit(price: number | string, unit: string, currency: string): string {
  return `${formatMoney(price, currency)}${unitSuffix[unit] ?? ""}`;
}

/** "10:00 am" for a wall-clock "HH:MM" (the booking calendar's and e-mails' way of writing times). */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "am" : "pm"}`;
}

// A wall-clock date is formatted as the UTC midnight of that date, read back in UTC: no zone can
// move it to the day before or after.
const calendarDate = (isoDate: string) => {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const dateStyles = {
  /** "Tuesday 1 December 2026": e-mails. */
  full: new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
  /** "Tuesday 1 December": the booking form's summary, where the year is on the calendar beside it. */
  long: new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }),
  /** "Tue, 1 Dec": the dashboard's compact list. */
  short: new Intl.DateTimeFormat("en-AU", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }),
  /** "1 Dec": a week's first day in the analytics. */
  dayMonth: new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", timeZone: "UTC" }),
  /** "Dec 2026": a month in the analytics. */
  month: new Intl.DateTimeFormat("en-AU", { month: "short", year: "numeric", timeZone: "UTC" }),
};

/** An appointment's wall-clock date ("YYYY-MM-DD") in one of the site's styles. */
export function formatDate(isoDate: string, style: keyof typeof dateStyles = "full"): string {
  return dateStyles[style].format(calendarDate(isoDate));
}

/** "Tuesday 1 December 2026 at 10:00 am": an appointment as e-mails write it. */
export function formatAppointment(isoDate: string, hhmm: string): string {
  return `${formatDate(isoDate, "full")} at ${formatTime(hhmm)}`;
}

const instantFormatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per style and zone, made once: building an Intl.DateTimeFormat is slow. */
function instantFormatter(style: "date" | "dateTime", timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let f = instantFormatters.get(key);
  if (!f) {
    const time = style === "dateTime" ? ({ hour: "numeric", minute: "2-digit" } as const) : {};
    f = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", year: "numeric", ...time, timeZone });
    instantFormatters.set(key, f);
  }
  return f;
}

const asDate = (instant: Date | string) => (typeof instant === "string" ? new Date(instant) : instant);

/** "1 Dec 2026": the calendar day of an instant in `timeZone` (the business timezone from settings). */
export function formatInstantDate(instant: Date | string, timeZone: string): string {
  return instantFormatter("date", timeZone).format(asDate(instant));
}

/** "1 Dec 2026, 3:04 pm": an instant's day and time in `timeZone` (the business timezone from settings). */
export function formatInstant(instant: Date | string, timeZone: string): string {
  return instantFormatter("dateTime", timeZone).format(asDate(instant));
}

// Lists show a date without its year when it is this year (the business timezone's year), and with
// it otherwise, so "Mon, 8 Dec" is never last year's 8 December read as this year's.
const yearOf = (now: Date, timeZone: string) => zonedParts(now, timeZone).year;
const shortWithYear = new Intl.DateTimeFormat("en-AU", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const instantDayMonth = new Map<string, Intl.DateTimeFormat>();

/**
 * An appointment's wall-clock date in a list: "Mon, 8 Dec" this year, "Mon, 8 Dec 2025" in any other
 * year. "This year" is `now`'s year in `timeZone` (the business timezone from settings).
 */
export function formatListDate(isoDate: string, timeZone: string, now: Date = new Date()): string {
  const date = calendarDate(isoDate);
  return date.getUTCFullYear() === yearOf(now, timeZone) ? dateStyles.short.format(date) : shortWithYear.format(date);
}

/** An instant's day in a list, in `timeZone`: "8 Dec" this year, "8 Dec 2025" in any other year. */
export function formatListInstantDate(instant: Date | string, timeZone: string, now: Date = new Date()): string {
  const at = asDate(instant);
  if (zonedParts(at, timeZone).year !== yearOf(now, timeZone)) return formatInstantDate(at, timeZone);
  let f = instantDayMonth.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", timeZone });
    instantDayMonth.set(timeZone, f);
  }
  return f.format(at);
}

/** "Adelaide" for "Australia/Adelaide": how the site names its timezone to customers ("Adelaide time"). */
export function timeZoneCity(timeZone: string): string {
  return (timeZone.split("/").pop() ?? timeZone).replaceAll("_", " ");
}

const fileSizeUnits = ["KB", "MB", "GB"] as const;

/** "812 bytes", "4.2 MB", "1.5 GB": a file's size in decimal units, as people read them (1 MB = 1,000,000 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  let value = bytes / 1000;
  let unit = 0;
  // 999,999 bytes reads "1 MB", never "1000 KB".
  while (Number(value.toPrecision(3)) >= 1000 && unit < fileSizeUnits.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value < 9.95 ? value.toFixed(1).replace(/\.0$/, "") : Math.round(value)} ${fileSizeUnits[unit]}`;
}
