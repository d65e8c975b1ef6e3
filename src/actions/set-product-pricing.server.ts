/**
 * The owner sets a product's whole pricing (PATCH /api/admin/products/{id}/pricing): the price and
 * the sale price or none, with its audit entry (before and after) in one transaction
 * (`setProductPricing`), the shop's pages fresh at their next request.
 */
import type { AuditActor } from "../db/audit.server";
import { setProductPricing } from "../db/products.server";
import { badRequest } from "../server/errors";
import type { ProductPricingResult } from "../shared/admin-products";
import type { ActionDeps } from "./action";
import { unknownProduct } from "./admin-product.server";

/** Sets product `productId`'s pricing to `pricing` for `admin`; answers the new pricing, or throws 400 or 404. */
export function setProductPricingByAdmin(deps: ActionDeps, admin: AuditActor, productId: number, pricing: unknown): ProductPricingResult {
  const result = setProductPricing(deps.db, productId, pricing, admin);
  if (!result.ok) throw result.reason === "invalid" ? badRequest("Some fields need attention.", result.fields) : unknownProduct();
  return { id: result.id, price: result.price, salePrice: result.salePrice };
}
