/**
 * The owner's analytics: the figures behind the charts for a range, counted in the business's time
 * zone, and the same figures as the rows and columns of one CSV file.
 */
import { adminAnalytics } from "../db/admin-analytics.server";
import { getSettings } from "../db/settings.server";
import type { CsvColumn } from "../server/csv";
import { type AdminAnalytics, type AnalyticsRange, defaultAnalyticsRange, paymentMethodLabel } from "../shared/admin-analytics";
import { visitsPerDayLabel } from "../shared/visit-labels";
import type { ReadDeps } from "./read";

/** One line of the CSV: which figure, for what (a day, a period, a method, a service or a product), and its numbers. */
type CsvLine = { figure: string; key: string; count: number | null; amount: string | null };

/** The analytics CSV: its file name (the range and its days), its columns and its lines. */
export type AnalyticsCsv = { filename: string; columns: CsvColumn<CsvLine>[]; lines: CsvLine[] };

/** Every figure of `a` as a line, in the order the page shows them. */
function analyticsCsvLines(a: AdminAnalytics): CsvLine[] {
  const periodName = a.period === "week" ? "week starting" : "month starting";
  return [
    ...a.visitors.map((v) => ({ figure: visitsPerDayLabel, key: v.day, count: v.visits, amount: null })),
    ...a.periods.map((p) => ({ figure: `Bookings per ${a.period} (${periodName})`, key: p.start, count: p.bookings, amount: null })),
    ...a.periods.map((p) => ({ figure: `Revenue per ${a.period} (${periodName})`, key: p.start, count: null, amount: p.revenue })),
    ...a.paymentMethods.map((m) => ({ figure: "Payments by method", key: paymentMethodLabel(m.method), count: m.count, amount: m.amount })),
    ...a.topServices.map((s) => ({ figure: "Top services (bookings, value booked)", key: s.name, count: s.bookings, amount: s.value })),
    ...a.topProducts.map((p) => ({ figure: "Top products (units, revenue)", key: p.name, count: p.units, amount: p.revenue })),
    ...a.mostWished.map((p) => ({ figure: "Most wished-for products (wishlists now)", key: p.name, count: p.wishes, amount: null })),
  ];
}

/** The columns, the amounts headed with the currency setting they are in. */
const columns = (currency: string): CsvColumn<CsvLine>[] => [
  { header: "Figure", value: (l) => l.figure },
  { header: "Day, period or name", value: (l) => l.key },
  { header: "Count", value: (l) => l.count },
  { header: `Amount (${currency})`, value: (l) => l.amount },
];

/** The figures for `range` (30 days when none is given), counted in the business's time zone. */
export function analyticsFigures(deps: ReadDeps, range: AnalyticsRange | undefined): AdminAnalytics {
  return adminAnalytics(deps.db, range ?? defaultAnalyticsRange, getSettings(deps.db).timezone);
}

/** The same figures as one CSV file, its amounts headed with the currency setting. */
export function analyticsCsv(deps: ReadDeps, range: AnalyticsRange | undefined): AnalyticsCsv {
  const settings = getSettings(deps.db);
  const a = adminAnalytics(deps.db, range ?? defaultAnalyticsRange, settings.timezone);
  return { filename: `analytics-${a.range}-${a.from}-to-${a.to}.csv`, columns: columns(settings.currency), lines: analyticsCsvLines(a) };
}
