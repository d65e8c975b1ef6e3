/**
 * The settings form's sections, in the order the page shows them, and the ways it draws a field.
 * Each setting's declaration (shared/settings.ts) names its section and its field; the form
 * (islands/admin/settings/) draws them in declaration order.
 */
import { type Currency, currencyNames } from "../domain/currency";

/** One heading of the settings form and the line under it. */
export type SettingSection = { title: string; intro: string | ((currency: Currency) => string) };

export const settingSections = {
  business: { title: "Business and contact", intro: "How customers see and reach the business. An empty Signal, WhatsApp or Messenger is hidden." },
  payments: { title: "Payments", intro: "An empty crypto address hides that coin at checkout and in payment e-mails." },
  plans: {
    title: "Payment plans",
    intro: "Interest-free: a booking paid in 2, 3 or 4 equal payments that add up to its price, each reminded by e-mail before it is due.",
  },
  bank: { title: "Bank account", intro: "For shop orders paid by bank transfer." },
  prices: { title: "Prices and shipping", intro: (currency) => `Amounts are in ${currencyNames[currency] ?? currency}, tax-inclusive.` },
  orders: { title: "Orders", intro: "Unpaid shop orders are cancelled, and their stock released, after these times." },
  bookings: { title: "Bookings", intro: "Booking times are offered in the business timezone, within the business hours." },
  mail: { title: "E-mail", intro: "So that nobody can use the site's forms to flood someone's inbox." },
  alerts: { title: "Alerts", intro: "What the business e-mail address is told at once, and an optional daily summary of the dashboard's to-do list." },
  cases: {
    title: "Case rooms",
    intro: "How long a closed case's files are kept before they are destroyed, and how much disk space all case files may take.",
  },
  backups: {
    title: "Backups",
    intro: "The site backs itself up into its data folder (the last 7 days and 4 weeks are kept) and checks each copy; a failure shows on the dashboard.",
  },
  server: { title: "Server", intro: "How the site runs on its server. Changes here take effect the next time the site starts." },
} satisfies Record<string, SettingSection>;

export type SettingSectionId = keyof typeof settingSections;

/** How the form draws a setting. */
export type SettingField =
  /** A text box; `type` picks the keyboard on a phone. */
  | { kind: "text"; type?: "text" | "tel" | "email"; hint: string }
  /** A number box: `step` "1" for whole numbers, "0.01" for amounts and percents. */
  | { kind: "number"; step: "1" | "0.01"; hint: string }
  /** A switch under the setting's label, `text` beside it. */
  | { kind: "switch"; text: string; hint: string }
  /** One of the alert switches, drawn together as a list of sentences. */
  | { kind: "alert"; text: string }
  /** A drop-down of fixed choices. */
  | { kind: "select"; hint: string; options: readonly { value: string | number; text: string }[] }
  /** Drawn by a component of the form's own (the timezone with its suggestions, the business hours' four fields). */
  | { kind: "own" };
