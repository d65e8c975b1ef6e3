/** What the owner sees of the business settings: every setting's current value. */
import { getSettings } from "../db/settings.server";
import type { Settings } from "../shared/settings";
import type { ReadDeps } from "./read";

/** Every setting as saved now; one never saved, or saved invalid, is its default. */
export function adminSettings(deps: ReadDeps): Settings {
  return getSettings(deps.db);
}
