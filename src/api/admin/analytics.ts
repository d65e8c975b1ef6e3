/**
 * The owner's analytics (behind requireAdmin), docs/product.md#analytics:
 *
 *   GET /api/admin/analytics?range=30d|90d|12m       the figures behind the charts (JSON)
 *   GET /api/admin/analytics.csv?range=30d|90d|12m   the same figures as one CSV file
 *   GET /api/admin/analytics.xlsx?range=30d|90d|12m  and as an Excel workbook
 *
 * A missing range means 30 days; any other value answers 400. The figures come from
 * `reads/admin-analytics.server.ts`, the files' lines from `reads/admin-analytics-export.server.ts`.
 */
import { Hono } from "hono";
import { analyticsExport } from "../../reads/admin-analytics-export.server";
import { analyticsFigures } from "../../reads/admin-analytics.server";
import type { AppDeps } from "../../server/deps";
import { exportResponse } from "../../server/exports";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validQuery } from "../../server/validate";
import { adminAnalyticsQuerySchema } from "../../shared/admin-analytics";

export function adminAnalyticsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/analytics", validQuery(adminAnalyticsQuerySchema), (c) => c.json(analyticsFigures(deps, c.req.valid("query").range)))
    .get("/analytics.csv", validQuery(adminAnalyticsQuerySchema), (c) => exportResponse("csv", analyticsExport(deps, c.req.valid("query").range)))
    .get("/analytics.xlsx", validQuery(adminAnalyticsQuerySchema), (c) => exportResponse("xlsx", analyticsExport(deps, c.req.valid("query").range)));
}
