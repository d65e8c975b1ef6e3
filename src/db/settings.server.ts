/** Reads and writes business settings (see shared/settings.ts). */
import { settingsSchema, defaultSettings, type Settings } from "../shared/settings";
import { immediate, type Db } from "./client.server";
import { invalid, notFound, publicDataChanged, type PublicWrite } from "./public-data.server";
import { settings } from "./schema";

/** All settings; a missing or invalid stored value falls back to its default. */
export function getSettings(db: Db): Settings {
  const stored: Record<string, unknown> = {};
  for (const row of db.select().from(settings).all()) {
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
  return result as Settings;
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
  });
  publicDataChanged(db);
  return { ok: true };
}
