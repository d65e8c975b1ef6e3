/**
 * The owner deletes a product (DELETE /api/admin/products/{id}): gone from the shop with its audit
 * entry in one transaction (`deleteProduct`); orders keep their snapshots of it.
 */
import type { AuditActor } from "../db/audit.server";
import { deleteProduct } from "../db/products.server";
import type { ActionDeps } from "./action";
import { unknownProduct } from "./admin-product.server";

/** Deletes product `productId` for `admin`, or throws 404. */
export function deleteProductByAdmin(deps: ActionDeps, admin: AuditActor, productId: number): void {
  if (!deleteProduct(deps.db, productId, admin)) throw unknownProduct();
}
