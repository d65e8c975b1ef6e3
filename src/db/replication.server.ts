/**
 * What `pi-site restore --from-replica` reads of the database it is about to replace: the business
 * time zone its `--at` is given in (decision 078). The file is opened read-only and left as it was.
 */
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { defaultSettings, settingsSchema } from "../shared/settings";

/** The time zone saved in the database `file`, or the default when there is none (a new machine) or it cannot be read. */
export function savedTimeZone(file: string): string {
  if (!existsSync(file)) return defaultSettings.timezone;
  let db: Database | undefined;
  try {
    db = new Database(file, { readonly: true });
    const row = db.query<{ value: string }, []>("SELECT value FROM settings WHERE key = 'timezone'").get();
    const parsed = row ? settingsSchema.shape.timezone.safeParse(JSON.parse(row.value)) : null;
    return parsed?.success ? parsed.data : defaultSettings.timezone;
  } catch {
    return defaultSettings.timezone;
  } finally {
    db?.close();
  }
}
