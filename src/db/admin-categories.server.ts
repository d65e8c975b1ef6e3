/**
 * The owner's categories: list (active or not, with product counts), create, change, reorder and
 * delete. Each write reads and writes in one immediate transaction, records its audit entry in that
 * same transaction, and then signals "public data changed" (the shop, the catalogue API and the
 * sitemap show only products whose category is active: `productIsVisible` in product-visibility.server.ts).
 * Rules: docs/product.md#categories.
 */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { AdminCategoryRow, CategoryCreate, CategoryUpdate } from "../shared/admin-categories";
import { categoryMessages, slugFromName } from "../shared/admin-categories";
import { type AuditActor, recordAudit } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { publicDataChanged } from "./public-data.server";
import { categories, products } from "./schema";

export type CategoryWrite =
  | { ok: true; category: AdminCategoryRow }
  | { ok: false; reason: "invalid"; fields: Record<string, string> }
  | { ok: false; reason: "not_found" };

export type CategoryDelete = { ok: true } | { ok: false; reason: "not_found" } | { ok: false; reason: "has_products"; count: number };

export type CategoryReorderResult = { ok: true; categories: AdminCategoryRow[] } | { ok: false; reason: "invalid"; fields: Record<string, string> };

/** Every category, active or not, in display order, each with its count of products (active or not). */
export function listAdminCategories(db: Db): AdminCategoryRow[] {
  const counts = new Map(
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .groupBy(products.categoryId)
      .all()
      .map((r) => [r.categoryId, r.n]),
  );
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      isActive: categories.isActive,
      sortOrder: categories.sortOrder,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id))
    .all()
    .map((c) => ({ ...c, productCount: counts.get(c.id) ?? 0 }));
}

function findRow(db: Db, id: number): AdminCategoryRow | undefined {
  return listAdminCategories(db).find((c) => c.id === id);
}

/** Whether another category (not `exceptId`) has this name, whatever its case. */
function nameTaken(db: Db, name: string, exceptId = 0): boolean {
  return !!db
    .select({ id: categories.id })
    .from(categories)
    .where(and(sql`lower(${categories.name}) = lower(${name})`, ne(categories.id, exceptId)))
    .get();
}

function slugTaken(db: Db, slug: string, exceptId = 0): boolean {
  return !!db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), ne(categories.id, exceptId)))
    .get();
}

/** The name's slug, or it with the first free suffix ("-2", "-3"…) when another category has it. */
function freeSlug(db: Db, name: string, exceptId = 0): string {
  const base = slugFromName(name);
  let slug = base;
  for (let n = 2; slugTaken(db, slug, exceptId); n++) slug = `${base}-${n}`;
  return slug;
}

const invalid = (fields: Record<string, string>) => ({ ok: false as const, reason: "invalid" as const, fields });

/** Adds a category at the end of the order, active. */
export function createCategory(db: Db, input: CategoryCreate, actor: AuditActor): CategoryWrite {
  const result = immediate(db, (): CategoryWrite => {
    if (nameTaken(db, input.name)) return invalid({ name: categoryMessages.nameTaken });
    let slug = input.slug || "";
    if (slug && slugTaken(db, slug)) return invalid({ slug: categoryMessages.slugTaken });
    if (!slug) slug = freeSlug(db, input.name);
    const last = db
      .select({ max: sql<number | null>`max(${categories.sortOrder})` })
      .from(categories)
      .get();
    const description = input.description || null;
    const row = db
      .insert(categories)
      .values({ name: input.name, slug, description, isActive: true, sortOrder: (last?.max ?? 0) + 1 })
      .returning({ id: categories.id })
      .get();
    recordAudit(db, actor, {
      kind: "categories",
      action: "category.create",
      recordId: row.id,
      summary: `Added the category ${input.name}`,
      after: { name: input.name, slug, description },
    });
    const category = findRow(db, row.id);
    if (!category) throw new Error("the new category is missing");
    return { ok: true, category };
  });
  if (result.ok) publicDataChanged(db);
  return result;
}

function changeSummary(name: string, before: Record<string, unknown>, after: Record<string, unknown>): string {
  if ("name" in after) return `Renamed the category ${String(before.name)} to ${String(after.name)}`;
  if (Object.keys(after).length === 1 && "isActive" in after) return `${after.isActive ? "Activated" : "Deactivated"} the category ${name}`;
  return `Changed the category ${name}`;
}

