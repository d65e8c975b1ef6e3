import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { testOrigin } from "../../../tests/helpers/browser";
import { pngBytes } from "../../../tests/helpers/images";
import { countRows, type ErrorBody } from "../../../tests/helpers/test-app";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { auditLog, categories, products } from "../../db/schema";
import { emptyProductForm, type ProductEditorData, type ProductFormValues, type ProductSaved, productMessages } from "../../shared/admin-product-editor";

const { t, admin } = adminAppPerTest();

const create = (body: unknown, raw?: string) => admin.send("POST", "/api/admin/products", body, raw);
const save = (id: number | string, body: unknown) => admin.send("PUT", `/api/admin/products/${id}`, body);

async function upload(bytes: Uint8Array<ArrayBuffer>, name = "photo.png"): Promise<string> {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  const res = await t.request("/api/admin/uploads", { method: "POST", headers: { Authorization: admin.authorization, Origin: testOrigin }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

const categoryId = (slug: string) => {
  const row = t.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)).get();
  if (!row) throw new Error(`no category ${slug}`);
  return row.id;
};
const productBySlug = (slug: string) => t.db.select().from(products).where(eq(products.slug, slug)).get();
/** Everything the products table and the audit log hold, to prove a refused write changed nothing. */
const snapshot = () => JSON.stringify([t.db.select().from(products).all(), countRows(t, "audit_log"), countRows(t, "uploads")]);

const form = (over: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductForm,
  name: "Pocket GPS Logger",
  shortDescription: "A small logger.",
  description: "Logs a position every minute for a month.",
  price: "249.50",
  salePrice: "199",
  categoryId: String(categoryId("gps-tracking")),
  sku: "SC-GPS-LOG1",
  stockQuantity: "12",
  lowStockThreshold: "3",
  weight: "0.05 kg",
  length: "6",
  width: "4.5",
  height: "1.2",
  dimensionUnit: "cm",
  features: "Month-long battery\n\n  Magnetic case  \n",
  tags: "gps\nlogger",
  specifications: [
    { key: "Battery", value: "30 days" },
    { key: "Accuracy", value: "2.5 m" },
  ],
  isActive: true,
  isFeatured: true,
  requiresVerification: true,
  restrictedStates: ["VIC", "ACT"],
  seoTitle: "Pocket GPS Logger",
  seoDescription: "A month of positions.",
  ...over,
});

