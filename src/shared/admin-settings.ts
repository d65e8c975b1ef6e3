/**
 * The owner's settings form (`/admin/settings`) and `PUT /api/admin/settings`: each setting's check
 * as its declaration gives it (shared/settings.ts), stricter than the stored schema because it judges
 * what the owner types. zod/mini, so the island checks with the same rules as the server.
 */
import { isSettingKey, type PasswordAgain, type SettingKey, type Settings, settingDeclarations, settingKeys } from "./settings";
import { z } from "./zod-mini";

/** Each setting's name, as the form labels it and the audit log names it. */
export const settingLabels = Object.fromEntries(settingKeys.map((key) => [key, settingDeclarations[key].label])) as Record<SettingKey, string>;

/** The owner's check of each setting, by key. */
export const adminSettingsShape = Object.fromEntries(settingKeys.map((key) => [key, settingDeclarations[key].check])) as Record<SettingKey, z.ZodMiniType>;

/**
 * The body of `PUT /api/admin/settings`: a JSON object of settings, any or all of them. Its keys are
 * checked with `unknownSettingKeys`, and each value by `checkChangedSettings` against the stored
 * one, in the transaction that writes it.
 */
export const adminSettingsPutSchema = z.record(z.string(), z.unknown(), "Send the settings as a JSON object");

/** A message for each key of `body` that is not a setting. */
export function unknownSettingKeys(body: Record<string, unknown>): SettingsProblems {
  const problems: SettingsProblems = {};
  for (const key of Object.keys(body)) if (!isSettingKey(key)) problems[key] = "Not a setting";
  return problems;
}
export type AdminSettingsPut = Partial<Settings>;

/** Whether two values of a setting are the same (text compared trimmed, objects by their fields). */
export function sameSetting(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return a.trim() === b.trim();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameSetting(v, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameSetting((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return Object.is(a, b);
}

/** The first message per field (dotted path from the setting's key) of checking the changed settings. */
export type SettingsProblems = Record<string, string>;

/**
 * Checks the settings of `input` that differ from `current` (an unchanged value is already stored
 * and is not judged again, so a placeholder the owner has not touched never blocks a save). Answers
 * the parsed changed values, or the problems.
 */
export function checkChangedSettings(
  current: Settings,
  input: Partial<Record<SettingKey, unknown>>,
): { ok: true; changed: Partial<Settings> } | { ok: false; problems: SettingsProblems } {
  const changed: Record<string, unknown> = {};
  const problems: SettingsProblems = {};
  for (const key of settingKeys) {
    if (!Object.hasOwn(input, key) || input[key] === undefined || sameSetting(input[key], current[key])) continue;
    const result = z.safeParse(adminSettingsShape[key], input[key]);
    if (result.success) {
      if (!sameSetting(result.data, current[key])) changed[key] = result.data;
      continue;
    }
    for (const issue of result.error.issues) {
      const path = [key, ...issue.path.map(String)].join(".");
      problems[path] ??= issue.message;
    }
  }
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, changed: changed as Partial<Settings> };
}

/**
 * The settings whose change needs the password given in the last 10 minutes (decision 056): where
 * customers' money goes, what they pay, how long an order waits for its payment, where customers
 * reach the business, and the limits that protect customers, each for the reason its declaration gives.
 */
export const reauthSettingKeys: readonly SettingKey[] = settingKeys.filter((key) => passwordAgain(key) !== false);

/** Why changing `key` needs the password again, or false. */
export function passwordAgain(key: SettingKey): PasswordAgain {
  return settingDeclarations[key].passwordAgain;
}
