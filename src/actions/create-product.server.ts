/**
 * The owner adds a product from the editor's form (POST /api/admin/products): written with its audit
 * entry in one transaction (`saveProduct`), the shop's pages fresh at their next request. No e-mail:
 * nobody waits for a product that did not exist.
 */
import type { AuditActor } from "../db/audit.server";
import { saveProduct } from "../db/admin-products.server";
import type { ProductFormValues, ProductSaved } from "../shared/admin-product-editor";
import type { ActionDeps } from "./action";
import { savedProductOrThrow } from "./admin-product.server";

/** Creates a product from `form` for `admin`; answers it, or throws 400 or 409 (a taken slug or SKU). */
export function createProductByAdmin(deps: ActionDeps, admin: AuditActor, form: ProductFormValues): ProductSaved {
  return savedProductOrThrow(saveProduct(deps.db, null, form, admin));
}
