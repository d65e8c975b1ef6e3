/**
 * Service pricing in the admin portal: what `GET /api/admin/pricing` shows of each entry, the body
 * of `PUT /api/admin/pricing/{id}` (the whole entry), and the edit form built on it. zod/mini, so
 * the portal's pricing dialog validates with the same schema as the server.
 */
import { z } from "./zod-mini";

/** One service-pricing entry, with its kind and unit so the portal can label the price. */
export type ServicePricingView = {
  id: string;
  kind: string;
  unit: string;
  name: string;
  /** A decimal string, "695.00"; for `unit: "percent"` (volume discounts) a percentage. */
  price: string;
  description: string;
  features: string[];
  isPopular: boolean;
  isActive: boolean;
  sortOrder: number;
  /** How long a booking of this package holds the investigator (decision 070); an hourly package takes the hours chosen. */
  lengthUnit: "hours" | "days";
  lengthCount: number;
};

/** The lengths a package may hold, as the pricing dialog offers them. */
export const lengthUnits = [
  { value: "hours", label: "Hours from the start" },
  { value: "days", label: "Whole days from opening" },
] as const;
export const maxLengthCount = 60;

export const maxFeatures = 12;
export const maxFeatureLength = 200;
export const featuresHint = "One feature per line. Blank lines are dropped.";

/** The features of a textarea: one per line, trimmed, blank lines dropped. */
export function featuresFromLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** Why `value` is not a price (0 to 1,000,000 with at most two decimals), or null when it is one. */
function priceProblem(value: number | string): string | null {
  const written = typeof value === "number" ? String(value) : value.trim();
  if (written === "") return "Price is required";
  if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(written) || !Number.isFinite(Number(written))) return "Enter a number, such as 695.00";
  const amount = Number(written);
  if (amount < 0) return "Price must be 0 or more";
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return "Use at most 2 decimal places";
  if (amount > 1_000_000) return "Price must be at most 1,000,000";
  return null;
}

/** A price as a number or a decimal string; parsed to the stored form, "695.00". */
const priceSchema = z.pipe(
  z.union([z.number(), z.string()], "Price is required"),
  z.transform((value, ctx) => {
    const problem = priceProblem(value);
    if (problem) {
      ctx.issues.push({ code: "custom", message: problem, input: value });
      return z.NEVER;
    }
    return Number(value).toFixed(2);
  }),
);

/** The features list: each trimmed, blank ones dropped (as the form drops blank lines), then checked. */
const featuresSchema = z
  .pipe(
    z.array(z.string("Each feature must be text"), "Features must be a list"),
    z.transform((items: string[]) => items.map((item) => item.trim()).filter((item) => item !== "")),
  )
  .check(
    z.refine((items) => items.length <= maxFeatures, `At most ${maxFeatures} features`),
    z.refine((items) => items.every((item) => item.length <= maxFeatureLength), `Keep each feature under ${maxFeatureLength} characters`),
  );

/**
 * The body of `PUT /api/admin/pricing/{id}`: the whole entry as the GET gave it. `id`, if sent,
 * must name the same entry; `kind` and `unit` are the site's and are not changed by a PUT.
 */
export const servicePricingPutSchema = z.strictObject(
  {
    id: z.optional(z.string("Must be text")),
    kind: z.optional(z.string("Must be text")),
    unit: z.optional(z.string("Must be text")),
    name: z.string("Name is required").check(z.trim(), z.minLength(1, "Name is required"), z.maxLength(100, "Keep the name under 100 characters")),
    price: priceSchema,
    description: z.string("Description is required").check(z.trim(), z.maxLength(2000, "Keep the description under 2,000 characters")),
    features: featuresSchema,
    isPopular: z.optional(z.boolean("Must be true or false")),
    isActive: z.optional(z.boolean("Must be true or false")),
    sortOrder: z.optional(
      z.number("Must be a whole number").check(z.int("Must be a whole number"), z.minimum(0, "Must be 0 or more"), z.maximum(1000, "Must be at most 1000")),
    ),
    lengthUnit: z.optional(z.enum(["hours", "days"], "Choose hours or days")),
    lengthCount: z.optional(
      z.number("Enter a whole number").check(z.int("Enter a whole number"), z.minimum(1, "At least 1"), z.maximum(maxLengthCount, `At most ${maxLengthCount}`)),
    ),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : "Send the entry as a JSON object") },
);
export type ServicePricingPut = z.output<typeof servicePricingPutSchema>;

/** What the pricing dialog's fields hold: the price as typed, the features as lines of text. */
export type ServicePricingFormValues = {
  name: string;
  price: string;
  description: string;
  features: string;
  lengthUnit: "hours" | "days";
  lengthCount: string;
};
