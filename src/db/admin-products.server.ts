/**
 * The admin product list (`GET /api/admin/products`): every product, active or not, with its
 * category, searched by name and description and filtered by category, one page at a time; and the
 * product editor's read and save (create or replace, audited, rules in docs/product.md#product-editor).
 * The list page's own writes (pricing, delete) live with the other product writes in products.server.ts.
 */
import { and, asc, count, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { productImage } from "../domain/catalogue";
import { slugFromName } from "../shared/admin-categories";
import {
  dimensionUnits,
  isUploadUrl,
  type ProductEditorData,
  type ProductFormValues,
  type ProductSaved,
  productFromForm,
  productMessages,
  productSlugMax,
} from "../shared/admin-product-editor";
import { type AdminCategoryOption, type AdminProductList, type AdminProductsQuery, adminProductsPageSize } from "../shared/admin-products";
import { australianStates } from "../shared/checkout";
import { searchTerms } from "./admin-search.server";
import { type AuditActor, recordAudit } from "./audit.server";
import { type BackInStockMailContext, queueBackInStockMail } from "./back-in-stock.server";
import { immediate, type Db } from "./client.server";
import { publicDataChanged } from "./public-data.server";
import { categories, products, uploads } from "./schema";
import { unitsHeldByUnpaidOrders } from "./stock-holds.server";

/** Case-insensitive (for ASCII letters, as SQLite's LIKE is) substring match on name or description. */
function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const { pattern } = searchTerms(search);
  return or(sql`${products.name} LIKE ${pattern} ESCAPE '\\'`, sql`${products.description} LIKE ${pattern} ESCAPE '\\'`);
}

/** Every category, active or not, in display order: the list's filter. */
export function listCategoryOptions(db: Db): AdminCategoryOption[] {
  return db
    .select({ id: categories.id, name: categories.name, isActive: categories.isActive })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name))
    .all();
}

/** One page of the products matching `query`, by name, with the total and the categories of the filter. */
export function listAdminProducts(db: Db, query: AdminProductsQuery): AdminProductList {
  const where = and(searchCondition(query.search), query.category === null ? undefined : eq(products.categoryId, query.category));
  const total = db.select({ n: count() }).from(products).where(where).get()?.n ?? 0;
  const rows = db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      categoryId: products.categoryId,
      categoryName: categories.name,
      price: products.price,
      salePrice: products.salePrice,
      stockQuantity: products.stockQuantity,
      lowStockThreshold: products.lowStockThreshold,
      isActive: products.isActive,
      images: products.images,
    })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(where)
    .orderBy(sql`${products.name} COLLATE NOCASE`, asc(products.id))
    .limit(adminProductsPageSize)
    .offset((query.page - 1) * adminProductsPageSize)
    .all();
  const held = unitsHeldByUnpaidOrders(db, { productIds: rows.map((r) => r.id) });
  return {
    products: rows.map(({ images, ...row }) => ({ ...row, heldStock: held.get(row.id) ?? 0, image: productImage(images) })),
    total,
    page: query.page,
    pageSize: adminProductsPageSize,
    categories: listCategoryOptions(db),
  };
}

/** Every category for the editor's choice (active or not: choosing one is how a product moves). */
function editorCategories(db: Db): ProductEditorData["categories"] {
  return listCategoryOptions(db);
}

/** The editor's data for a product (its columns as the form holds them), or null when there is none. */
export function getProductEditor(db: Db, id: number): ProductEditorData | null {
  const p = db.select().from(products).where(eq(products.id, id)).get();
  if (!p) return null;
  const dim = (n: number | undefined) => (n === undefined || n === null ? "" : String(n));
  const unit = dimensionUnits.find((u) => u === p.dimensions?.unit) ?? "cm";
  return {
    id: p.id,
    slug: p.slug,
    heldStock: unitsHeldByUnpaidOrders(db, { productIds: [p.id] }).get(p.id) ?? 0,
    categories: editorCategories(db),
    form: {
      name: p.name,
      slug: p.slug,
      shortDescription: p.shortDescription ?? "",
      description: p.description ?? "",
      price: p.price,
      salePrice: p.salePrice ?? "",
      categoryId: p.categoryId === null ? "" : String(p.categoryId),
      sku: p.sku ?? "",
      stockQuantity: String(p.stockQuantity),
      lowStockThreshold: String(p.lowStockThreshold),
      weight: p.weight ?? "",
      length: dim(p.dimensions?.length),
      width: dim(p.dimensions?.width),
      height: dim(p.dimensions?.height),
      dimensionUnit: unit,
      features: p.features.join("\n"),
      tags: p.tags.join("\n"),
      specifications: Object.entries(p.specifications ?? {}).map(([key, value]) => ({ key, value })),
      isActive: p.isActive,
      isFeatured: p.isFeatured,
      requiresVerification: p.requiresVerification,
      restrictedStates: australianStates.filter((s) => p.restrictedStates.includes(s)),
      seoTitle: p.seoTitle ?? "",
      seoDescription: p.seoDescription ?? "",
      images: p.images,
    },
  };
}

