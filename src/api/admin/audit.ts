/**
 * The audit log (behind requireAdmin):
 *
 *   GET /api/admin/audit?admin=&kind=&page=   one page of entries, newest first, with the total and the admins
 *
 * 400 for a bad query (with field messages). There is no route that changes or deletes an entry.
 */
import { Hono } from "hono";
import { adminAuditPage } from "../../reads/admin-audit.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validQuery } from "../../server/validate";
import { type AdminAuditList, adminAuditList } from "../../shared/admin-audit";

export function adminAuditApi(deps: AppDeps) {
  return new Hono<AdminEnv>().get("/audit", validQuery(adminAuditList.schema), (c) => {
    const body: AdminAuditList = adminAuditPage(deps, c.req.valid("query"));
    return c.json(body);
  });
}
