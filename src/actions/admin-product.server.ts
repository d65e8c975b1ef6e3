/**
 * What the product actions share: the answer to a product that is not there, and the editor's save
 * turned into the saved product or the 400, 404 or 409 of its refusal.
 */
import type { ProductSave } from "../db/admin-products.server";
import { badRequest, HttpError, notFound } from "../server/errors";
import type { ProductSaved } from "../shared/admin-product-editor";

/** The 404 of a product id that names no product. */
export const unknownProduct = () => notFound("This product does not exist or was already deleted.");

/** The saved product, or the 400, 404 or 409 of a refused save (a taken slug or SKU is named in `fields`). */
export function savedProductOrThrow(result: ProductSave): ProductSaved {
  if (result.ok) return result.product;
  if (result.reason === "not_found") throw unknownProduct();
  if (result.reason === "conflict") {
    const which = Object.keys(result.fields).join(" and ").replace("sku", "SKU");
    throw new HttpError(409, "conflict", `Another product has this ${which}.`, result.fields);
  }
  throw badRequest("Some fields need attention.", result.fields);
}
