/**
 * Turns an entry's before/after JSON into rows a person reads: one row per field (nested fields
 * as "Section · field"), with its value before and after and whether it changed.
 */
export type ChangeRow = { field: string; before: string; after: string; changed: boolean };

/** "salePrice" → "Sale price", "home.hero" stays as it is. */
function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function shown(value: unknown): string {
  if (value === undefined) return "—";
  if (value === null) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.every((v) => typeof v !== "object" || v === null) ? value.map(shown).join(", ") || "none" : JSON.stringify(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix} · ${fieldLabel(key)}` : fieldLabel(key), into);
    return;
  }
  into.set(prefix || "Value", value);
}

/** The fields of `before` and `after`, in the order they first appear. */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  const was = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, "", was);
  if (after !== null && after !== undefined) flatten(after, "", now);
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  return fields.map((field) => {
    const b = before === null || before === undefined ? "—" : shown(was.get(field));
    const a = after === null || after === undefined ? "—" : shown(now.get(field));
    return { field, before: b, after: a, changed: b !== a };
  });
}

/** Whether an entry has anything to show beside its summary. */
export function hasChanges(before: unknown, after: unknown): boolean {
  return (before !== null && before !== undefined) || (after !== null && after !== undefined);
}