/**
 * Changes a category's name, slug, description or active flag. A new name brings a new slug from it
 * (kept unique by a suffix) unless a slug is given; a given slug must be free. Answers the category
 * as it is now; nothing is written (nor audited) when nothing changes.
 */
export function updateAdminCategory(db: Db, id: number, edit: CategoryUpdate, actor: AuditActor): CategoryWrite {
  let changed = false;
  const result = immediate(db, (): CategoryWrite => {
    const current = db.select().from(categories).where(eq(categories.id, id)).get();
    if (!current) return { ok: false, reason: "not_found" };
    const next: { name?: string; slug?: string; description?: string | null; isActive?: boolean } = {};
    if (edit.name !== undefined && edit.name !== current.name) {
      if (nameTaken(db, edit.name, id)) return invalid({ name: categoryMessages.nameTaken });
      next.name = edit.name;
    }
    if (edit.slug) {
      if (slugTaken(db, edit.slug, id)) return invalid({ slug: categoryMessages.slugTaken });
      if (edit.slug !== current.slug) next.slug = edit.slug;
    } else if (next.name !== undefined) {
      const slug = freeSlug(db, next.name, id);
      if (slug !== current.slug) next.slug = slug;
    }
    if (edit.description !== undefined && (edit.description || null) !== current.description) next.description = edit.description || null;
    if (edit.isActive !== undefined && edit.isActive !== current.isActive) next.isActive = edit.isActive;

    const keys = Object.keys(next) as (keyof typeof next)[];
    if (keys.length > 0) {
      db.update(categories)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(categories.id, id))
        .run();
      const before: Record<string, unknown> = {};
      for (const key of keys) before[key] = current[key];
      recordAudit(db, actor, {
        kind: "categories",
        action: "category.update",
        recordId: id,
        summary: changeSummary(current.name, before, next),
        before,
        after: next,
      });
      changed = true;
    }
    const category = findRow(db, id);
    if (!category) throw new Error("the category is missing");
    return { ok: true, category };
  });
  if (changed) publicDataChanged(db);
  return result;
}

/** Sets the display order: `ids` must name every category exactly once. Answers the list in its new order. */
export function reorderCategories(db: Db, ids: number[], actor: AuditActor): CategoryReorderResult {
  const result = immediate(db, (): CategoryReorderResult => {
    const current = listAdminCategories(db);
    const known = new Set(current.map((c) => c.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      return { ok: false, reason: "invalid", fields: { ids: categoryMessages.orderList } };
    }
    const byId = new Map(current.map((c) => [c.id, c]));
    ids.forEach((id, i) => {
      if (byId.get(id)?.sortOrder !== i + 1)
        db.update(categories)
          .set({ sortOrder: i + 1 })
          .where(eq(categories.id, id))
          .run();
    });
    recordAudit(db, actor, {
      kind: "categories",
      action: "category.reorder",
      summary: "Changed the order of the categories",
      before: current.map((c) => c.name),
      after: ids.map((id) => byId.get(id)?.name),
    });
    return { ok: true, categories: listAdminCategories(db) };
  });
  if (result.ok) publicDataChanged(db);
  return result;
}

/** Deletes a category that has no products (active or not); otherwise says how many it has. */
export function deleteAdminCategory(db: Db, id: number, actor: AuditActor): CategoryDelete {
  const result = immediate(db, (): CategoryDelete => {
    const current = db.select().from(categories).where(eq(categories.id, id)).get();
    if (!current) return { ok: false, reason: "not_found" };
    const n = db.select({ n: count() }).from(products).where(eq(products.categoryId, id)).get()?.n ?? 0;
    if (n > 0) return { ok: false, reason: "has_products", count: n };
    db.delete(categories).where(eq(categories.id, id)).run();
    recordAudit(db, actor, {
      kind: "categories",
      action: "category.delete",
      recordId: id,
      summary: `Deleted the category ${current.name}`,
      before: { name: current.name, slug: current.slug, description: current.description, isActive: current.isActive },
    });
    return { ok: true };
  });
  if (result.ok) publicDataChanged(db);
  return result;
}
