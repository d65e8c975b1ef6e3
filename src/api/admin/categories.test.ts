import { describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { testOrigin } from "../../../tests/helpers/browser";
import { countRows, type ErrorBody } from "../../../tests/helpers/test-app";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { auditLog, categories, products } from "../../db/schema";
import { seedCategories } from "../../db/seed/catalogue";
import type { AdminCategoryRow } from "../../shared/admin-categories";

const { t, admin } = adminAppPerTest();

const create = (body: unknown) => admin.send("POST", "/api/admin/categories", body);
const patch = (id: number | string, body: unknown) => admin.send("PATCH", `/api/admin/categories/${id}`, body);
const reorder = (body: unknown) => admin.send("POST", "/api/admin/categories/reorder", body);
const remove = (id: number | string) => admin.send("DELETE", `/api/admin/categories/${id}`);

const list = () => admin.read<AdminCategoryRow[]>("/api/admin/categories");
const category = (slug: string) => {
  const row = t.db.select().from(categories).where(eq(categories.slug, slug)).get();
  if (!row) throw new Error(`no category ${slug}`);
  return row;
};
const allCategories = () => t.db.select().from(categories).orderBy(asc(categories.id)).all();
const entries = () => t.db.select().from(auditLog).orderBy(asc(auditLog.id)).all();

test("every route answers 401 without the token, and writes nothing", async () => {
  const before = allCategories();
  const id = category("gps-tracking").id;
  for (const [method, path, body] of [
    ["GET", "/api/admin/categories", undefined],
    ["POST", "/api/admin/categories", { name: "Drones" }],
    ["PATCH", `/api/admin/categories/${id}`, { isActive: false }],
    ["POST", "/api/admin/categories/reorder", { ids: before.map((c) => c.id) }],
    ["DELETE", `/api/admin/categories/${id}`, undefined],
  ] as const) {
    const res = await t.send(method, path, body, { Origin: testOrigin });
    expect(res.status).toBe(401);
  }
  expect(allCategories()).toEqual(before);
  expect(entries()).toHaveLength(0);
});

describe("GET /api/admin/categories", () => {
  test("every category, an inactive one too, in display order, with its count of products active or not", async () => {
    t.db.update(categories).set({ isActive: false }).where(eq(categories.slug, "communication")).run();
    t.db.update(products).set({ isActive: false }).where(eq(products.slug, "covert-dash-cam-4k")).run();
    const rows = await list();
    expect(rows.map((c) => c.slug)).toEqual([...seedCategories].sort((a, b) => a.sortOrder - b.sortOrder).map((c) => c.slug));
    const cameras = rows.find((c) => c.slug === "surveillance-cameras");
    const cameraCount = t.db
      .select()
      .from(products)
      .where(eq(products.categoryId, category("surveillance-cameras").id))
      .all().length;
    expect(cameras?.productCount).toBe(cameraCount);
    expect(cameraCount).toBeGreaterThan(1);
    expect(rows.find((c) => c.slug === "communication")).toMatchObject({ isActive: false });
  });
});

describe("POST /api/admin/categories", () => {
  test("adds an active category at the end, its slug made from the name; audited", async () => {
    const res = await create({ name: "  Drones & Aerial Kit ", description: "Eyes in the sky." });
    expect(res.status).toBe(201);
    const made = (await res.json()) as AdminCategoryRow;
    expect(made).toMatchObject({ name: "Drones & Aerial Kit", slug: "drones-aerial-kit", description: "Eyes in the sky.", isActive: true, productCount: 0 });
    expect((await list()).at(-1)?.id).toBe(made.id);
    const [entry] = entries();
    expect(entry).toMatchObject({ kind: "categories", action: "category.create", recordId: String(made.id), adminUsername: "owner" });
    expect(entry?.after).toEqual({ name: "Drones & Aerial Kit", slug: "drones-aerial-kit", description: "Eyes in the sky." });
  });

  test("a taken name, whatever its case, is a 400 on the name; a taken slug given is a 400 on the slug; nothing is written", async () => {
    const before = allCategories();
    let res = await create({ name: "gps TRACKING" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields).toEqual({ name: "Another category has this name" });
    res = await create({ name: "Trackers", slug: "gps-tracking" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields).toEqual({ slug: "Another category has this address" });
    expect(allCategories()).toEqual(before);
    expect(entries()).toHaveLength(0);
  });

  test("a suggested slug that is taken gets a suffix", async () => {
    t.db.update(categories).set({ name: "Old GPS" }).where(eq(categories.slug, "gps-tracking")).run();
    const first = (await (await create({ name: "GPS Tracking" })).json()) as AdminCategoryRow;
    expect(first.slug).toBe("gps-tracking-2");
    const renamed = await patch(category("audio-equipment").id, { name: "GPS-Tracking" });
    expect(((await renamed.json()) as AdminCategoryRow).slug).toBe("gps-tracking-3");
  });

  test("bad bodies are 400 with field messages, never a 500, and write nothing", async () => {
    const before = allCategories();
    for (const [body, fields] of [
      [{}, { name: "Enter a name" }],
      [{ name: "   " }, { name: "Enter a name" }],
      [{ name: "x".repeat(101) }, { name: "Keep the name under 101 characters" }],
      [{ name: "Drones", slug: "Not A Slug" }, { slug: "Use lowercase letters, digits and single hyphens, such as gps-tracking" }],
      [{ name: "Drones", description: 5 }, { description: "Keep the description under 2001 characters" }],
    ] as const) {
      const res = await create(body);
      expect(res.status).toBe(400);
      const error = ((await res.json()) as ErrorBody).error;
      expect(error.code).toBe("validation_error");
      expect(error.fields).toMatchObject(fields);
    }
    expect((await admin.send("POST", "/api/admin/categories", undefined, "{not json")).status).toBe(400);
    expect((await create({ name: "Drones", extra: 1 })).status).toBe(400);
    expect(allCategories()).toEqual(before);
    expect(entries()).toHaveLength(0);
  });
});

describe("PATCH /api/admin/categories/:id", () => {
  test("a rename moves the slug with it and records before and after", async () => {
    const gps = category("gps-tracking");
    const res = await patch(gps.id, { name: "Trackers" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: gps.id, name: "Trackers", slug: "trackers" });
    const [entry] = entries();
    expect(entry).toMatchObject({ action: "category.update", recordId: String(gps.id), summary: "Renamed the category GPS Tracking to Trackers" });
    expect(entry?.before).toEqual({ name: "GPS Tracking", slug: "gps-tracking" });
    expect(entry?.after).toEqual({ name: "Trackers", slug: "trackers" });
  });

  test("a rename with a slug keeps that slug; a taken name or slug is a 400 and nothing changes", async () => {
    const gps = category("gps-tracking");
    expect(await (await patch(gps.id, { name: "Trackers", slug: "gps" })).json()).toMatchObject({ name: "Trackers", slug: "gps" });
    const before = allCategories();
    const taken = await patch(gps.id, { name: "audio EQUIPMENT" });
    expect(taken.status).toBe(400);
    expect(((await taken.json()) as ErrorBody).error.fields).toEqual({ name: "Another category has this name" });
    const slugTaken = await patch(gps.id, { slug: "audio-equipment" });
    expect(((await slugTaken.json()) as ErrorBody).error.fields).toEqual({ slug: "Another category has this address" });
    expect((await patch(gps.id, { isActive: "no" })).status).toBe(400);
    expect((await patch(gps.id, { sortOrder: 3 })).status).toBe(400);
    expect(allCategories()).toEqual(before);
    expect(entries()).toHaveLength(1);
  });

  test("unknown or malformed ids are 404", async () => {
    expect((await patch(999_999, { name: "X" })).status).toBe(404);
    expect((await patch("abc", { name: "X" })).status).toBe(404);
    expect((await remove("-1")).status).toBe(404);
  });

  test("an inactive category's products leave /shop, /api/products and the sitemap, and come back when it is active again", async () => {
    const gps = category("gps-tracking");
    const slugs = t.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.categoryId, gps.id))
      .all()
      .map((p) => p.slug);
    const slug = slugs[0] as string;
    // Cached first: the change must clear the page cache.
    expect(await (await t.request("/shop")).text()).toContain(slug);
    expect(await (await t.request("/sitemap.xml")).text()).toContain(slug);

    const res = await patch(gps.id, { isActive: false });
    expect(await res.json()).toMatchObject({ isActive: false });
    expect(entries()[0]).toMatchObject({ summary: "Deactivated the category GPS Tracking", before: { isActive: true }, after: { isActive: false } });

    const shop = await (await t.request("/shop")).text();
    const api = JSON.stringify(await (await t.request("/api/products")).json());
    const sitemap = await (await t.request("/sitemap.xml")).text();
    for (const s of slugs) {
      expect(shop).not.toContain(s);
      expect(api).not.toContain(s);
      expect(sitemap).not.toContain(s);
    }
    expect((await t.request(`/shop/product/${slug}`)).status).toBe(404);
    expect(JSON.stringify(await (await t.request("/api/categories")).json())).not.toContain("gps-tracking");

    await patch(gps.id, { isActive: true });
    expect(await (await t.request("/shop")).text()).toContain(slug);
  });
});

describe("POST /api/admin/categories/reorder", () => {
  test("sets the whole order, which the shop's categories follow; audited", async () => {
    const ids = (await list()).map((c) => c.id).reverse();
    const res = await reorder({ ids });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminCategoryRow[]).map((c) => c.id)).toEqual(ids);
    expect((await list()).map((c) => c.id)).toEqual(ids);
    const shopOrder = ((await (await t.request("/api/categories")).json()) as { id: number }[]).map((c) => c.id);
    expect(shopOrder).toEqual(ids.filter((id) => shopOrder.includes(id)));
    expect(entries()[0]).toMatchObject({ action: "category.reorder", summary: "Changed the order of the categories" });
  });

  test("a list missing, repeating or inventing a category is a 400 and nothing changes", async () => {
    const ids = (await list()).map((c) => c.id);
    const before = allCategories();
    for (const body of [{ ids: ids.slice(1) }, { ids: [...ids.slice(1), ids[1]] }, { ids: [...ids.slice(1), 999_999] }, { ids: [] }, { ids: "1,2" }, {}]) {
      const res = await reorder(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields).toEqual({ ids: "Send every category once, in the new order" });
    }
    expect(allCategories()).toEqual(before);
    expect(entries()).toHaveLength(0);
  });
});

describe("DELETE /api/admin/categories/:id", () => {
  test("a category with products is a 409 naming how many, and stays", async () => {
    const gps = category("gps-tracking");
    const n = t.db.select().from(products).where(eq(products.categoryId, gps.id)).all().length;
    const res = await remove(gps.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error).toEqual({ code: "has_products", message: `Move or delete its ${n} products first.` });
    expect(category("gps-tracking")).toEqual(gps);
    expect(entries()).toHaveLength(0);
  });

  test("an empty category is deleted and audited; a second delete is a 404", async () => {
    const made = (await (await create({ name: "Drones" })).json()) as AdminCategoryRow;
    const count = countRows(t, "categories");
    const res = await remove(made.id);
    expect(res.status).toBe(200);
    expect(countRows(t, "categories")).toBe(count - 1);
    expect(entries().at(-1)).toMatchObject({ action: "category.delete", recordId: String(made.id), summary: "Deleted the category Drones" });
    expect((await remove(made.id)).status).toBe(404);
  });
});
