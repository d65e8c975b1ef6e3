/**
 * The product editor (`/admin/products/new`, `/admin/products/{id}/edit`) and its API
 * (`POST /api/admin/products`, `PUT /api/admin/products/{id}`, `GET /api/admin/products/{id}`,
 * `POST /api/admin/uploads`): one schema for the form and the server, the messages, and the
 * shapes the API answers. The body is the form's values as they are (amounts and counts as the
 * text typed, features and tags one per line); `productFromForm` turns checked values into the
 * product's columns. Written with zod/mini so the island can share it. Rules:
 * docs/product.md#product-editor.
 */
import { australianStates } from "./checkout";
import { z } from "./zod-mini";

export const productNameMax = 200;
export const productSlugMax = 120;
export const productShortDescriptionMax = 300;
export const productDescriptionMax = 10_000;
export const productSkuMax = 60;
export const productListItemMax = 200;
export const productListMax = 30;
export const productSpecsMax = 30;
export const productImagesMax = 12;
export const seoTitleMax = 70;
export const seoDescriptionMax = 160;
export const dimensionUnits = ["cm", "mm", "m", "in"] as const;
export type DimensionUnit = (typeof dimensionUnits)[number];

/** The largest image an upload accepts. */
export const maxUploadBytes = 5 * 1024 * 1024;

export const productMessages = {
  nameRequired: "Enter a name",
  nameTooLong: `Keep the name under ${productNameMax + 1} characters`,
  slugFormat: "Use lowercase letters, digits and single hyphens, such as gps-tracker-pro",
  slugTooLong: `Keep the slug under ${productSlugMax + 1} characters`,
  slugTaken: "Another product has this address",
  skuFormat: "Use letters, digits, dots, hyphens and underscores",
  skuTaken: "Another product has this SKU",
  tooLong: (max: number) => `Keep this under ${max + 1} characters`,
  priceRequired: "Enter a price",
  amount: "Use an amount such as 695.00",
  saleNotBelowPrice: "The sale price must be below the price",
  count: "Use a whole number, 0 or more",
  dimension: "Use a size such as 8.5",
  unit: "Choose a unit",
  category: "Choose a category",
  categoryMissing: "This category no longer exists",
  lineTooLong: `Keep each line under ${productListItemMax + 1} characters`,
  tooManyLines: `Use at most ${productListMax} lines`,
  specKey: "Enter a name for this specification",
  specValue: "Enter a value for this specification",
  specDuplicate: "Each specification name once",
  tooManySpecs: `Use at most ${productSpecsMax} specifications`,
  state: "Choose states and territories from the list",
  flag: "Choose yes or no",
  image: "Use images uploaded here",
  tooManyImages: `Use at most ${productImagesMax} images`,
  imageUnknown: "This image was not uploaded here; upload it again",
  uploadType: "Upload a JPEG, PNG or WebP image.",
  uploadTooLarge: "Images can be at most 5 MB.",
  uploadMissing: "Choose an image to upload.",
} as const;

/** An uploaded image's address: a random name with the extension of its checked type. */
export const uploadNamePattern = /^[a-f0-9]{32}\.(jpg|png|webp)$/;
/** The address of an image the catalogue came with (public/images/products/). */
const seededImagePattern = /^\/images\/products\/[A-Za-z0-9][A-Za-z0-9._-]{0,100}$/;

export function isUploadUrl(url: string): boolean {
  return url.startsWith("/uploads/") && uploadNamePattern.test(url.slice("/uploads/".length));
}

const amountPattern = /^\d{1,7}(\.\d{1,2})?$/;
const countPattern = /^\d{1,7}$/;
const dimensionPattern = /^\d{1,5}(\.\d{1,2})?$/;

