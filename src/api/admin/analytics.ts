/**
 * The owner's analytics (behind requireAdmin), docs/product.md#analytics:
 *
 *   GET /api/admin/analytics?range=30d|90d|12m       the figures behind the charts (JSON)
 *   GET /api/admin/analytics.csv?range=30d|90d|12m   the same figures as one CSV file
 *
 * A missing range means 30 days; any other value answers 400.
 */
import { Hono } from "hono";
import { adminAnalytics } from "../../db/admin-analytics.server";
import { getSettings } from "../../db/settings.server";
import type { AppDeps } from "../../server/deps";
import { csvResponse, toCsv } from "../../server/csv";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validQuery } from "../../server/validate";
import { visitsPerDayLabel } from "../../shared/visit-labels";
import { type AdminAnalytics, adminAnalyticsQuerySchema, defaultAnalyticsRange, paymentMethodLabel } from "../../shared/admin-analytics";

/** One line of the CSV: which figure, for what (a day, a period, a method, a service or a product), and its numbers. */
type CsvLine = { figure: string; key: string; count: number | null; amount: string | null };

export function analyticsCsvLines(a: AdminAnalytics): CsvLine[] {
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
const columns = (currency: string) => [
  { header: "Figure", value: (l: CsvLine) => l.figure },
  { header: "Day, period or name", value: (l: CsvLine) => l.key },
  { header: "Count", value: (l: CsvLine) => l.count },
  { header: `Amount (${currency})`, value: (l: CsvLine) => l.amount },
];

export function adminAnalyticsApi(deps: AppDeps) {
  const figures = (range: AdminAnalytics["range"] | undefined) => adminAnalytics(deps.db, range ?? defaultAnalyticsRange, getSettings(deps.db).timezone);
  return new Hono<AdminEnv>()
    .get("/analytics", validQuery(adminAnalyticsQuerySchema), (c) => c.json(figures(c.req.valid("query").range)))
    .get("/analytics.csv", validQuery(adminAnalyticsQuerySchema), (c) => {
      const a = figures(c.req.valid("query").range);
      return csvResponse(`analytics-${a.range}-${a.from}-to-${a.to}.csv`, toCsv(columns(getSettings(deps.db).currency), analyticsCsvLines(a)));
    });
}
