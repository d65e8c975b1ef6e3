/**
 * The continuous copy of the database (decision 078), for the dashboard's owners-only panel:
 *
 *   GET /api/admin/replication   off, or "Copied 2 seconds ago" / what is wrong, and where it goes
 *
 * Staff are refused (403 `owners_only`): the path is not in their allow-list (domain/admin-roles.ts).
 */
import { Hono } from "hono";
import { adminReplication } from "../../reads/admin-replication.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import type { AdminReplication } from "../../shared/admin-replication";

export function adminReplicationApi(deps: AppDeps) {
  return new Hono<AdminEnv>().get("/replication", (c) => {
    const body: AdminReplication = adminReplication(deps);
    return c.json(body);
  });
}