describe("POST /api/admin/products", () => {
  test("creates the product with every field, a slug from its name, audited, and the shop shows it", async () => {
    const first = await upload(pngBytes(4, 3, [200, 0, 0]));
    const second = await upload(pngBytes(5, 4, [0, 200, 0]));
    await t.request("/shop"); // fills the page cache
    const res = await create(form({ images: [second, first] }));
    expect(res.status).toBe(201);
    const saved = (await res.json()) as ProductSaved;
    expect(saved.slug).toBe("pocket-gps-logger");
    const row = productBySlug("pocket-gps-logger");
    expect(row).toMatchObject({
      id: saved.id,
      name: "Pocket GPS Logger",
      price: "249.50",
      salePrice: "199.00",
      categoryId: categoryId("gps-tracking"),
      sku: "SC-GPS-LOG1",
      stockQuantity: 12,
      lowStockThreshold: 3,
      weight: "0.05 kg",
      dimensions: { length: 6, width: 4.5, height: 1.2, unit: "cm" },
      features: ["Month-long battery", "Magnetic case"],
      tags: ["gps", "logger"],
      specifications: { Battery: "30 days", Accuracy: "2.5 m" },
      isActive: true,
      isFeatured: true,
      requiresVerification: true,
      restrictedStates: ["ACT", "VIC"],
      seoTitle: "Pocket GPS Logger",
      seoDescription: "A month of positions.",
      images: [second, first],
    });
    const audit = t.db.select().from(auditLog).where(eq(auditLog.action, "product.create")).get();
    expect(audit).toMatchObject({ kind: "products", recordId: String(saved.id), summary: "Added the product Pocket GPS Logger" });
    expect(audit?.after).toMatchObject({ price: "249.50", salePrice: "199.00" });
    expect(t.deps.pageCache.size).toBe(0);

    const page = await (await t.request("/shop/product/pocket-gps-logger")).text();
    // The main image first, the other below it.
    expect(page.indexOf(`src="${second}"`)).toBeGreaterThan(-1);
    expect(page.indexOf(`src="${first}"`)).toBeGreaterThan(page.indexOf(`src="${second}"`));
    // The editor reads back what was saved.
    const back = (await (await admin.send("GET", `/api/admin/products/${saved.id}`)).json()) as ProductEditorData;
    expect(back.form).toEqual(
      form({
        slug: "pocket-gps-logger",
        images: [second, first],
        salePrice: "199.00",
        features: "Month-long battery\nMagnetic case",
        restrictedStates: ["ACT", "VIC"],
      }),
    );
  });

  test("a second product of the same name gets the next free slug; with no image the shop shows the placeholder", async () => {
    expect((await create(form({ sku: "" }))).status).toBe(201);
    const res = await create(form({ sku: "", images: [] }));
    expect(((await res.json()) as ProductSaved).slug).toBe("pocket-gps-logger-2");
    expect(productBySlug("pocket-gps-logger-2")?.sku).toBeNull();
    const symbols = await create(form({ name: "★ ★", sku: "" }));
    expect(((await symbols.json()) as ProductSaved).slug).toBe("product");
    const named = await create(form({ name: "Category", sku: "" }));
    expect(((await named.json()) as ProductSaved).slug).toBe("category");
    const page = await (await t.request("/shop/product/pocket-gps-logger-2")).text();
    expect(page).toContain('src="/images/products/placeholder.svg"');
  });

  test("a taken slug or SKU is a 409 naming the field; nothing is written", async () => {
    const before = snapshot();
    const slug = await create(form({ slug: "covert-body-worn-camera-4k" }));
    expect(slug.status).toBe(409);
    expect(((await slug.json()) as ErrorBody).error).toMatchObject({ code: "conflict", fields: { slug: productMessages.slugTaken } });
    const sku = await create(form({ sku: "SC-BWC-4K01" }));
    expect(sku.status).toBe(409);
    expect(((await sku.json()) as ErrorBody).error).toMatchObject({
      code: "conflict",
      message: "Another product has this SKU.",
      fields: { sku: productMessages.skuTaken },
    });
    expect(snapshot()).toBe(before);
  });

  test("bad input is a 400 with field messages and the database unchanged", async () => {
    const before = snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: " " }, "name", productMessages.nameRequired],
      [{ price: "" }, "price", productMessages.priceRequired],
      [{ price: "12.345" }, "price", productMessages.amount],
      [{ salePrice: "300" }, "salePrice", productMessages.saleNotBelowPrice],
      [{ slug: "Not A Slug" }, "slug", productMessages.slugFormat],
      [{ sku: "a b" }, "sku", productMessages.skuFormat],
      [{ stockQuantity: "-1" }, "stockQuantity", productMessages.count],
      [{ lowStockThreshold: "1.5" }, "lowStockThreshold", productMessages.count],
      [{ length: "abc" }, "length", productMessages.dimension],
      [{ dimensionUnit: "ft" }, "dimensionUnit", productMessages.unit],
      [{ restrictedStates: ["XX"] }, "restrictedStates.0", productMessages.state],
      [{ specifications: [{ key: "", value: "x" }] }, "specifications.0.key", productMessages.specKey],
      [
        {
          specifications: [
            { key: "A", value: "1" },
            { key: "a", value: "2" },
          ],
        },
        "specifications",
        productMessages.specDuplicate,
      ],
      [{ images: ["https://evil.example/x.png"] }, "images.0", productMessages.image],
      [{ images: ["/uploads/../../pi-site.db"] }, "images.0", productMessages.image],
      [{ images: [`/uploads/${"a".repeat(32)}.png`] }, "images.0", productMessages.imageUnknown],
      [{ categoryId: "999999" }, "categoryId", productMessages.categoryMissing],
      [{ isActive: "yes" }, "isActive", productMessages.flag],
      [{ features: Array.from({ length: 31 }, (_, i) => `f${i}`).join("\n") }, "features", productMessages.tooManyLines],
    ];
    for (const [over, field, message] of cases) {
      const res = await create({ ...form(), ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe("validation_error");
      expect(body.error.fields?.[field], JSON.stringify(over)).toBe(message);
    }
    expect((await create({ ...form(), extra: 1 })).status).toBe(400);
    expect((await create(undefined, "{not json")).status).toBe(400);
    expect((await create({ name: "Only a name" })).status).toBe(400);
    expect(snapshot()).toBe(before);
  });
});

