/**
 * Business settings the owner edits in the admin portal, each declared once: what a stored value
 * must be (anything else reads as the default, so the site always renders), its default, the owner's
 * check, its label, where the form shows it, whether customers see it, whether it ships as a
 * placeholder (decision 037) and whether changing it needs the password again (decision 056). The
 * stored schema, the defaults, the API's checks, the form, the go-live checklist and the
 * re-authentication guard all read these declarations. Stored one row per key (JSON value).
 */
import { isAbn } from "../domain/abn";
import { backupIntervals } from "../domain/backups";
import { currencies, currencyNames } from "../domain/currency";
import {
  between,
  businessHoursCheck,
  discountPercent,
  emailAddress,
  emptyOr,
  isBackupInterval,
  isBitcoinAddress,
  isEthereumAddress,
  isSolanaAddress,
  isTimeZone,
  matching,
  moneyAmount,
  neutralTitle,
  phone,
  settingsMessages as m,
  storedBusinessHours,
  text,
  whole,
} from "./setting-checks";
import type { SettingField, SettingSectionId } from "./settings-form";
import { z } from "./zod-mini";

/**
 * Why changing a setting needs the password given in the last 10 minutes (decision 056), or false:
 * it says where customers' money goes, what they pay, how long their order waits for their payment,
 * where they reach the business, or it is a limit that protects customers.
 */
export type PasswordAgain =
  | "where money goes"
  | "what customers pay"
  | "how long an order waits for its payment"
  | "where customers reach the business"
  | "a limit that protects customers"
  | "when clients' case files are destroyed"
  | false;

/** One setting, declared once. */
export type SettingDeclaration<S extends z.ZodMiniType = z.ZodMiniType> = {
  /** What a stored value must be to be used. */
  stored: S;
  default: z.output<S>;
  /** What the owner may save: stricter, since it judges what they type. */
  check: z.ZodMiniType;
  /** Its name in the form and in the audit log. */
  label: string;
  section: SettingSectionId;
  field: SettingField;
  /** Whether its value reaches customers: pages, their e-mails, search engines. */
  customersSee: boolean;
  /** Whether it ships with a made-up value customers must never see (decision 037). */
  placeholder: boolean;
  passwordAgain: PasswordAgain;
  /**
   * A shipped value that may well be the owner's own (the business's name, the currency): the
   * go-live checklist asks about it, with this title and why it matters, until the owner has saved
   * the setting once or kept the value from the checklist (decision 074).
   */
  shipped?: { title: string; why: string };
};

/** Declares one setting, keeping its types: the stored value's, whether it is a placeholder, how the form draws it. */
function setting<S extends z.ZodMiniType, P extends boolean, F extends SettingField>(declaration: SettingDeclaration<S> & { placeholder: P; field: F }) {
  return declaration;
}

const storedMoney = z.number().check(z.minimum(0));

const planServicesMessage = "Write all, or services' ids separated by commas";

