/**
 * The owner's business settings (behind requireAdmin):
 *
 *   GET /api/admin/settings   every setting's current value
 *   PUT /api/admin/settings   any or all of them; answers every setting after the save
 *
 * The save is an action (`saveSettingsByAdmin`). 400 with a message per field (and nothing written)
 * for a key that is not a setting or a value the owner's rules refuse (shared/admin-settings.ts). The
 * changed keys are written together, each with an audit entry, and the public pages show them at
 * their next request. A change to a setting whose declaration (shared/settings.ts) asks for the
 * password again needs it given in the last 10 minutes: otherwise 403 `reauth_required` and nothing
 * is written (decisions 027, 056).
 */
import { Hono } from "hono";
import { saveSettingsByAdmin } from "../../actions/save-settings.server";
import { adminSettings } from "../../reads/admin-settings.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson } from "../../server/validate";
import { adminSettingsPutSchema } from "../../shared/admin-settings";

export function adminSettingsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/settings", (c) => c.json(adminSettings(deps)))
    .put("/settings", validJson(adminSettingsPutSchema), (c) =>
      c.json(saveSettingsByAdmin(deps, c.get("admin"), c.req.valid("json"), c.get("adminReauthenticatedAt"))),
    );
}