/** The editor's categories, for a new product. */
export function getNewProductEditor(db: Db): { categories: ProductEditorData["categories"] } {
  return { categories: editorCategories(db) };
}

export type ProductSave =
  | { ok: true; product: ProductSaved }
  | { ok: false; reason: "invalid"; fields: Record<string, string> }
  | { ok: false; reason: "conflict"; fields: Record<string, string> }
  | { ok: false; reason: "not_found" };

function productSlugTaken(db: Db, slug: string, exceptId: number): boolean {
  return !!db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), ne(products.id, exceptId)))
    .get();
}

/** The name's slug, or it with the first free suffix ("-2", "-3"…) when another product has it. */
function freeProductSlug(db: Db, name: string, exceptId: number): string {
  const made = slugFromName(name);
  // slugFromName falls back to "category" for a name with no letters or digits.
  const base = made === "category" && !/category/i.test(name) ? "product" : made.slice(0, productSlugMax - 4).replace(/-+$/, "");
  let slug = base;
  for (let n = 2; productSlugTaken(db, slug, exceptId); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * Creates (`id` null) or replaces a product with the editor's checked values, in one immediate
 * transaction with its audit entry (before and after for the prices). The slug is the one given,
 * or one suggested from the name (kept unique); a given slug or a SKU another product has is a
 * conflict. Images must be uploads the `uploads` table knows, or images the product already had.
 */
export function saveProduct(db: Db, id: number | null, form: ProductFormValues, actor: AuditActor, mail?: BackInStockMailContext): ProductSave {
  const columns = productFromForm(form);
  const result = immediate(db, (): ProductSave => {
    const before = id === null ? undefined : db.select().from(products).where(eq(products.id, id)).get();
    if (id !== null && !before) return { ok: false, reason: "not_found" };
    const selfId = before?.id ?? 0;

    const fields: Record<string, string> = {};
    if (columns.categoryId !== null && !db.select({ id: categories.id }).from(categories).where(eq(categories.id, columns.categoryId)).get())
      fields.categoryId = productMessages.categoryMissing;
    const had = new Set(before?.images ?? []);
    const uploadNames = columns.images.filter((url) => !had.has(url)).map((url) => url.slice("/uploads/".length));
    const known = new Set(
      uploadNames.length
        ? db
            .select({ name: uploads.name })
            .from(uploads)
            .where(inArray(uploads.name, uploadNames))
            .all()
            .map((r) => r.name)
        : [],
    );
    columns.images.forEach((url, i) => {
      if (!had.has(url) && !(isUploadUrl(url) && known.has(url.slice("/uploads/".length)))) fields[`images.${i}`] ??= productMessages.imageUnknown;
    });
    if (Object.keys(fields).length) return { ok: false, reason: "invalid", fields };

    const conflicts: Record<string, string> = {};
    const slug = form.slug.trim() || (before && before.name === columns.name ? before.slug : freeProductSlug(db, columns.name, selfId));
    if (form.slug.trim() && productSlugTaken(db, slug, selfId)) conflicts.slug = productMessages.slugTaken;
    if (
      columns.sku !== null &&
      db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.sku, columns.sku), ne(products.id, selfId)))
        .get()
    )
      conflicts.sku = productMessages.skuTaken;
    if (Object.keys(conflicts).length) return { ok: false, reason: "conflict", fields: conflicts };

    const values = { ...columns, slug, updatedAt: new Date() };
    const row = before
      ? db.update(products).set(values).where(eq(products.id, before.id)).returning({ id: products.id }).get()
      : db.insert(products).values(values).returning({ id: products.id }).get();
    if (!row) throw new Error("the product write returned nothing");
    // A product restocked from nothing tells those who wished for it (decision 046).
    if (before && mail) queueBackInStockMail(db, new Map([[before.id, before.stockQuantity]]), mail);
    const pricing = (p: { price: string; salePrice: string | null; categoryId: number | null }) => ({
      price: p.price,
      salePrice: p.salePrice,
      categoryId: p.categoryId,
    });
    recordAudit(db, actor, {
      kind: "products",
      action: before ? "product.update" : "product.create",
      recordId: row.id,
      summary: before ? `Changed the product ${columns.name}` : `Added the product ${columns.name}`,
      before: before ? { name: before.name, slug: before.slug, ...pricing(before) } : undefined,
      after: { name: columns.name, slug, ...pricing(columns) },
    });
    return { ok: true, product: { id: row.id, slug, name: columns.name } };
  });
  if (result.ok) publicDataChanged(db);
  return result;
}
