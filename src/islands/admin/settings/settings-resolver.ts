/**
 * The settings form's resolver: the settings the owner changed (compared with the last saved ones)
 * go through the same checks as `PUT /api/admin/settings`; the form submits only those.
 */
import type { FieldErrors, Resolver } from "react-hook-form";
import { checkChangedSettings } from "../../../shared/admin-settings";
import type { Settings } from "../../../shared/settings";

/** Nests dotted paths ("businessHours.end") as react-hook-form keeps its errors. */
function nested(problems: Record<string, string>): FieldErrors<Settings> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(problems)) {
    const parts = path.split(".");
    let node = errors;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] ??= { type: "validation", message };
  }
  return errors as FieldErrors<Settings>;
}

export function settingsResolver(saved: () => Settings): Resolver<Settings, unknown, Partial<Settings>> {
  return (values) => {
    const checked = checkChangedSettings(saved(), values);
    if (checked.ok) return { values: checked.changed, errors: {} };
    return { values: {}, errors: nested(checked.problems) };
  };
}
