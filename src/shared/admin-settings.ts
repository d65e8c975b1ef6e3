/**
 * The owner's settings form (`/admin/settings`) and `PUT /api/admin/settings`: one check per setting,
 * stricter than the stored schema (shared/settings.ts) because it judges what the owner types:
 * e-mail format, phone characters, a real IANA timezone, business hours whose start is before their
 * end, discounts of 0 to 90%, amounts in cents, and crypto addresses in their coin's format (or
 * empty, which hides the coin). zod/mini, so the island checks with the same rules as the server.
 */
import { isAbn } from "../domain/abn";
import { backupIntervals } from "../domain/backups";
import { currencies, currencyNames } from "../domain/currency";
import type { SettingKey, Settings } from "./settings";
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
  mailPerHour: "Use 1 to 50 e-mails",
  boolean: "Must be on or off",
  digestHour: "Use an hour from 0 to 23",
  reviewInviteDays: "Use 0 to 60 days",
  backupEvery: `Choose one of ${backupIntervals.join(", ")} hours`,
} as const;

/** Each setting's name, as the form labels it and the audit log names it. */
export const settingLabels: Record<SettingKey, string> = {
  businessName: "Business name",
  abn: "ABN",
  currency: "Currency",
  phone: "Phone",
  email: "E-mail",
  signal: "Signal",
  whatsapp: "WhatsApp",
  messenger: "Messenger",
  streetAddress: "Street address",
  postalCode: "Postcode",
  btcAddress: "Bitcoin address",
  ethAddress: "Ethereum address",
  usdcSolAddress: "USDC (Solana) address",
  bankAccountName: "Account name",
  bankBsb: "BSB",
  bankAccountNumber: "Account number",
  timezone: "Timezone",
  businessHours: "Business hours",
  newClientDiscountPercent: "New-client discount (%)",
  cryptoDiscountPercent: "Crypto discount (%)",
  freeShippingThreshold: "Free-shipping threshold",
  flatShippingFee: "Flat shipping fee",
  gstEnabled: "GST",
  manualOrderHoldDays: "Manual payment hold (days)",
  paypalOrderHoldMinutes: "PayPal payment hold (minutes)",
  maxOpenOrders: "Unpaid orders per customer",
  maxUnitsPerProduct: "Units of one product per customer",
  responseTimeHours: "Response time (hours)",
  maxPendingBookings: "Pending bookings per customer",
  rescheduleCutoffHours: "Moving a booking: cut-off (hours)",
  customerMailPerHour: "E-mails to one address per hour",
  alertNewEnquiries: "New enquiries",
  alertNewOrders: "New orders",
  alertNewBookings: "New bookings",
  alertCustomerCancellations: "Customer cancellations",
  dailyDigest: "Daily to-do digest",
  dailyDigestHour: "Digest hour",
  reviewInviteDays: "Review invitation (days after delivery)",
  backupHour: "Backup hour",
  backupEveryHours: "Back up every",
};

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

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const text = (max: number, message: string) => z.string(message).check(z.trim(), z.maxLength(max, message));

const phone = (required: boolean) =>
  z.string(settingsMessages.phone).check(
    z.trim(),
    z.refine((v) => !required || v !== "", settingsMessages.phoneRequired),
    z.refine((v) => v === "" || (/^\+?[\d\s().-]+$/.test(v) && /^(\D*\d){6,15}\D*$/.test(v) && v.length <= 40), settingsMessages.phone),
  );

const address = (valid: (v: string) => boolean, message: string) =>
  z.string(message).check(
    z.trim(),
    z.refine((v) => v === "" || valid(v), message),
  );

const percent = z.number(settingsMessages.percent).check(z.minimum(0, settingsMessages.percent), z.maximum(90, settingsMessages.percent));

const money = z.number(settingsMessages.money).check(
  z.minimum(0, settingsMessages.money),
  z.maximum(1_000_000, settingsMessages.money),
  z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, settingsMessages.money),
);

const whole = (min: number, max: number, message: string) => z.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

const hhmm = z.string(settingsMessages.time).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, settingsMessages.time));

