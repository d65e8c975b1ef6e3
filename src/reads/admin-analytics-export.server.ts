/**
 * The analytics figures as a file (decision 073): every figure the page shows for its range, one
 * line each, with its day or period (a date) or its name, its count, and its amount with the
 * currency that amount is in (a column of its own: after a change of the currency setting, the
 * older bookings, orders and payments keep theirs, and no line adds one currency to another).
 */
import { adminAnalytics } from "../db/admin-analytics.server";
import { getSettings } from "../db/settings.server";
import type { ExportColumn, ListExport } from "../server/export-columns";
import { type AdminAnalytics, type AnalyticsRange, defaultAnalyticsRange, paymentMethodLabel } from "../shared/admin-analytics";
import { visitsPerDayLabel } from "../shared/visit-labels";
import type { ReadDeps } from "./read";

/** One line: which figure, for which day or period (its first day) or which name, and its numbers. */
type FigureLine = { figure: string; day: string | null; name: string | null; count: number | null; amount: string | null; currency: string | null };

/** Every figure of `a` as a line, in the order the page shows them; money one line per currency. */
function figureLines(a: AdminAnalytics): FigureLine[] {
  const periodName = a.period === "week" ? "week starting" : "month starting";
  const none = { day: null, name: null, count: null, amount: null, currency: null };
  return [
    ...a.visitors.map((v) => ({ ...none, figure: visitsPerDayLabel, day: v.day, count: v.visits })),
    ...a.periods.map((p) => ({ ...none, figure: `Bookings per ${a.period} (${periodName})`, day: p.start, count: p.bookings })),
    ...a.revenue.flatMap((r) =>
      a.periods.map((p, i) => ({
        ...none,
        figure: `Revenue per ${a.period} (${periodName})`,
        day: p.start,
        amount: r.periods[i] ?? "0.00",
        currency: r.currency,
      })),
    ),
    ...a.revenue.map((r) => ({ ...none, figure: "Revenue in the range", amount: r.total, currency: r.currency })),
    ...a.revenue.flatMap((r) =>
      r.paymentMethods.map((m) => ({
        ...none,
        figure: "Payments by method",
        name: paymentMethodLabel(m.method),
        count: m.count,
        amount: m.amount,
        currency: r.currency,
      })),
    ),
    ...a.topServices.flatMap((s) =>
      s.byCurrency.map((c) => ({
        ...none,
        figure: "Top services (bookings, value booked)",
        name: s.name,
        count: c.bookings,
        amount: c.value,
        currency: c.currency,
      })),
    ),
    ...a.topProducts.flatMap((p) =>
      p.byCurrency.map((c) => ({ ...none, figure: "Top products (units, revenue)", name: p.name, count: c.units, amount: c.revenue, currency: c.currency })),
    ),
    ...a.mostWished.map((p) => ({ ...none, figure: "Most wished-for products (wishlists now)", name: p.name, count: p.wishes })),
  ];
}

const columns: ExportColumn<FigureLine>[] = [
  { header: "Figure", kind: "text", value: (l) => l.figure, width: 40 },
  { header: "Day or period", kind: "day", value: (l) => l.day, width: 13 },
  { header: "Name", kind: "text", value: (l) => l.name, width: 28 },
  { header: "Count", kind: "count", value: (l) => l.count },
  { header: "Amount", kind: "money", value: (l) => l.amount, width: 14 },
  { header: "Currency", kind: "text", value: (l) => l.currency, width: 9 },
];

/** The figures for `range` (30 days when none is given) as one file, counted in the business's time zone. */
export function analyticsExport(deps: ReadDeps, range: AnalyticsRange | undefined): ListExport<FigureLine> {
  const settings = getSettings(deps.db);
  const a = adminAnalytics(deps.db, range ?? defaultAnalyticsRange, settings.timezone, new Date(), settings.currency);
  return { list: "analytics", sheet: "Analytics", timeZone: settings.timezone, columns, rows: figureLines(a) };
}
