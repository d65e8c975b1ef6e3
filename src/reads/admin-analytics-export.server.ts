/**
 * The analytics figures as a file (decision 073): every figure the page shows for its range, one
 * line each, with its day or period (a date) or its name, its count and its amount in the
 * currency setting.
 */
import { adminAnalytics } from "../db/admin-analytics.server";
import { getSettings } from "../db/settings.server";
import type { ExportColumn, ListExport } from "../server/export-columns";
import { type AdminAnalytics, type AnalyticsRange, defaultAnalyticsRange, paymentMethodLabel } from "../shared/admin-analytics";
import { visitsPerDayLabel } from "../shared/visit-labels";
import type { ReadDeps } from "./read";

/** One line: which figure, for which day or period (its first day) or which name, and its numbers. */
type FigureLine = { figure: string; day: string | null; name: string | null; count: number | null; amount: string | null };

/** Every figure of `a` as a line, in the order the page shows them. */
function figureLines(a: AdminAnalytics): FigureLine[] {
  const periodName = a.period === "week" ? "week starting" : "month starting";
  const none = { day: null, name: null, count: null, amount: null };
  return [
    ...a.visitors.map((v) => ({ ...none, figure: visitsPerDayLabel, day: v.day, count: v.visits })),
    ...a.periods.map((p) => ({ ...none, figure: `Bookings per ${a.period} (${periodName})`, day: p.start, count: p.bookings })),
    ...a.periods.map((p) => ({ ...none, figure: `Revenue per ${a.period} (${periodName})`, day: p.start, amount: p.revenue })),
    ...a.paymentMethods.map((m) => ({ ...none, figure: "Payments by method", name: paymentMethodLabel(m.method), count: m.count, amount: m.amount })),
    ...a.topServices.map((s) => ({ ...none, figure: "Top services (bookings, value booked)", name: s.name, count: s.bookings, amount: s.value })),
    ...a.topProducts.map((p) => ({ ...none, figure: "Top products (units, revenue)", name: p.name, count: p.units, amount: p.revenue })),
    ...a.mostWished.map((p) => ({ ...none, figure: "Most wished-for products (wishlists now)", name: p.name, count: p.wishes })),
  ];
}

/** The columns, the amounts headed with the currency setting they are in. */
const columns = (currency: string): ExportColumn<FigureLine>[] => [
  { header: "Figure", kind: "text", value: (l) => l.figure, width: 40 },
  { header: "Day or period", kind: "day", value: (l) => l.day, width: 13 },
  { header: "Name", kind: "text", value: (l) => l.name, width: 28 },
  { header: "Count", kind: "count", value: (l) => l.count },
  { header: `Amount (${currency})`, kind: "money", value: (l) => l.amount, width: 14 },
];

/** The figures for `range` (30 days when none is given) as one file, counted in the business's time zone. */
export function analyticsExport(deps: ReadDeps, range: AnalyticsRange | undefined): ListExport<FigureLine> {
  const settings = getSettings(deps.db);
  const a = adminAnalytics(deps.db, range ?? defaultAnalyticsRange, settings.timezone);
  return { list: "analytics", sheet: "Analytics", timeZone: settings.timezone, columns: columns(settings.currency), rows: figureLines(a) };
}
