/**
 * What the admin portal may change on the public catalogue and price list, one schema per
 * payload; the db write functions validate with these, the portal's forms will too.
 */
import { z } from "zod";
import { pricingMessages } from "./admin-products";

/** A tax-inclusive dollar amount, stored as a decimal string ("695.00"). */
export const moneySchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, "Use an amount such as 695.00"),
  ])
  .transform((v) => Number(v))
  .pipe(z.number().min(0, "Must not be negative").max(1_000_000, "Too large"))
  .transform((n) => n.toFixed(2));

/** A change to one service-pricing row. */
export const servicePriceEditSchema = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  price: moneySchema.optional(),
  description: z.string().trim().max(2000).optional(),
  features: z.array(z.string().trim().min(1).max(200)).max(12).optional(),
  isPopular: z.boolean().optional(),
  isActive: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(1000).optional(),
  /** How long a booking of the package holds the investigator (decision 070). */
  lengthUnit: z.enum(["hours", "days"]).optional(),
  lengthCount: z.number().int().min(1).max(60).optional(),
});

/** A change to a product's price, sale price, stock or visibility. */
export const productEditSchema = z.strictObject({
  price: moneySchema.optional(),
  salePrice: moneySchema.nullable().optional(),
  stockQuantity: z.number().int().min(0, "Must not be negative").max(1_000_000).optional(),
  isActive: z.boolean().optional(),
});

/** A sale price as sent: none when missing, null, empty or zero; otherwise an amount. */
const salePriceSchema = z.preprocess(
  (v) => (v === undefined || v === "" ? null : v),
  moneySchema.nullable().transform((v) => (v === null || Number(v) === 0 ? null : v)),
);

/**
 * `PATCH /api/admin/products/{id}/pricing`: the whole pricing of a product, as the pricing dialog
 * sends it. A missing, null, empty or zero sale price clears it; a sale price must be below the price.
 */
export const productPricingSchema = z
  .strictObject({
    price: z
      .unknown()
      .refine((v) => v !== undefined && v !== null && v !== "", pricingMessages.priceRequired)
      .pipe(moneySchema),
    salePrice: salePriceSchema,
  })
  .refine((p) => p.salePrice === null || Number(p.salePrice) < Number(p.price), {
    message: pricingMessages.saleNotBelowPrice,
    path: ["salePrice"],
    // Compared only once both are amounts: a malformed price is its own field's message.
    when: (payload) => payload.issues.length === 0,
  });

/** A change to a category. */
export const categoryEditSchema = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  isActive: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(1000).optional(),
});

export type ServicePriceEdit = z.input<typeof servicePriceEditSchema>;
export type ProductEdit = z.input<typeof productEditSchema>;
export type CategoryEdit = z.input<typeof categoryEditSchema>;
