/**
 * An owner sets a line of the "Before you go live" checklist aside (POST
 * /api/admin/go-live/{line}/set-aside): a thing the business does not use (PayPal, crypto, bank
 * transfer, messaging apps) as "not used", or a shipped value it keeps (the business's name, the
 * currency) as "kept", with a reason; audited with the mark (`setGoLiveItemAside`, decision 074).
 * Only a line on the checklist now, and only the way that line allows, can be set aside.
 */
import type { AuditActor } from "../db/audit.server";
import { setGoLiveItemAside } from "../db/go-live-marks.server";
import { HttpError, notFound } from "../server/errors";
import { currentChecklist } from "../server/go-live.server";
import { log } from "../server/log.server";
import { type GoLiveSetAsideInput, goLiveMessages } from "../shared/go-live";
import type { ActionDeps } from "./action";

export function setGoLiveLineAside(deps: ActionDeps, admin: AuditActor, line: string, input: GoLiveSetAsideInput, now = new Date()): void {
  const item = currentChecklist(deps).find((i) => i.key === line);
  if (!item) throw notFound(goLiveMessages.notOnList);
  if (item.setAside !== input.mark) throw new HttpError(409, "not_that_mark", goLiveMessages.notThatMark);
  setGoLiveItemAside(deps.db, admin, item.key, item.title, input.mark, input.reason, now);
  log.info("go-live line set aside", { line, mark: input.mark, admin: admin.username });
}
