/**
 * Business settings the owner edits in the admin portal. Stored one row per key (JSON value);
 * a missing or invalid value falls back to the default here, so the site always renders.
 */
import { z } from "zod";
import { currencies } from "../domain/currency";
import { isAbn } from "../domain/abn";
import { backupIntervals } from "../domain/backups";

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use HH:MM");
const percent = z.number().min(0).max(100);

export const settingsSchema = z.object({
  businessName: z.string().trim().min(1).max(100).default("Adelaide Discreet Investigations"),
  /** The Australian Business Number printed on tax invoices; empty until the owner enters it (an invoice without it is not a tax invoice). */
  abn: z
    .string()
    .trim()
    .refine((v) => v === "" || isAbn(v))
    .default(""),
  /** The one currency every price, payment, invoice and export is in. */
  currency: z.enum(currencies).default("USD"),
  phone: z.string().trim().max(40).default("+61 8 0000 0000"),
  email: z.string().trim().max(200).default("enquiries@example.com"),
  signal: z.string().trim().max(40).default("+61 400 000 000"),
  whatsapp: z.string().trim().max(40).default("+61 400 000 001"),
  messenger: z.string().trim().max(100).default("example.investigations"),
  /** The business's street address and postcode (Adelaide, SA) for search engines; empty leaves them out rather than inventing one. */
  streetAddress: z.string().trim().max(200).default(""),
  postalCode: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/)
    .default(""),
  btcAddress: z.string().trim().max(120).default("bc1q-example-placeholder-address-not-real"),
  ethAddress: z.string().trim().max(120).default("0xEXAMPLE0000000000000000000000000000PLACEHOLDER"),
  usdcSolAddress: z.string().trim().max(120).default("SoLExamplePlaceholderAddressNotReal1111111111"),
  /** The account a shop order paid by bank transfer goes to; with the account number blank, the instructions ask the customer to reply for the details. */
  bankAccountName: z.string().trim().max(100).default("Adelaide Discreet Investigations"),
  bankBsb: z
    .string()
    .trim()
    .regex(/^(\d{3}-?\d{3})?$/, "Use a 6-digit BSB such as 065-000")
    .default("000-000"),
  bankAccountNumber: z
    .string()
    .trim()
    .regex(/^(\d{5,10})?$/, "Use the 5 to 10 digits of the account number")
    .default("00000000"),
  timezone: z.string().trim().min(1).default("Australia/Adelaide"),
  businessHours: z
    .object({
      start: hhmm,
      end: hhmm,
      slotMinutes: z.number().int().min(15).max(240),
      days: z.array(z.number().int().min(0).max(6)),
    })
    .default({ start: "09:00", end: "17:00", slotMinutes: 60, days: [1, 2, 3, 4, 5, 6] }),
  newClientDiscountPercent: percent.default(50),
  cryptoDiscountPercent: percent.default(10),
  freeShippingThreshold: z.number().min(0).default(200),
  flatShippingFee: z.number().min(0).default(15),
  gstEnabled: z.boolean().default(true),
  /** How long an unpaid shop order paid by a manual method holds its stock before it is cancelled. */
  manualOrderHoldDays: z.number().int().min(1).max(30).default(3),
  /** How long a shop order awaiting a PayPal capture holds its stock. */
  paypalOrderHoldMinutes: z
    .number()
    .int()
    .min(10)
    .max(24 * 60)
    .default(60),
  /** Open unpaid shop orders one customer may hold at once, so one account cannot hold the stock. */
  maxOpenOrders: z.number().int().min(1).max(20).default(2),
  /** Units of one product one customer may have in the cart and in open unpaid orders together. */
  maxUnitsPerProduct: z.number().int().min(1).max(999).default(10),
  responseTimeHours: z.number().int().min(1).max(72).default(2),
  /** Pending bookings one customer may hold at once, so one account cannot hold the calendar. */
  maxPendingBookings: z.number().int().min(1).max(100).default(5),
  /** Hours before an appointment after which the customer can no longer move it themselves. */
  rescheduleCutoffHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14)
    .default(24),
  /** E-mails a visitor's requests may send to one address in an hour, so the site cannot flood someone's inbox. */
  customerMailPerHour: z.number().int().min(1).max(50).default(5),
  /** E-mail the business every new enquiry; an emergency enquiry is e-mailed at once whatever this says. */
  alertNewEnquiries: z.boolean().default(true),
  /** E-mail the business every new shop order. */
  alertNewOrders: z.boolean().default(true),
  /** E-mail the business every new booking. */
  alertNewBookings: z.boolean().default(true),
  /** E-mail the business when a customer cancels a booking or an order. */
  alertCustomerCancellations: z.boolean().default(true),
  /** E-mail the business the dashboard's to-do list once a day. */
  dailyDigest: z.boolean().default(false),
  /** The hour of the day (business timezone) the daily digest goes out at. */
  dailyDigestHour: z.number().int().min(0).max(23).default(8),
  /** Days after an order is delivered that the customer is invited to review what was in it; 0 sends no invitations. */
  reviewInviteDays: z.number().int().min(0).max(60).default(5),
  /** The hour of the day (business timezone) of the scheduled backup (decision 049). */
  backupHour: z.number().int().min(0).max(23).default(3),
  /** Hours between scheduled backups: 24 is once a day at `backupHour`. */
  backupEveryHours: z
    .number()
    .int()
    .refine((n) => (backupIntervals as readonly number[]).includes(n))
    .default(24),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

/** Defaults for every setting. */
export const defaultSettings: Settings = settingsSchema.parse({});
