/**
 * The admin products page (`/admin/products`) and its API: the list's query and answer, and the
 * pricing dialog's form. Written with zod/mini so the island stays small (decision 006); the
 * server validates the pricing payload with `productPricingSchema` (catalogue-edits.ts), which
 * uses the same messages.
 */
import { defineAdminList, idFilter, type ListQuery, searchFilter } from "./admin-list";
import { z } from "./zod-mini";

/** Rows per page of the admin product list. */
export const adminProductsPageSize = 50;

/** `?search=&category=&page=`, all optional; no category means every category. */
export const adminProductsList = defineAdminList({
  path: "/admin/products",
  pageSize: adminProductsPageSize,
  /** Far beyond any real catalogue. */
  maxPage: 10_000,
  filters: {
    search: searchFilter(100),
    category: idFilter("Choose a category"),
  },
});
/** The list's filters, as they live in the page's and the API's query string. */
export type AdminProductsQuery = ListQuery<typeof adminProductsList>;

/** Stock above this shows green, at or below it red (docs/product.md#pages). */
export const plentifulStockAbove = 10;

export const pricingMessages = {
  priceRequired: "Enter a price",
  amount: "Use an amount such as 695.00",
  negative: "Must not be negative",
  saleNotBelowPrice: "The sale price must be below the price",
} as const;

/** One product of the admin list. Money is a decimal string ("449.00"). */
export type AdminProductRow = {
  id: number;
  name: string;
  slug: string;
  categoryId: number | null;
  categoryName: string | null;
  price: string;
  salePrice: string | null;
  stockQuantity: number;
  /** Units taken from the stock by open unpaid orders, back on the shelf if they are not paid in time (decision 024). */
  heldStock: number;
  lowStockThreshold: number;
  isActive: boolean;
  image: string;
};

/** A category of the filter (every category, active or not). */
export type AdminCategoryOption = { id: number; name: string; isActive: boolean };

/** The answer of `GET /api/admin/products`. */
export type AdminProductList = {
  products: AdminProductRow[];
  /** Products matching the filters, over all pages. */
  total: number;
  page: number;
  pageSize: number;
  categories: AdminCategoryOption[];
};

/** The answer of `PATCH /api/admin/products/{id}/pricing`. */
export type ProductPricingResult = { id: number; price: string; salePrice: string | null };

/** Whether a stock figure shows as plentiful (green) rather than low (red). */
export function isPlentifulStock(stock: number): boolean {
  return stock > plentifulStockAbove;
}

/** How the list and the editor show the units held by unpaid orders, or null when none are. */
export function heldStockNote(held: number): string | null {
  return held > 0 ? `${held} more held by unpaid orders` : null;
}

const amountPattern = /^\d{1,7}(\.\d{1,2})?$/;

/** Whether `value` (trimmed) is an amount the server accepts. */
function isAmount(value: string): boolean {
  return amountPattern.test(value);
}

/** The checks of a money field of the dialog: a positive amount with at most two decimals (empty passes). */
const amountChecks = [
  z.refine<string>((v) => !v.startsWith("-"), pricingMessages.negative),
  z.refine<string>((v) => v === "" || v.startsWith("-") || isAmount(v), pricingMessages.amount),
] as const;

/** What the pricing dialog's fields hold: the texts of two number inputs. */
export type PricingFormValues = { price: string; salePrice: string };

/** The pricing dialog's form (the server checks the same with `productPricingSchema`). */
export const pricingFormSchema = z
  .object({
    price: z.string().check(z.trim(), z.minLength(1, pricingMessages.priceRequired), ...amountChecks),
    salePrice: z.string().check(z.trim(), ...amountChecks),
  })
  .check(
    z.refine((v) => !hasSale(v.salePrice) || !isAmount(v.price) || Number(v.salePrice) < Number(v.price), {
      message: pricingMessages.saleNotBelowPrice,
      path: ["salePrice"],
    }),
  );

/** A sale price field that means a sale: not empty, not malformed, above zero. */
function hasSale(salePrice: string): boolean {
  return isAmount(salePrice) && Number(salePrice) > 0;
}

/** The payload the dialog sends: the whole pricing; an empty or zero sale price sends none. */
export type ProductPricingPayload = { price: number; salePrice?: number };

/** Turns the dialog's checked fields into the payload of `PATCH /api/admin/products/{id}/pricing`. */
export function pricingPayload(values: PricingFormValues): ProductPricingPayload {
  const price = Number(values.price.trim());
  const sale = values.salePrice.trim();
  return hasSale(sale) ? { price, salePrice: Number(sale) } : { price };
}
