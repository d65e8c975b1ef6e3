/** GET /api/admin/stats: the admin dashboard's headline figures (behind requireAdmin); staff get theirs, without the business's money. */
import { Hono } from "hono";
import { dashboardStats } from "../../reads/admin-stats.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import type { DashboardStats } from "../../shared/admin-stats";

export function adminStatsApi(deps: AppDeps) {
  return new Hono<AdminEnv>().get("/stats", (c) => {
    const body: DashboardStats = dashboardStats(deps, c.get("admin").role);
    return c.json(body);
  });
}
