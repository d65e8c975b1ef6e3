/**
 * The owner saves business settings (PUT /api/admin/settings): every changed value checked by its
 * declaration, all written together with an audit entry each in one transaction (`saveSettings`),
 * and the public pages fresh at their next request. A change to a setting whose declaration asks for
 * the password again (where money or customers' conversations go, the limits that protect customers)
 * is written only when the password was given on this sign-in in the last 10 minutes: otherwise
 * 403 `reauth_required` and nothing is written (decisions 027, 056).
 */
import { reauthenticatedRecently } from "../db/admins.server";
import type { AuditActor } from "../db/audit.server";
import { saveSettings } from "../db/settings.server";
import { unknownSettingKeys } from "../shared/admin-settings";
import type { Settings } from "../shared/settings";
import { badRequest } from "../server/errors";
import { log } from "../server/log.server";
import { reauthRequired } from "../server/middleware/require-reauth";
import type { ActionDeps } from "./action";

/**
 * Saves `input` (setting key to new value) for `admin`, whose sign-in last gave the password at
 * `reauthenticatedAt` (ms, null for never); answers every setting after the save, or throws 400 with
 * a message per field or 403 `reauth_required`, having written nothing.
 */
export function saveSettingsByAdmin(
  deps: ActionDeps,
  admin: AuditActor,
  input: Record<string, unknown>,
  reauthenticatedAt: number | null,
  now = new Date(),
): Settings {
  const unknown = unknownSettingKeys(input);
  if (Object.keys(unknown).length) throw badRequest("Some fields need attention.", unknown);
  const saved = saveSettings(deps.db, admin, input, now, reauthenticatedRecently(reauthenticatedAt, now.getTime()));
  if (!saved.ok) throw saved.reauthRequired ? reauthRequired() : badRequest("Some fields need attention.", saved.fields);
  if (saved.changed.length) log.info("settings changed", { keys: saved.changed, admin: admin.username });
  return saved.settings;
}
