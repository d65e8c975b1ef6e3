/** What the owner sees of the products: a page of every product, active or not, and the editor's form for a new or an existing one. */
import { getNewProductEditor, getProductEditor, listAdminProducts } from "../db/admin-products.server";
import type { ProductEditorData } from "../shared/admin-product-editor";
import type { AdminProductList, AdminProductsQuery } from "../shared/admin-products";
import type { ReadDeps } from "./read";

/** One page of products matching `query`, with the categories to filter by. */
export function adminProductsPage(deps: ReadDeps, query: AdminProductsQuery): AdminProductList {
  return listAdminProducts(deps.db, query);
}

/** What the editor starts a new product with: the categories to choose from. */
export function newProductEditor(deps: ReadDeps): Pick<ProductEditorData, "categories"> {
  return getNewProductEditor(deps.db);
}

/** Product `id` as the editor's form holds it, with the categories; null when there is no such product. */
export function productEditor(deps: ReadDeps, id: number): ProductEditorData | null {
  return getProductEditor(deps.db, id);
}