const text = (max: number, message: string = productMessages.tooLong(max)) => z.string(message).check(z.trim(), z.maxLength(max, message));
const lines = z.string(productMessages.lineTooLong).check(
  z.refine((v) => splitLines(v).every((l) => l.length <= productListItemMax), productMessages.lineTooLong),
  z.refine((v) => splitLines(v).length <= productListMax, productMessages.tooManyLines),
);
const amount = z.string(productMessages.amount).check(
  z.trim(),
  z.refine((v) => v === "" || amountPattern.test(v), productMessages.amount),
);
const count = z.string(productMessages.count).check(z.trim(), z.regex(countPattern, productMessages.count));
const dimension = z.string(productMessages.dimension).check(
  z.trim(),
  z.refine((v) => v === "" || dimensionPattern.test(v), productMessages.dimension),
);
const flag = z.boolean(productMessages.flag);

const specRow = z.strictObject({
  key: z.string(productMessages.specKey).check(z.trim(), z.minLength(1, productMessages.specKey), z.maxLength(100, productMessages.tooLong(100))),
  value: z
    .string(productMessages.specValue)
    .check(z.trim(), z.minLength(1, productMessages.specValue), z.maxLength(productListItemMax, productMessages.tooLong(productListItemMax))),
});

/** `POST /api/admin/products` and `PUT /api/admin/products/{id}`: the whole product, as the editor's form holds it. */
export const productFormSchema = z
  .strictObject({
    name: z
      .string(productMessages.nameRequired)
      .check(z.trim(), z.minLength(1, productMessages.nameRequired), z.maxLength(productNameMax, productMessages.nameTooLong)),
    /** Empty means "suggest one from the name". */
    slug: z
      .string(productMessages.slugFormat)
      .check(z.trim(), z.maxLength(productSlugMax, productMessages.slugTooLong), z.regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, productMessages.slugFormat)),
    shortDescription: text(productShortDescriptionMax),
    description: text(productDescriptionMax),
    price: z.string(productMessages.priceRequired).check(
      z.trim(),
      z.minLength(1, productMessages.priceRequired),
      z.refine((v) => v === "" || amountPattern.test(v), productMessages.amount),
    ),
    /** Empty or zero: no sale. */
    salePrice: amount,
    /** A category id, or empty for none. */
    categoryId: z.string(productMessages.category).check(z.trim(), z.regex(/^(\d{1,9})?$/, productMessages.category)),
    sku: z
      .string(productMessages.skuFormat)
      .check(z.trim(), z.maxLength(productSkuMax, productMessages.tooLong(productSkuMax)), z.regex(/^[A-Za-z0-9._-]*$/, productMessages.skuFormat)),
    stockQuantity: count,
    lowStockThreshold: count,
    weight: text(40),
    length: dimension,
    width: dimension,
    height: dimension,
    dimensionUnit: z.enum(dimensionUnits, productMessages.unit),
    features: lines,
    tags: lines,
    specifications: z.array(specRow, productMessages.specKey).check(
      z.maxLength(productSpecsMax, productMessages.tooManySpecs),
      z.refine((rows) => new Set(rows.map((r) => r.key.trim().toLowerCase())).size === rows.length, productMessages.specDuplicate),
    ),
    isActive: flag,
    isFeatured: flag,
    requiresVerification: flag,
    restrictedStates: z
      .array(z.enum(australianStates, productMessages.state), productMessages.state)
      .check(z.refine((s) => new Set(s).size === s.length, productMessages.state)),
    seoTitle: text(seoTitleMax),
    seoDescription: text(seoDescriptionMax),
    /** In order, the first the main image: uploaded here (`/uploads/…`) or the catalogue's own. */
    images: z
      .array(z.string(productMessages.image).check(z.refine((v) => isUploadUrl(v) || seededImagePattern.test(v), productMessages.image)), productMessages.image)
      .check(
        z.maxLength(productImagesMax, productMessages.tooManyImages),
        z.refine((s) => new Set(s).size === s.length, productMessages.image),
      ),
  })
  .check(
    z.refine((v) => !hasSale(v.salePrice) || !amountPattern.test(v.price) || Number(v.salePrice) < Number(v.price), {
      message: productMessages.saleNotBelowPrice,
      path: ["salePrice"],
    }),
  );