describe("PUT /api/admin/products/{id}", () => {
  test("replaces the product: moves it to an inactive category, keeps its seeded image, audits the old and new prices", async () => {
    const camera = productBySlug("covert-body-worn-camera-4k");
    if (!camera) throw new Error("no camera");
    t.db.update(categories).set({ isActive: false }).where(eq(categories.slug, "communication")).run();
    const data = (await (await admin.send("GET", `/api/admin/products/${camera.id}`)).json()) as ProductEditorData;
    expect(data.form.images).toEqual(camera.images);
    expect(data.categories.some((c) => !c.isActive)).toBe(true);
    const added = await upload(pngBytes());

    const res = await save(camera.id, { ...data.form, price: "459", categoryId: String(categoryId("communication")), images: [added, ...data.form.images] });
    expect(res.status).toBe(200);
    const after = productBySlug("covert-body-worn-camera-4k");
    expect(after).toMatchObject({ price: "459.00", salePrice: camera.salePrice, categoryId: categoryId("communication"), images: [added, ...camera.images] });
    const audit = t.db.select().from(auditLog).where(eq(auditLog.action, "product.update")).get();
    expect(audit?.before).toMatchObject({ price: camera.price, categoryId: camera.categoryId });
    expect(audit?.after).toMatchObject({ price: "459.00", categoryId: categoryId("communication") });
    // Its category is inactive now: the shop no longer shows it.
    expect((await t.request("/shop/product/covert-body-worn-camera-4k")).status).toBe(404);
  });

  test("its own slug and SKU are not a conflict; another product's are; a seeded image it never had is refused", async () => {
    const camera = productBySlug("covert-body-worn-camera-4k");
    const dash = productBySlug("covert-dash-cam-4k");
    if (!camera || !dash) throw new Error("no products");
    const data = (await (await admin.send("GET", `/api/admin/products/${camera.id}`)).json()) as ProductEditorData;
    expect((await save(camera.id, data.form)).status).toBe(200);
    const before = snapshot();
    const taken = await save(camera.id, { ...data.form, slug: dash.slug, sku: dash.sku });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as ErrorBody).error.fields).toEqual({ slug: productMessages.slugTaken, sku: productMessages.skuTaken });
    const borrowed = await save(camera.id, { ...data.form, images: dash.images });
    expect(borrowed.status).toBe(400);
    expect(((await borrowed.json()) as ErrorBody).error.fields?.["images.0"]).toBe(productMessages.imageUnknown);
    expect(snapshot()).toBe(before);
  });

  test("an unknown product is a 404; a malformed id a 400", async () => {
    expect((await save(999999, form())).status).toBe(404);
    expect((await admin.send("GET", "/api/admin/products/999999")).status).toBe(404);
    expect((await save("abc", form())).status).toBe(400);
  });
});

test("GET /api/admin/products/new answers every category, active or not", async () => {
  t.db.update(categories).set({ isActive: false }).where(eq(categories.slug, "communication")).run();
  const body = (await (await admin.send("GET", "/api/admin/products/new")).json()) as { categories: { name: string; isActive: boolean }[] };
  expect(body.categories.length).toBe(countRows(t, "categories"));
  expect(body.categories.some((c) => !c.isActive)).toBe(true);
});