/** Every setting, in the order the form shows them. */
export const settingDeclarations = {
  businessName: setting({
    stored: text(100, undefined, true),
    default: "Adelaide Discreet Investigations",
    check: text(100, m.businessName, true),
    label: "Business name",
    section: "business",
    field: { kind: "text", hint: "Shown in the header, the footer, e-mails and invoices." },
    customersSee: true,
    placeholder: false,
    passwordAgain: false,
    shipped: { title: "Enter your business's name", why: "it is in the header, every e-mail and every invoice. Keep it only if it is yours." },
  }),
  /** Printed on tax invoices; empty until the owner enters it (without it no GST is charged or shown and no invoice is a tax invoice, decision 068). */
  abn: setting({
    stored: emptyOr(isAbn),
    default: "",
    check: emptyOr(isAbn, m.abn),
    label: "ABN",
    section: "business",
    field: { kind: "text", hint: "11 digits, printed on tax invoices. Until it is entered, no GST is shown and invoices are not tax invoices." },
    customersSee: true,
    placeholder: false,
    passwordAgain: false,
  }),
  phone: setting({
    stored: text(40),
    default: "+61 8 0000 0000",
    check: phone(true),
    label: "Phone",
    section: "business",
    field: { kind: "text", type: "tel", hint: "Shown on the contact and booking pages." },
    customersSee: true,
    placeholder: true,
    passwordAgain: "where customers reach the business",
  }),
  /** Where the business's mail goes (unless BUSINESS_EMAIL overrides it) and where customers' replies go. */
  email: setting({
    stored: text(200),
    default: "enquiries@example.com",
    check: emailAddress,
    label: "E-mail",
    section: "business",
    field: { kind: "text", type: "email", hint: "Where enquiries are sent and customers reply." },
    customersSee: true,
    placeholder: true,
    passwordAgain: "where customers reach the business",
  }),
  signal: setting({
    stored: text(40),
    default: "+61 400 000 000",
    check: phone(false),
    label: "Signal",
    section: "business",
    field: { kind: "text", type: "tel", hint: "Leave empty to hide Signal on the contact page." },
    customersSee: true,
    placeholder: true,
    passwordAgain: "where customers reach the business",
  }),
  whatsapp: setting({
    stored: text(40),
    default: "+61 400 000 001",
    check: phone(false),
    label: "WhatsApp",
    section: "business",
    field: { kind: "text", type: "tel", hint: "Leave empty to hide WhatsApp on the contact page." },
    customersSee: true,
    placeholder: true,
    passwordAgain: "where customers reach the business",
  }),
  messenger: setting({
    stored: text(100),
    default: "example.investigations",
    check: text(100, m.messenger),
    label: "Messenger",
    section: "business",
    field: { kind: "text", hint: "Your Messenger name; leave empty to hide it." },
    customersSee: true,
    placeholder: true,
    passwordAgain: "where customers reach the business",
  }),
  /** The street address (Adelaide, SA) search engines show as where to find the business; empty leaves it out rather than inventing one. */
  streetAddress: setting({
    stored: text(200),
    default: "",
    check: text(200, m.streetAddress),
    label: "Street address",
    section: "business",
    field: { kind: "text", hint: "For search engines only (Adelaide, SA is added). Leave empty to leave it out." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "where customers reach the business",
  }),
  postalCode: setting({
    stored: matching(/^(\d{4})?$/),
    default: "",
    check: matching(/^(\d{4})?$/, m.postalCode),
    label: "Postcode",
    section: "business",
    field: { kind: "text", hint: "4 digits, such as 5000. Leave empty to leave it out." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "where customers reach the business",
  }),
  btcAddress: setting({
    stored: text(120),
    default: "bc1q-example-placeholder-address-not-real",
    check: emptyOr(isBitcoinAddress, m.btc),
    label: "Bitcoin address",
    section: "payments",
    field: { kind: "text", hint: "Starts with bc1, 1 or 3. Leave empty to hide Bitcoin." },
    customersSee: true,
    placeholder: true,
    passwordAgain: "where money goes",
  }),
  ethAddress: setting({
    stored: text(120),
    default: "0xEXAMPLE0000000000000000000000000000PLACEHOLDER",
    check: emptyOr(isEthereumAddress, m.eth),
    label: "Ethereum address",
    section: "payments",
    field: { kind: "text", hint: "0x and 40 hexadecimal characters. Leave empty to hide Ethereum." },
    customersSee: true,
    placeholder: true,
    passwordAgain: "where money goes",
  }),
  usdcSolAddress: setting({
    stored: text(120),
    default: "SoLExamplePlaceholderAddressNotReal1111111111",
    check: emptyOr(isSolanaAddress, m.sol),
    label: "USDC (Solana) address",
    section: "payments",
    field: { kind: "text", hint: "32 to 44 characters on the Solana network. Leave empty to hide USDC." },
    customersSee: true,
    placeholder: true,
    passwordAgain: "where money goes",
  }),
  /** Interest-free payment plans (decision 085): whether customers may pay a booking in 2, 3 or 4 payments. */
  paymentPlansEnabled: setting({
    stored: z.boolean(),
    default: true,
    check: z.boolean(m.boolean),
    label: "Payment plans",
    section: "plans",
    field: {
      kind: "switch",
      text: "Offer interest-free payment plans: a booking paid in 2, 3 or 4 payments",
      hint: "The first payment is due when the customer chooses the plan, the rest at the interval below. Turning this off keeps the plans already made.",
    },
    customersSee: true,
    placeholder: false,
    passwordAgain: "what customers pay",
  }),
  /** The services plans are offered for: "all" (every bookable service) or their ids separated by commas. */
  paymentPlanServiceIds: setting({
    stored: text(400),
    default: "all",
    check: z
      .string(planServicesMessage)
      .check(z.trim(), z.toLowerCase(), z.maxLength(400, planServicesMessage), z.regex(/^(all|[a-z0-9-]+(\s*,\s*[a-z0-9-]+)*)$/, planServicesMessage)),
    label: "Services with payment plans",
    section: "plans",
    field: {
      kind: "text",
      hint: "all, or the services' ids separated by commas, as the pricing table names them (such as infidelity, fullcheating).",
    },
    customersSee: true,
    placeholder: false,
    passwordAgain: "what customers pay",
  }),
  /** The smallest booking price a plan is offered for. */
  paymentPlanMinimumTotal: setting({
    stored: storedMoney,
    default: 300,
    check: moneyAmount,
    label: "Smallest price for a plan",
    section: "plans",
    field: { kind: "number", step: "0.01", hint: "Bookings priced below this are paid in full." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "what customers pay",
  }),
  /** Days between a plan's instalments. */
  paymentPlanIntervalDays: setting({
    stored: whole(1, 90),
    default: 14,
    check: whole(1, 90, "Enter a whole number of days from 1 to 90"),
    label: "Days between payments",
    section: "plans",
    field: { kind: "number", step: "1", hint: "1 to 90 days. Plans already made keep their dates." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "what customers pay",
  }),
  /** How many days before an instalment's due date its reminder goes (another goes on the day). */
  paymentPlanReminderDays: setting({
    stored: whole(0, 30),
    default: 3,
    check: whole(0, 30, "Enter a whole number of days from 0 to 30"),
    label: "Reminder before a payment is due (days)",
    section: "plans",
    field: { kind: "number", step: "1", hint: "0 to 30 days; 0 sends only the reminder on the due date." },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  /** The account a shop order paid by bank transfer goes to; with the account number blank, the instructions ask the customer to reply for the details. */
  bankAccountName: setting({
    stored: text(100),
    default: "Adelaide Discreet Investigations",
    check: text(100, m.bankAccountName),
    label: "Account name",
    section: "bank",
    field: { kind: "text", hint: "The name on the account shop customers pay by bank transfer." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "where money goes",
  }),
  bankBsb: setting({
    stored: matching(/^(\d{3}-?\d{3})?$/, m.bsb),
    default: "000-000",
    check: matching(/^(\d{3}-?\d{3})?$/, m.bsb),
    label: "BSB",
    section: "bank",
    field: { kind: "text", hint: "6 digits, such as 065-000." },
    customersSee: true,
    placeholder: true,
    passwordAgain: "where money goes",
  }),
  bankAccountNumber: setting({
    stored: matching(/^(\d{5,10})?$/, m.accountNumber),
    default: "00000000",
    check: matching(/^(\d{5,10})?$/, m.accountNumber),
    label: "Account number",
    section: "bank",
    field: { kind: "text", hint: "5 to 10 digits. Leave empty to ask customers to reply for the details." },
    customersSee: true,
    placeholder: true,
    passwordAgain: "where money goes",
  }),
  /** The one currency every price, payment, invoice and export is in. */
  currency: setting({
    stored: z.enum(currencies),
    default: "USD",
    check: z.enum(currencies, m.currency),
    label: "Currency",
    section: "prices",
    field: {
      kind: "select",
      hint: "New prices, payments and invoices are in this currency. Existing bookings, orders and invoices keep the currency they were priced in.",
      options: currencies.map((c) => ({ value: c, text: `${c}: ${currencyNames[c]}` })),
    },
    customersSee: true,
    placeholder: false,
    passwordAgain: "what customers pay",
    shipped: { title: "Choose the currency", why: "every price, payment, invoice and export is in it. Keep it if it is the one you charge in." },
  }),
  newClientDiscountPercent: setting({
    stored: between(0, 100),
    default: 50,
    check: discountPercent,
    label: "New-client discount (%)",
    section: "prices",
    field: { kind: "number", step: "0.01", hint: "Off a new client's bookings, 0 to 90; the home page's offer says this figure." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "what customers pay",
  }),
  cryptoDiscountPercent: setting({
    stored: between(0, 100),
    default: 10,
    check: discountPercent,
    label: "Crypto discount (%)",
    section: "prices",
    field: { kind: "number", step: "0.01", hint: "Off a payment in crypto, 0 to 90." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "what customers pay",
  }),
  freeShippingThreshold: setting({
    stored: storedMoney,
    default: 200,
    check: moneyAmount,
    label: "Free-shipping threshold",
    section: "prices",
    field: { kind: "number", step: "0.01", hint: "Shop orders of this subtotal and over ship free." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "what customers pay",
  }),
  flatShippingFee: setting({
    stored: storedMoney,
    default: 15,
    check: moneyAmount,
    label: "Flat shipping fee",
    section: "prices",
    field: { kind: "number", step: "0.01", hint: "Charged on shop orders under the threshold." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "what customers pay",
  }),
  /**
   * Whether orders and service payments record the GST their prices include: what a tax invoice
   * says the customer paid. It takes effect only with an ABN (`gstCharged`, decision 068).
   */
  gstEnabled: setting({
    stored: z.boolean(),
    default: true,
    check: z.boolean(m.boolean),
    label: "GST",
    section: "prices",
    field: {
      kind: "switch",
      text: "Record the GST included in shop orders and service payments",
      hint: "Prices stay the same; orders and invoices show the GST they include. Applies only once an ABN is entered: without one, no GST is shown and invoices are not tax invoices.",
    },
    customersSee: true,
    placeholder: false,
    passwordAgain: "what customers pay",
  }),
  /** How long an unpaid shop order paid by a manual method holds its stock before it is cancelled, while the customer's transfer may be on its way. */
  manualOrderHoldDays: setting({
    stored: whole(1, 30),
    default: 3,
    check: whole(1, 30, m.manualHold),
    label: "Manual payment hold (days)",
    section: "orders",
    field: { kind: "number", step: "1", hint: "How long an unpaid order paid by crypto or bank transfer holds its stock, 1 to 30 days." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "how long an order waits for its payment",
  }),
  /** How long a shop order awaiting a PayPal capture holds its stock. */
  paypalOrderHoldMinutes: setting({
    stored: whole(10, 24 * 60),
    default: 60,
    check: whole(10, 24 * 60, m.paypalHold),
    label: "PayPal payment hold (minutes)",
    section: "orders",
    field: { kind: "number", step: "1", hint: "How long an order awaiting PayPal holds its stock, 10 to 1440 minutes." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "how long an order waits for its payment",
  }),
  /** Open unpaid shop orders one customer may hold at once, so one account cannot hold the stock. */
  maxOpenOrders: setting({
    stored: whole(1, 20),
    default: 2,
    check: whole(1, 20, m.maxOpenOrders),
    label: "Unpaid orders per customer",
    section: "orders",
    field: { kind: "number", step: "1", hint: "How many unpaid orders one customer may have open at once, 1 to 20." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "a limit that protects customers",
  }),
  /** Units of one product one customer may have in the cart and in open unpaid orders together. */
  maxUnitsPerProduct: setting({
    stored: whole(1, 999),
    default: 10,
    check: whole(1, 999, m.maxUnitsPerProduct),
    label: "Units of one product per customer",
    section: "orders",
    field: {
      kind: "number",
      step: "1",
      hint: "The most of one product a customer may have in the cart and in unpaid orders together, 1 to 999.",
    },
    customersSee: true,
    placeholder: false,
    passwordAgain: "a limit that protects customers",
  }),
  timezone: setting({
    stored: z.string().check(z.trim(), z.minLength(1)),
    default: "Australia/Adelaide",
    check: z.string(m.timezone).check(z.trim(), z.refine(isTimeZone, m.timezone)),
    label: "Timezone",
    section: "bookings",
    field: { kind: "own" },
    customersSee: true,
    placeholder: false,
    passwordAgain: false,
  }),
  businessHours: setting({
    stored: storedBusinessHours,
    default: { start: "09:00", end: "17:00", slotMinutes: 60, days: [1, 2, 3, 4, 5, 6] },
    check: businessHoursCheck,
    label: "Business hours",
    section: "bookings",
    field: { kind: "own" },
    customersSee: true,
    placeholder: false,
    passwordAgain: false,
  }),
  /** Pending bookings one customer may hold at once, so one account cannot hold the calendar. */
  maxPendingBookings: setting({
    stored: whole(1, 100),
    default: 5,
    check: whole(1, 100, m.maxPending),
    label: "Pending bookings per customer",
    section: "bookings",
    field: { kind: "number", step: "1", hint: "How many pending bookings one customer may hold at once." },
    customersSee: true,
    placeholder: false,
    passwordAgain: "a limit that protects customers",
  }),
  /** Hours before an appointment after which the customer can no longer move it themselves. */
  rescheduleCutoffHours: setting({
    stored: whole(0, 24 * 14),
    default: 24,
    check: whole(0, 24 * 14, m.rescheduleCutoff),
    label: "Moving a booking: cut-off (hours)",
    section: "bookings",
    field: { kind: "number", step: "1", hint: "Customers may move a booking to another time until this many hours before it, 0 to 336." },
    customersSee: true,
    placeholder: false,
    passwordAgain: false,
  }),
  /** Hours before a confirmed booking that its customer is reminded of it by e-mail, once per start; 0 sends no reminders. */
  bookingReminderHours: setting({
    stored: whole(0, 168),
    default: 24,
    check: whole(0, 168, m.bookingReminder),
    label: "Booking reminder (hours before)",
    section: "bookings",
    field: {
      kind: "number",
      step: "1",
      hint: "This many hours before a confirmed booking, its customer is e-mailed a reminder with the calendar invitation, 0 to 168 (a week); 0 sends none.",
    },
    customersSee: true,
    placeholder: false,
    passwordAgain: false,
  }),
  responseTimeHours: setting({
    stored: whole(1, 72),
    default: 2,
    check: whole(1, 72, m.responseTime),
    label: "Response time (hours)",
    section: "bookings",
    field: { kind: "number", step: "1", hint: "The reply time customers are promised, 1 to 72 hours." },
    customersSee: true,
    placeholder: false,
    passwordAgain: false,
  }),
  /** The title of a booking in the customer's calendar; empty is "Appointment" and the booking's reference (decision 069). */
  calendarTitle: setting({
    stored: text(60),
    default: "",
    check: neutralTitle(60, m.calendarTitle),
    label: "Calendar title",
    section: "bookings",
    field: {
      kind: "text",
      hint: "What a booking is called in the customer's calendar, where others may see it on a lock screen or a shared calendar: keep it neutral, without the service or the trade. Leave empty for \"Appointment\" and the booking's reference, such as Appointment BK-7KQ4-M2XD.",
    },
    customersSee: true,
    placeholder: false,
    passwordAgain: false,
  }),
  /** E-mails a visitor's requests may send to one address in an hour, so the site cannot flood someone's inbox. */
  customerMailPerHour: setting({
    stored: whole(1, 50),
    default: 5,
    check: whole(1, 50, m.mailPerHour),
    label: "E-mails to one address per hour",
    section: "mail",
    field: {
      kind: "number",
      step: "1",
      hint: "At most this many e-mails in an hour to one address from requests anyone could make (signed out, or an address typed on a form), 1 to 50; beyond it the form asking for one says so. What we owe a signed-in customer (confirmations, receipts, changes they made) is always sent.",
    },
    customersSee: false,
    placeholder: false,
    passwordAgain: "a limit that protects customers",
  }),
  /** Days after an order is delivered that the customer is invited to review what was in it; 0 sends no invitations. */
  reviewInviteDays: setting({
    stored: whole(0, 60),
    default: 5,
    check: whole(0, 60, m.reviewInviteDays),
    label: "Review invitation (days after delivery)",
    section: "mail",
    field: {
      kind: "number",
      step: "1",
      hint: "This many days after an order is delivered, the customer is asked once to review what they bought, 0 to 60; 0 sends no invitations.",
    },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  /** E-mail the business every new enquiry; an emergency enquiry is e-mailed at once whatever this says. */
  alertNewEnquiries: setting({
    stored: z.boolean(),
    default: true,
    check: z.boolean(m.boolean),
    label: "New enquiries",
    section: "alerts",
    field: { kind: "alert", text: "E-mail me every new enquiry (an emergency enquiry is always e-mailed at once)" },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  alertNewOrders: setting({
    stored: z.boolean(),
    default: true,
    check: z.boolean(m.boolean),
    label: "New orders",
    section: "alerts",
    field: { kind: "alert", text: "E-mail me every new shop order" },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  alertNewBookings: setting({
    stored: z.boolean(),
    default: true,
    check: z.boolean(m.boolean),
    label: "New bookings",
    section: "alerts",
    field: { kind: "alert", text: "E-mail me every new booking" },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  alertCustomerCancellations: setting({
    stored: z.boolean(),
    default: true,
    check: z.boolean(m.boolean),
    label: "Customer cancellations",
    section: "alerts",
    field: { kind: "alert", text: "E-mail me when a customer cancels a booking or an order" },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  /** E-mail the business when a client adds a message or a file to a case room: one per room until someone opens it (decision 082). */
  alertCaseRoomActivity: setting({
    stored: z.boolean(),
    default: true,
    check: z.boolean(m.boolean),
    label: "Case rooms",
    section: "alerts",
    field: { kind: "alert", text: "E-mail me when a client adds something to a case room (one e-mail until the room is opened)" },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  /** E-mail the business the dashboard's to-do list once a day. */
  dailyDigest: setting({
    stored: z.boolean(),
    default: false,
    check: z.boolean(m.boolean),
    label: "Daily to-do digest",
    section: "alerts",
    field: {
      kind: "switch",
      text: "E-mail me the to-do list every day",
      hint: "Once a day, at the digest hour in the business timezone; nothing is sent on a day with nothing to do.",
    },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  /** The hour of the day (business timezone) the daily digest goes out at. */
  dailyDigestHour: setting({
    stored: whole(0, 23),
    default: 8,
    check: whole(0, 23, m.digestHour),
    label: "Digest hour",
    section: "alerts",
    field: { kind: "number", step: "1", hint: "0 to 23, such as 8 for 8 am." },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  /** Hours between scheduled backups: 24 is once a day at `backupHour`. */
  backupEveryHours: setting({
    stored: z.number().check(z.int(), z.refine(isBackupInterval)),
    default: 24,
    check: z.number(m.backupEvery).check(z.refine(isBackupInterval, m.backupEvery)),
    label: "Back up every",
    section: "backups",
    field: {
      kind: "select",
      hint: "Once a day is enough for most businesses; more often loses less if the server is lost.",
      options: backupIntervals.map((h) => ({ value: h, text: h === 24 ? "Day (once a day)" : h === 1 ? "Hour" : `${h} hours` })),
    },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  /** The hour of the day (business timezone) of the scheduled backup (decision 049). */
  backupHour: setting({
    stored: whole(0, 23),
    default: 3,
    check: whole(0, 23, m.digestHour),
    label: "Backup hour",
    section: "backups",
    field: {
      kind: "number",
      step: "1",
      hint: "0 to 23 in the business timezone, such as 3 for 3 am: a quiet hour. More than one a day follow it at the chosen interval.",
    },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  /** Days after a case closes that its files are destroyed, the client warned a week before (decision 082). */
  caseFileRetentionDays: setting({
    stored: whole(7, 3650),
    default: 90,
    check: whole(7, 3650, m.caseFileRetentionDays),
    label: "Keep a closed case's files for (days)",
    section: "cases",
    field: {
      kind: "number",
      step: "1",
      hint: "7 to 3650 days after a case is closed, its files are destroyed for good; the client is e-mailed a week before to download what they want to keep.",
    },
    customersSee: true,
    placeholder: false,
    passwordAgain: "when clients' case files are destroyed",
  }),
  /** The space every case file together may take on the server's disk, in gigabytes. */
  caseFilesQuotaGb: setting({
    stored: whole(1, 100_000),
    default: 50,
    check: whole(1, 100_000, m.caseFilesQuotaGb),
    label: "Space for case files (GB)",
    section: "cases",
    field: {
      kind: "number",
      step: "1",
      hint: "1 to 100000 GB. A file that would go beyond it is refused, and the uploader is told the space is full.",
    },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
  /**
   * How many processes answer visitors (decision 089); 0 is one per processor core. Read once when
   * the site starts; the WORKERS environment variable overrides it.
   */
  workerProcesses: setting({
    stored: whole(0, 64),
    default: 0,
    check: whole(0, 64, m.workerProcesses),
    label: "Worker processes",
    section: "server",
    field: {
      kind: "number",
      step: "1",
      hint: "How many processes answer visitors at once, 0 to 64; 0 is one for each processor core of the server, which suits most. Takes effect at the next start of the site.",
    },
    customersSee: false,
    placeholder: false,
    passwordAgain: false,
  }),
};

type Declarations = typeof settingDeclarations;
export type SettingKey = keyof Declarations;

/** The setting keys, in the order the form shows them. */
export const settingKeys = Object.keys(settingDeclarations) as SettingKey[];

/** Whether `key` names a setting. */
export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingDeclarations, key);
}

/** The stored settings: each key's stored schema, its default when missing. */
export const settingsSchema = z.object(
  Object.fromEntries(settingKeys.map((key) => [key, z._default(settingDeclarations[key].stored, settingDeclarations[key].default as never)])) as {
    [K in SettingKey]: z.ZodMiniDefault<Declarations[K]["stored"]>;
  },
);

export type Settings = z.output<typeof settingsSchema>;

/** Defaults for every setting. */
export const defaultSettings: Settings = settingsSchema.parse({});

/** The settings the form draws as `kind`. */
export type SettingKeyDrawnAs<Kind extends SettingField["kind"]> = { [K in SettingKey]: Declarations[K]["field"]["kind"] extends Kind ? K : never }[SettingKey];

/** The settings that ship with a made-up value. */
export type PlaceholderSettingKey = { [K in SettingKey]: Declarations[K]["placeholder"] extends true ? K : never }[SettingKey];
