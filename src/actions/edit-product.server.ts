/**
 * The owner saves a product from the editor's form (PUT /api/admin/products/{id}): the whole product,
 * its stock included, with its audit entry in one transaction (`saveProduct`). A restock from nothing
 * queues the back-in-stock e-mails in that transaction, and the outbox is woken to send them now.
 */
import type { AuditActor } from "../db/audit.server";
import { saveProduct } from "../db/admin-products.server";
import type { AppDeps } from "../server/deps";
import { siteOrigin } from "../server/origin";
import type { ProductFormValues, ProductSaved } from "../shared/admin-product-editor";
import type { ActionDeps } from "./action";
import { savedProductOrThrow } from "./admin-product.server";

/** What saving a product works with: its back-in-stock e-mails carry sealed links, so it needs the secrets. */
export type ProductActionDeps = ActionDeps & Pick<AppDeps, "secrets">;

/** Replaces product `productId` with `form` for `admin`; answers it, or throws 400, 404 or 409. */
export function editProductByAdmin(deps: ProductActionDeps, admin: AuditActor, productId: number, form: ProductFormValues): ProductSaved {
  const saved = savedProductOrThrow(saveProduct(deps.db, productId, form, admin, { origin: siteOrigin(deps), secrets: deps.secrets }));
  deps.outbox.kick();
  return saved;
}
