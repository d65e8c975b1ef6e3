/**
 * The admin categories page and `/api/admin/categories…`: the bodies each write accepts (validated
 * on the server; the island's forms use the same schemas), the messages, and the shapes the API
 * answers. Written with zod/mini so the island can share it (see zod-mini.ts). Rules:
 * docs/product.md#categories.
 */
import { z } from "./zod-mini";

export const categoryNameMax = 100;
export const categorySlugMax = 100;
export const categoryDescriptionMax = 2000;

export const categoryMessages = {
  nameRequired: "Enter a name",
  nameTooLong: `Keep the name under ${categoryNameMax + 1} characters`,
  nameTaken: "Another category has this name",
  slugFormat: "Use lowercase letters, digits and single hyphens, such as gps-tracking",
  slugTooLong: `Keep the slug under ${categorySlugMax + 1} characters`,
  slugTaken: "Another category has this address",
  descriptionTooLong: `Keep the description under ${categoryDescriptionMax + 1} characters`,
  activeFlag: "Choose active or inactive",
  orderList: "Send every category once, in the new order",
} as const;

const nameField = z
  .string(categoryMessages.nameRequired)
  .check(z.trim(), z.minLength(1, categoryMessages.nameRequired), z.maxLength(categoryNameMax, categoryMessages.nameTooLong));
/** A slug as typed: empty means "suggest one from the name". */
const slugField = z
  .string(categoryMessages.slugFormat)
  .check(z.trim(), z.maxLength(categorySlugMax, categoryMessages.slugTooLong), z.regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, categoryMessages.slugFormat));
const descriptionField = z.nullable(
  z.string(categoryMessages.descriptionTooLong).check(z.trim(), z.maxLength(categoryDescriptionMax, categoryMessages.descriptionTooLong)),
);

/** `POST /api/admin/categories`: a name (unique, whatever its case), and optionally a slug and a description. */
export const categoryCreateSchema = z.strictObject({
  name: nameField,
  slug: z.optional(slugField),
  description: z.optional(descriptionField),
});
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

/**
 * `PATCH /api/admin/categories/{id}`: any of name, slug, description and active. A new name moves
 * the slug with it unless a slug is given too.
 */
export const categoryUpdateSchema = z.strictObject({
  name: z.optional(nameField),
  slug: z.optional(slugField),
  description: z.optional(descriptionField),
  isActive: z.optional(z.boolean(categoryMessages.activeFlag)),
});
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

/** `POST /api/admin/categories/reorder`: every category's id once, in the new order. */
export const categoryReorderSchema = z.strictObject({
  ids: z
    .array(z.int(categoryMessages.orderList).check(z.minimum(1, categoryMessages.orderList)), categoryMessages.orderList)
    .check(z.minLength(1, categoryMessages.orderList), z.maxLength(1000, categoryMessages.orderList)),
});
export type CategoryReorder = z.infer<typeof categoryReorderSchema>;

/** The slug a name suggests: lowercase ASCII words joined by hyphens ("GPS & Tracking" → "gps-tracking"). */
export function slugFromName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, categorySlugMax - 4)
    .replace(/-+$/, "");
  return slug || "category";
}

/** The 409 of deleting a category that still has products. */
export function categoryHasProductsMessage(count: number): string {
  return `Move or delete its ${count} ${count === 1 ? "product" : "products"} first.`;
}

/** `GET /api/admin/categories`: one category, active or not, with how many products (active or not) are in it. */
export type AdminCategoryRow = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  isActive: boolean;
  sortOrder: number;
  productCount: number;
};
