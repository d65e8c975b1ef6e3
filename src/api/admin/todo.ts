/** GET /api/admin/todo: the dashboard's to-do list and "Before you go live" checklist in one answer (behind requireAdmin). */
import { Hono } from "hono";
import type { AppDeps } from "../../server/deps";
import { adminTodo, servedAtFrom } from "../../server/go-live.server";
import type { AdminEnv } from "../../server/middleware/require-admin";

export function adminTodoApi(deps: AppDeps) {
  // The checklist judges PUBLIC_URL against the address the owner's browser is using (its Referer).
  return new Hono<AdminEnv>().get("/todo", (c) => c.json(adminTodo(deps, new Date(), servedAtFrom(c.req.header("Referer")))));
}
