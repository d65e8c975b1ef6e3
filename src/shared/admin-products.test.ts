import { expect, test } from "bun:test";
import { adminProductsList, isPlentifulStock, pricingFormSchema, pricingPayload } from "./admin-products";
import { productPricingSchema } from "./catalogue-edits";

test("the list's query string: read leniently, written only with what differs from the default", () => {
  expect(adminProductsList.read({})).toEqual({ search: "", category: null, page: 1 });
  expect(adminProductsList.read({ search: "  a\tb ", category: "12", page: "3" })).toEqual({ search: "a b", category: 12, page: 3 });
  expect(adminProductsList.read({ category: "-1", page: "1.5" })).toEqual({ search: "", category: null, page: 1 });
  expect(adminProductsList.search({ search: "", category: null, page: 1 })).toBe("");
  expect(adminProductsList.search({ search: "100% & more", category: 4, page: 2 })).toBe("?search=100%25+%26+more&category=4&page=2");
  const query = { search: "gps tracker", category: 7, page: 5 };
  expect(adminProductsList.read(Object.fromEntries(new URLSearchParams(adminProductsList.search(query))))).toEqual(query);
});

test("stock above 10 is plentiful (green); 10 or fewer is low (red)", () => {
  expect([0, 1, 10, 11, 500].map(isPlentifulStock)).toEqual([false, false, false, true, true]);
});

/** The dialog's messages for `values`, by field (nothing when it would send). */
function formErrors(values: { price: string; salePrice: string }) {
  const result = pricingFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

test("the pricing dialog: price required, amounts with at most two decimals, not negative, sale below price", () => {
  expect(formErrors({ price: "", salePrice: "" })).toEqual({ price: "Enter a price" });
  expect(formErrors({ price: "12.345", salePrice: "" })).toEqual({ price: "Use an amount such as 695.00" });
  expect(formErrors({ price: "-1", salePrice: "-2" })).toEqual({ price: "Must not be negative", salePrice: "Must not be negative" });
  expect(formErrors({ price: "100", salePrice: "100" })).toEqual({ salePrice: "The sale price must be below the price" });
  expect(formErrors({ price: "100", salePrice: "99.99" })).toEqual({});
  expect(formErrors({ price: "0", salePrice: "0" })).toEqual({});
});

test("the payload: the whole pricing, and an empty or zero sale price sends none; the server reads it the same way", () => {
  expect(pricingPayload({ price: " 449.5 ", salePrice: "399" })).toEqual({ price: 449.5, salePrice: 399 });
  expect(pricingPayload({ price: "449", salePrice: "" })).toEqual({ price: 449 });
  expect(pricingPayload({ price: "449", salePrice: "0.00" })).toEqual({ price: 449 });
  expect(productPricingSchema.parse(pricingPayload({ price: "449.5", salePrice: "399" }))).toEqual({ price: "449.50", salePrice: "399.00" });
  expect(productPricingSchema.parse(pricingPayload({ price: "449", salePrice: "0" }))).toEqual({ price: "449.00", salePrice: null });
});
