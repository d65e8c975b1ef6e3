/** Reads and writes business settings (see shared/settings.ts). */
import { checkChangedSettings, reauthSettingKeys, settingLabels, type SettingsProblems } from "../shared/admin-settings";
import { settingsSchema, defaultSettings, type SettingKey, type Settings } from "../shared/settings";
import { type AuditActor, recordAudit } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { ensureTotals } from "./kept-totals.server";
import { prepared } from "./prepared.server";
import { invalid, notFound, publicDataChanged, type PublicWrite } from "./public-data.server";
import { settings } from "./schema";

/**
 * The last stored rows read and the settings checked from them. Checking every value against its
 * schema costs more than reading the rows, and pages read the settings on most requests (the
 * dashboard twice): the rows are read every time, so a change saved by any worker is seen at once,
 * and checked again only when they differ from the last ones.
 */
let lastChecked: { rows: string; settings: Settings } | null = null;

/** All settings; a missing or invalid stored value falls back to its default. */
export function getSettings(db: Db): Settings {
  const rows = prepared(db, "settings-rows", (d) => d.select({ key: settings.key, value: settings.value }).from(settings).prepare()).all();
  const rowsText = rows.map((row) => `${row.key}\u0000${row.value}`).join("\u0001");
  // A copy, so a caller that sets a field never changes what the next one reads (nested values are
  // shared, as the defaults always were).
  if (lastChecked?.rows === rowsText) return { ...lastChecked.settings };
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      stored[row.key] = JSON.parse(row.value);
    } catch {
      // An unreadable value is ignored and the default used, so the site still renders.
    }
  }
  const result: Record<string, unknown> = { ...defaultSettings };
  for (const key of Object.keys(defaultSettings) as (keyof Settings)[]) {
    const field = settingsSchema.shape[key];
    const parsed = field.safeParse(stored[key]);
    if (parsed.success && stored[key] !== undefined) result[key] = parsed.data;
  }
  lastChecked = { rows: rowsText, settings: result as Settings };
  return { ...(result as Settings) };
}

/** Stores one setting, validated by its schema; signals the change (pages show most settings). */
export function updateSetting(db: Db, key: string, value: unknown): PublicWrite {
  if (!Object.hasOwn(settingsSchema.shape, key)) return notFound;
  const parsed = settingsSchema.shape[key as keyof Settings].safeParse(value);
  if (!parsed.success) return invalid(parsed.error);
  const stored = JSON.stringify(parsed.data);
  immediate(db, () => {
    db.insert(settings)
      .values({ key, value: stored })
      .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: new Date() } })
      .run();
    // A new timezone moves rows to other local dates: the kept totals are recounted with the change.
    ensureTotals(db.$client);
  });
  publicDataChanged(db);
  return { ok: true };
}

/**
 * What the owner's save answers: the settings after it and the keys it changed, or a message per
 * field, or (`reauthRequired`) that a setting guarded by the password (decision 056) would change
 * without a recent password check.
 */
export type SettingsSave = { ok: true; settings: Settings; changed: SettingKey[] } | { ok: false; fields: SettingsProblems; reauthRequired?: true };

/**
 * The owner's save from the admin portal: every setting in `input` that differs from the stored one
 * is checked (shared/admin-settings.ts, then the stored schema), and all of them are written in one
 * immediate transaction with an audit entry each, before and after; an unchanged one is neither
 * written nor recorded. One refused value writes nothing. A change to a setting whose declaration asks
 * for the password again (`reauthSettingKeys`, decision 056) is written only when the admin gave the
 * password recently (`reauthenticated`); otherwise nothing of the request is written.
 */
export function saveSettings(db: Db, actor: AuditActor, input: Partial<Record<SettingKey, unknown>>, now = new Date(), reauthenticated = false): SettingsSave {
  const result = immediate(db, (): SettingsSave => {
    const current = getSettings(db);
    const checked = checkChangedSettings(current, input);
    if (!checked.ok) return { ok: false, fields: checked.problems };
    const fields: SettingsProblems = {};
    const values: [SettingKey, unknown][] = [];
    for (const [key, value] of Object.entries(checked.changed) as [SettingKey, unknown][]) {
      const parsed = settingsSchema.shape[key].safeParse(value);
      if (parsed.success) values.push([key, parsed.data]);
      else fields[key] = parsed.error.issues[0]?.message ?? "Not a valid value";
    }
    if (Object.keys(fields).length) return { ok: false, fields };
    if (!reauthenticated && values.some(([key]) => reauthSettingKeys.includes(key))) return { ok: false, fields: {}, reauthRequired: true };
    for (const [key, value] of values) {
      const stored = JSON.stringify(value);
      db.insert(settings)
        .values({ key, value: stored, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: now } })
        .run();
      recordAudit(
        db,
        actor,
        {
          kind: "settings",
          action: "setting.update",
          recordId: key,
          summary: `Changed the setting "${settingLabels[key]}"`,
          before: current[key],
          after: value,
        },
        now,
      );
    }
    // A new timezone moves rows to other local dates: the kept totals are recounted with the change.
    ensureTotals(db.$client);
    return { ok: true, settings: { ...current, ...Object.fromEntries(values) }, changed: values.map(([key]) => key) };
  });
  if (result.ok && result.changed.length) publicDataChanged(db);
  return result;
}
