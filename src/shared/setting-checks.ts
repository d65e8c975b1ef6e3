/**
 * The building blocks of the settings' declarations (shared/settings.ts): the owner's checks,
 * stricter than what a stored value must be because they judge what the owner types (e-mail format,
 * phone characters, a real IANA timezone, business hours whose start is before their end, discounts
 * of 0 to 90%, amounts in cents, crypto addresses in their coin's format or empty), with their
 * messages. zod/mini, so the settings island checks with the same rules as the server.
 */
import { backupIntervals } from "../domain/backups";
import { currencies, currencyNames } from "../domain/currency";
import { z } from "./zod-mini";

export const settingsMessages = {
  businessName: "Enter the business name (up to 100 characters)",
  abn: "Enter the 11 digits of a valid ABN, such as 51 824 753 556, or leave it empty",
  currency: `Choose one of ${currencies.map((c) => `${c} (${currencyNames[c]})`).join(", ")}`,
  email: "Enter an e-mail address such as enquiries@example.com",
  phoneRequired: "Enter the phone number",
  phone: "Use digits, spaces, +, -, ( and ) only, with 6 to 15 digits",
  messenger: "Keep the Messenger name under 100 characters",
  streetAddress: "Keep the street address under 200 characters",
  postalCode: "Use the 4-digit postcode, such as 5000, or leave it empty",
  btc: "Enter a Bitcoin address starting with bc1, 1 or 3, or leave it empty",
  eth: "Enter an Ethereum address: 0x and 40 hexadecimal characters, or leave it empty",
  sol: "Enter a Solana address of 32 to 44 base58 characters, or leave it empty",
  bankAccountName: "Keep the account name under 100 characters",
  bsb: "Use a 6-digit BSB such as 065-000",
  accountNumber: "Use the 5 to 10 digits of the account number",
  timezone: "Enter a timezone such as Australia/Adelaide",
  time: "Use HH:MM, such as 09:00",
  hoursOrder: "The day must end after it starts",
  slotFits: "At least one slot must fit between the start and the end",
  slotMinutes: "Use 15 to 240 minutes",
  days: "Tick at least one weekday",
  daysUnique: "Each weekday once",
  percent: "Use a percentage from 0 to 90",
  money: "Enter an amount of 0 or more with at most 2 decimal places",
  manualHold: "Use 1 to 30 days",
  paypalHold: "Use 10 to 1440 minutes",
  maxOpenOrders: "Use 1 to 20 orders",
  maxUnitsPerProduct: "Use 1 to 999 units",
  responseTime: "Use 1 to 72 hours",
  maxPending: "Use 1 to 100 bookings",
  rescheduleCutoff: "Use 0 to 336 hours",
  bookingReminder: "Use 0 to 168 hours",
  mailPerHour: "Use 1 to 50 e-mails",
  boolean: "Must be on or off",
  digestHour: "Use an hour from 0 to 23",
  reviewInviteDays: "Use 0 to 60 days",
  caseFileRetentionDays: "Use 7 to 3650 days",
  caseFilesQuotaGb: "Use 1 to 100000 GB",
  workerProcesses: "Use 0 to 64 processes",
  backupEvery: `Choose one of ${backupIntervals.join(", ")} hours`,
  calendarTitle: "Keep the calendar title to one line of up to 60 characters, without a web address",
} as const;

const base58 = "[1-9A-HJ-NP-Za-km-z]";
const bech32 = /^bc1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{11,71}$/;

/** A Bitcoin address: bech32 `bc1…` (all lower or all upper case) or legacy base58 `1…`/`3…`. */
export function isBitcoinAddress(value: string): boolean {
  if (new RegExp(`^[13]${base58}{25,34}$`).test(value)) return true;
  const lower = value.toLowerCase();
  return (value === lower || value === value.toUpperCase()) && bech32.test(lower);
}

/** An Ethereum address: `0x` and 40 hexadecimal characters. */
export function isEthereumAddress(value: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(value);
}

/** A Solana address: 32 to 44 base58 characters. */
export function isSolanaAddress(value: string): boolean {
  return new RegExp(`^${base58}{32,44}$`).test(value);
}

