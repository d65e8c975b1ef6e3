/**
 * Percentages the site's texts promise. The owner writes `{newClientDiscount}` or `{cryptoDiscount}`
 * in a text and the page shows the setting's figure, so a text can never promise a discount other
 * than the one the prices apply. A figure typed straight before "off" or "discount" is refused by
 * the content editor (`typedPercentOff`).
 */
import type { Settings } from "../shared/settings";

/** The placeholders a text may use, and the setting each one reads. */
export const percentPlaceholders = {
  newClientDiscount: "newClientDiscountPercent",
  cryptoDiscount: "cryptoDiscountPercent",
} as const satisfies Record<string, keyof Settings>;

type PercentSettings = Pick<Settings, (typeof percentPlaceholders)[keyof typeof percentPlaceholders]>;

const placeholder = /\{(newClientDiscount|cryptoDiscount)\}/g;

/** A percentage as the site writes it: "50", "12.5". */
const percent = (n: number) => String(Math.round(n * 100) / 100);

/** `text` with each placeholder replaced by its setting's figure. */
export function fillPercents(text: string, settings: PercentSettings): string {
  return text.replace(placeholder, (_, name: keyof typeof percentPlaceholders) => percent(settings[percentPlaceholders[name]]));
}

/** Every string inside `value` (objects and lists walked) with its placeholders filled. */
export function fillPercentsDeep<T>(value: T, settings: PercentSettings): T {
  if (typeof value === "string") return fillPercents(value, settings) as T;
  if (Array.isArray(value)) return value.map((v) => fillPercentsDeep(v, settings)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillPercentsDeep(v, settings)])) as T;
  }
  return value;
}

/** Whether `text` types a discount figure ("15% off", "20 % discount") instead of a placeholder. */
export function typedPercentOff(text: string): boolean {
  return /\d\s*%\s*(off|discount)/i.test(text);
}