export type ProductFormValues = z.infer<typeof productFormSchema>;

function hasSale(salePrice: string): boolean {
  return amountPattern.test(salePrice.trim()) && Number(salePrice) > 0;
}

/** The non-empty trimmed lines of a text area. */
export function splitLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
}

/** The product's columns a checked form sets (the slug is settled by the server). */
export type ProductColumns = {
  name: string;
  shortDescription: string | null;
  description: string | null;
  price: string;
  salePrice: string | null;
  categoryId: number | null;
  sku: string | null;
  stockQuantity: number;
  lowStockThreshold: number;
  weight: string | null;
  dimensions: { length?: number; width?: number; height?: number; unit?: string } | null;
  features: string[];
  tags: string[];
  specifications: Record<string, string> | null;
  isActive: boolean;
  isFeatured: boolean;
  requiresVerification: boolean;
  restrictedStates: string[];
  seoTitle: string | null;
  seoDescription: string | null;
  images: string[];
};

const orNull = (v: string) => (v.trim() === "" ? null : v.trim());

/** Turns checked form values into the product's columns. */
export function productFromForm(v: ProductFormValues): ProductColumns {
  const size = (s: string) => (s.trim() === "" ? undefined : Number(s));
  const dims = { length: size(v.length), width: size(v.width), height: size(v.height) };
  const anyDim = dims.length !== undefined || dims.width !== undefined || dims.height !== undefined;
  return {
    name: v.name.trim(),
    shortDescription: orNull(v.shortDescription),
    description: orNull(v.description),
    price: Number(v.price).toFixed(2),
    salePrice: hasSale(v.salePrice) ? Number(v.salePrice).toFixed(2) : null,
    categoryId: v.categoryId.trim() === "" ? null : Number(v.categoryId),
    sku: orNull(v.sku),
    stockQuantity: Number(v.stockQuantity),
    lowStockThreshold: Number(v.lowStockThreshold),
    weight: orNull(v.weight),
    dimensions: anyDim ? { ...dims, unit: v.dimensionUnit } : null,
    features: splitLines(v.features),
    tags: splitLines(v.tags),
    specifications: v.specifications.length ? Object.fromEntries(v.specifications.map((r) => [r.key.trim(), r.value.trim()])) : null,
    isActive: v.isActive,
    isFeatured: v.isFeatured,
    requiresVerification: v.requiresVerification,
    restrictedStates: australianStates.filter((s) => v.restrictedStates.includes(s)),
    seoTitle: orNull(v.seoTitle),
    seoDescription: orNull(v.seoDescription),
    images: v.images,
  };
}

/** The form's values for a new product. */
export const emptyProductForm: ProductFormValues = {
  name: "",
  slug: "",
  shortDescription: "",
  description: "",
  price: "",
  salePrice: "",
  categoryId: "",
  sku: "",
  stockQuantity: "0",
  lowStockThreshold: "5",
  weight: "",
  length: "",
  width: "",
  height: "",
  dimensionUnit: "cm",
  features: "",
  tags: "",
  specifications: [],
  isActive: true,
  isFeatured: false,
  requiresVerification: false,
  restrictedStates: [],
  seoTitle: "",
  seoDescription: "",
  images: [],
};

/** The answer of `GET /api/admin/products/{id}`: the product as the form holds it, and every category. */
export type ProductEditorData = {
  id: number;
  slug: string;
  /** Units taken from the stock by open unpaid orders (not part of the form: they come back by themselves if unpaid). */
  heldStock: number;
  form: ProductFormValues;
  categories: { id: number; name: string; isActive: boolean }[];
};

/** The answer of a create or save. */
export type ProductSaved = { id: number; slug: string; name: string };

/** The answer of `POST /api/admin/uploads`. */
export type UploadResult = { url: string };