/** Whether the runtime knows `zone` as an IANA timezone. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-AU", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `hours` is one of the backup intervals on offer. */
export const isBackupInterval = (hours: number) => (backupIntervals as readonly number[]).includes(hours);

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Trimmed text of at most `max` characters (optionally at least one). */
export const text = (max: number, message?: string, required = false) =>
  z.string(message).check(z.trim(), ...(required ? [z.minLength(1, message)] : []), z.maxLength(max, message));

/** Trimmed text that is empty or matches `pattern`. */
export const matching = (pattern: RegExp, message?: string) => z.string(message).check(z.trim(), z.regex(pattern, message));

/** Trimmed text that is empty or passes `valid`. */
export const emptyOr = (valid: (v: string) => boolean, message?: string) =>
  z.string(message).check(
    z.trim(),
    z.refine((v) => v === "" || valid(v), message),
  );

/** A phone number as the owner types it: digits and `+ - ( )`, 6 to 15 digits; empty hides it unless `required`. */
export const phone = (required: boolean) =>
  z.string(settingsMessages.phone).check(
    z.trim(),
    z.refine((v) => !required || v !== "", settingsMessages.phoneRequired),
    z.refine((v) => v === "" || (/^\+?[\d\s().-]+$/.test(v) && /^(\D*\d){6,15}\D*$/.test(v) && v.length <= 40), settingsMessages.phone),
  );

/**
 * A title others may read on a lock screen or a shared calendar (decision 069): one line, no web
 * address (a link there would name the business), at most `max` characters; empty for the default.
 */
export const neutralTitle = (max: number, message: string) =>
  z.string(message).check(
    z.trim(),
    z.maxLength(max, message),
    z.refine((v) => !/[\r\n\u2028\u2029]/.test(v), message),
    z.refine((v) => !/https?:|www\.|[a-z0-9-]\.[a-z]{2,}\b/i.test(v), message),
  );

/** An e-mail address of at most 200 characters. */
export const emailAddress = z
  .string(settingsMessages.email)
  .check(z.trim(), z.maxLength(200, settingsMessages.email), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, settingsMessages.email));

/** A whole number from `min` to `max`. */
export const whole = (min: number, max: number, message?: string) => z.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

/** A number from `min` to `max`, fractions allowed. */
export const between = (min: number, max: number, message?: string) => z.number(message).check(z.minimum(min, message), z.maximum(max, message));

/** A discount the owner may give: 0 to 90%. */
export const discountPercent = between(0, 90, settingsMessages.percent);

/** An amount the owner types: 0 to a million, in whole cents. */
export const moneyAmount = z.number(settingsMessages.money).check(
  z.minimum(0, settingsMessages.money),
  z.maximum(1_000_000, settingsMessages.money),
  z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, settingsMessages.money),
);

/** The business hours as stored: any well-formed times, slot length and weekdays. */
export const storedBusinessHours = z.object({
  start: z.string().check(z.regex(hhmmPattern, "Use HH:MM")),
  end: z.string().check(z.regex(hhmmPattern, "Use HH:MM")),
  slotMinutes: whole(15, 240),
  days: z.array(whole(0, 6)),
});

const hhmm = z.string(settingsMessages.time).check(z.regex(hhmmPattern, settingsMessages.time));

/** The business hours as the owner sets them: the day ends after it starts, with room for one slot, each weekday at most once. */
export const businessHoursCheck = z
  .object(
    {
      start: hhmm,
      end: hhmm,
      slotMinutes: whole(15, 240, settingsMessages.slotMinutes),
      days: z.array(whole(0, 6, settingsMessages.days), settingsMessages.days).check(
        z.minLength(1, settingsMessages.days),
        z.refine((days) => new Set(days).size === days.length, settingsMessages.daysUnique),
      ),
    },
    "Send the business hours as an object",
  )
  .check(
    z.refine((h) => minutesOf(h.start) < minutesOf(h.end), { message: settingsMessages.hoursOrder, path: ["end"] }),
    z.refine((h) => minutesOf(h.start) >= minutesOf(h.end) || minutesOf(h.end) - minutesOf(h.start) >= h.slotMinutes, {
      message: settingsMessages.slotFits,
      path: ["slotMinutes"],
    }),
  );
