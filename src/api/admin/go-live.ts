/**
 * The owner's marks on the "Before you go live" checklist (owners only, decision 074):
 *
 *   POST /api/admin/go-live/{line}/set-aside   { mark: "not_used" | "kept", reason }  sets the line aside
 *   POST /api/admin/go-live/{line}/undo        puts it back on the checklist
 *
 * Both are actions, audited; each answers the dashboard's to-do list and checklist as they are now.
 * 400 for a missing reason, 404 for a line not on the checklist (or not set aside), 409 for a mark
 * the line does not take.
 */
import { Hono } from "hono";
import { setGoLiveLineAside } from "../../actions/set-go-live-line-aside.server";
import { undoGoLiveLineSetAside } from "../../actions/undo-go-live-set-aside.server";
import type { AppDeps } from "../../server/deps";
import { adminTodo, servedAtFrom } from "../../server/go-live.server";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validParams } from "../../server/validate";
import { goLiveSetAsideSchema } from "../../shared/go-live";
import { z } from "../../shared/zod-mini";

const lineSchema = z.object({ line: z.string().check(z.regex(/^[A-Za-z]{1,40}$/, "Not a line of the checklist")) });

export function adminGoLiveApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .post("/go-live/:line/set-aside", validParams(lineSchema), validJson(goLiveSetAsideSchema), (c) => {
      setGoLiveLineAside(deps, c.get("admin"), c.req.valid("param").line, c.req.valid("json"));
      return c.json(adminTodo(deps, new Date(), servedAtFrom(c.req.header("Referer"))));
    })
    .post("/go-live/:line/undo", validParams(lineSchema), (c) => {
      undoGoLiveLineSetAside(deps, c.get("admin"), c.req.valid("param").line);
      return c.json(adminTodo(deps, new Date(), servedAtFrom(c.req.header("Referer"))));
    });
}