const businessHours = z
  .object(
    {
      start: hhmm,
      end: hhmm,
      slotMinutes: whole(15, 240, settingsMessages.slotMinutes),
      days: z
        .array(
          z.number(settingsMessages.days).check(z.int(settingsMessages.days), z.minimum(0, settingsMessages.days), z.maximum(6, settingsMessages.days)),
          settingsMessages.days,
        )
        .check(
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

/** The owner's check of each setting, by key. */
export const adminSettingsShape = {
  businessName: z
    .string(settingsMessages.businessName)
    .check(z.trim(), z.minLength(1, settingsMessages.businessName), z.maxLength(100, settingsMessages.businessName)),
  abn: z.string(settingsMessages.abn).check(
    z.trim(),
    z.refine((v) => v === "" || isAbn(v), settingsMessages.abn),
  ),
  currency: z.enum(currencies, settingsMessages.currency),
  phone: phone(true),
  email: z
    .string(settingsMessages.email)
    .check(z.trim(), z.maxLength(200, settingsMessages.email), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, settingsMessages.email)),
  signal: phone(false),
  whatsapp: phone(false),
  messenger: text(100, settingsMessages.messenger),
  streetAddress: text(200, settingsMessages.streetAddress),
  postalCode: z.string(settingsMessages.postalCode).check(z.trim(), z.regex(/^(\d{4})?$/, settingsMessages.postalCode)),
  btcAddress: address(isBitcoinAddress, settingsMessages.btc),
  ethAddress: address(isEthereumAddress, settingsMessages.eth),
  usdcSolAddress: address(isSolanaAddress, settingsMessages.sol),
  bankAccountName: text(100, settingsMessages.bankAccountName),
  bankBsb: z.string(settingsMessages.bsb).check(z.trim(), z.regex(/^(\d{3}-?\d{3})?$/, settingsMessages.bsb)),
  bankAccountNumber: z.string(settingsMessages.accountNumber).check(z.trim(), z.regex(/^(\d{5,10})?$/, settingsMessages.accountNumber)),
  timezone: z.string(settingsMessages.timezone).check(z.trim(), z.refine(isTimeZone, settingsMessages.timezone)),
  businessHours,
  newClientDiscountPercent: percent,
  cryptoDiscountPercent: percent,
  freeShippingThreshold: money,
  flatShippingFee: money,
  gstEnabled: z.boolean(settingsMessages.boolean),
  manualOrderHoldDays: whole(1, 30, settingsMessages.manualHold),
  paypalOrderHoldMinutes: whole(10, 24 * 60, settingsMessages.paypalHold),
  maxOpenOrders: whole(1, 20, settingsMessages.maxOpenOrders),
  maxUnitsPerProduct: whole(1, 999, settingsMessages.maxUnitsPerProduct),
  responseTimeHours: whole(1, 72, settingsMessages.responseTime),
  maxPendingBookings: whole(1, 100, settingsMessages.maxPending),
  rescheduleCutoffHours: whole(0, 24 * 14, settingsMessages.rescheduleCutoff),
  customerMailPerHour: whole(1, 50, settingsMessages.mailPerHour),
  alertNewEnquiries: z.boolean(settingsMessages.boolean),
  alertNewOrders: z.boolean(settingsMessages.boolean),
  alertNewBookings: z.boolean(settingsMessages.boolean),
  alertCustomerCancellations: z.boolean(settingsMessages.boolean),
  dailyDigest: z.boolean(settingsMessages.boolean),
  dailyDigestHour: whole(0, 23, settingsMessages.digestHour),
  reviewInviteDays: whole(0, 60, settingsMessages.reviewInviteDays),
  backupHour: whole(0, 23, settingsMessages.digestHour),
  backupEveryHours: z
    .number(settingsMessages.backupEvery)
    .check(z.refine((n) => (backupIntervals as readonly number[]).includes(n), settingsMessages.backupEvery)),
} satisfies Record<SettingKey, unknown>;

/** The setting keys, in the order the form shows them. */
export const settingKeys = Object.keys(adminSettingsShape) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(adminSettingsShape, key);
}

/**
 * The body of `PUT /api/admin/settings`: a JSON object of settings, any or all of them. Its keys are
 * checked with `unknownSettingKeys`, and each value by `checkChangedSettings` against the stored
 * one, in the transaction that writes it.
 */
export const adminSettingsPutSchema = z.record(z.string(), z.unknown(), "Send the settings as a JSON object");

/** A message for each key of `body` that is not a setting. */
export function unknownSettingKeys(body: Record<string, unknown>): SettingsProblems {
  const problems: SettingsProblems = {};
  for (const key of Object.keys(body)) if (!isSettingKey(key)) problems[key] = "Not a setting";
  return problems;
}
export type AdminSettingsPut = Partial<Settings>;

/** Whether two values of a setting are the same (text compared trimmed, objects by their fields). */
export function sameSetting(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return a.trim() === b.trim();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameSetting(v, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameSetting((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return Object.is(a, b);
}

/** The first message per field (dotted path from the setting's key) of checking the changed settings. */
export type SettingsProblems = Record<string, string>;

/**
 * Checks the settings of `input` that differ from `current` (an unchanged value is already stored
 * and is not judged again, so a placeholder the owner has not touched never blocks a save). Answers
 * the parsed changed values, or the problems.
 */
export function checkChangedSettings(
  current: Settings,
  input: Partial<Record<SettingKey, unknown>>,
): { ok: true; changed: Partial<Settings> } | { ok: false; problems: SettingsProblems } {
  const changed: Record<string, unknown> = {};
  const problems: SettingsProblems = {};
  for (const key of settingKeys) {
    if (!Object.hasOwn(input, key) || input[key] === undefined || sameSetting(input[key], current[key])) continue;
    const result = z.safeParse(adminSettingsShape[key] as z.ZodMiniType, input[key]);
    if (result.success) {
      if (!sameSetting(result.data, current[key])) changed[key] = result.data;
      continue;
    }
    for (const issue of result.error.issues) {
      const path = [key, ...issue.path.map(String)].join(".");
      problems[path] ??= issue.message;
    }
  }
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, changed: changed as Partial<Settings> };
}

/**
 * The settings that say where customers' money goes: the currency, the bank account, the crypto
 * addresses and the PayPal hold. Changing one needs the password given again in the last 10 minutes (decision 027).
 */
export const reauthSettingKeys: readonly SettingKey[] = [
  "currency",
  "bankAccountName",
  "bankBsb",
  "bankAccountNumber",
  "btcAddress",
  "ethAddress",
  "usdcSolAddress",
  "paypalOrderHoldMinutes",
];
