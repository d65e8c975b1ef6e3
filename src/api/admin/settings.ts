/**
 * The owner's business settings (behind requireAdmin):
 *
 *   GET /api/admin/settings   every setting's current value
 *   PUT /api/admin/settings   any or all of them; answers every setting after the save
 *
 * 400 with a message per field (and nothing written) for a key that is not a setting or a value the
 * owner's rules refuse (shared/admin-settings.ts). The changed keys are written together, each with
 * an audit entry, and the public pages show them at their next request. A change to a setting whose
 * declaration (shared/settings.ts) asks for the password again needs it given in the last 10 minutes:
 * otherwise 403 `reauth_required` and nothing is written (decisions 027, 056).
 */
import { Hono } from "hono";
import { reauthenticatedRecently } from "../../db/admins.server";
import { getSettings, saveSettings } from "../../db/settings.server";
import type { AppDeps } from "../../server/deps";
import { badRequest } from "../../server/errors";
import { log } from "../../server/log.server";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { reauthRequired } from "../../server/middleware/require-reauth";
import { validJson } from "../../server/validate";
import { adminSettingsPutSchema, unknownSettingKeys } from "../../shared/admin-settings";

export function adminSettingsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/settings", (c) => c.json(getSettings(deps.db)))
    .put("/settings", validJson(adminSettingsPutSchema), (c) => {
      const body = c.req.valid("json");
      const unknown = unknownSettingKeys(body);
      if (Object.keys(unknown).length) throw badRequest("Some fields need attention.", unknown);
      const saved = saveSettings(deps.db, c.get("admin"), body, new Date(), reauthenticatedRecently(c.get("adminReauthenticatedAt")));
      if (!saved.ok) throw saved.reauthRequired ? reauthRequired() : badRequest("Some fields need attention.", saved.fields);
      if (saved.changed.length) log.info("settings changed", { keys: saved.changed, admin: c.get("admin").username });
      return c.json(saved.settings);
    });
}
