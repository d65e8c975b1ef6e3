/**
 * The owner's analytics (behind requireAdmin), docs/product.md#analytics:
 *
 *   GET /api/admin/analytics?range=30d|90d|12m       the figures behind the charts (JSON)
 *   GET /api/admin/analytics.csv?range=30d|90d|12m   the same figures as one CSV file
 *
 * A missing range means 30 days; any other value answers 400. The figures and the CSV's lines come
 * from `reads/admin-analytics.server.ts`.
 */
import { Hono } from "hono";
import { analyticsCsv, analyticsFigures } from "../../reads/admin-analytics.server";
import type { AppDeps } from "../../server/deps";
import { csvResponse, toCsv } from "../../server/csv";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validQuery } from "../../server/validate";
import { adminAnalyticsQuerySchema } from "../../shared/admin-analytics";

export function adminAnalyticsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/analytics", validQuery(adminAnalyticsQuerySchema), (c) => c.json(analyticsFigures(deps, c.req.valid("query").range)))
    .get("/analytics.csv", validQuery(adminAnalyticsQuerySchema), (c) => {
      const csv = analyticsCsv(deps, c.req.valid("query").range);
      return csvResponse(csv.filename, toCsv(csv.columns, csv.lines));
    });
}
