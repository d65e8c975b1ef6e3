/**
 * An owner puts a line they set aside back on the "Before you go live" checklist (POST
 * /api/admin/go-live/{line}/undo), audited (`undoGoLiveSetAside`, decision 074).
 */
import type { AuditActor } from "../db/audit.server";
import { undoGoLiveSetAside } from "../db/go-live-marks.server";
import { notFound } from "../server/errors";
import { currentChecklist } from "../server/go-live.server";
import { goLiveMessages } from "../shared/go-live";
import type { ActionDeps } from "./action";

export function undoGoLiveLineSetAside(deps: ActionDeps, admin: AuditActor, line: string, now = new Date()): void {
  // The title as the line reads now, for the log; a line no longer on the checklist is named by its key.
  const title = currentChecklist(deps).find((i) => i.key === line)?.title ?? line;
  if (!undoGoLiveSetAside(deps.db, admin, line, title, now)) throw notFound(goLiveMessages.notSetAside);
}
