/**
 * The public page cache across workers (decision 091): two instances of the binary on one data
 * directory, on different ports so the test knows which one answers. Each has cached the public
 * pages; a change made through one (a service price, a content section, a product's stock and
 * price, a review approved) is on the page the other serves at the very next request.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase, type Db } from "../../src/db/client.server";
import { createReview } from "../../src/db/reviews.server";
import type { ContentSectionView } from "../../src/shared/content";
import type { ServicePricingView } from "../../src/shared/service-pricing";
import { adminWithToken, customerWithSession } from "../factories";
import { productIdOf } from "../helpers/shop";
import { dataDir, freePort, type Instance, killLeftovers, startInstance, stopInstance } from "./lib";

const origin = "http://localhost";
const slug = "covert-body-worn-camera-4k";
const productPath = `/shop/product/${slug}`;

let one: Instance;
let other: Instance;
let db: Db;
let authorization = "";

beforeAll(async () => {
  const dir = dataDir("cache");
  const env = { PUBLIC_URL: origin, SMTP_URL: "" };
  one = await startInstance(dir, freePort(), env);
  other = await startInstance(dir, freePort(), env);
  db = openDatabase(join(dir, "pi-site.db"));
  authorization = adminWithToken(db, "owner").authorization;
}, 60_000);

afterAll(async () => {
  db?.$client.close();
  for (const i of [one, other]) if (i) await stopInstance(i);
  await killLeftovers();
});

/** An anonymous visitor's page from `instance`, asking for brotli as a browser does. */
async function page(instance: Instance, path: string) {
  const res = await fetch(instance.base + path, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(res.status).toBe(200);
  return { html: await res.text(), cacheControl: res.headers.get("cache-control"), etag: res.headers.get("etag") };
}

/** Requests `path` from `instance` until its answer is the cached one (same ETag twice). */
async function cached(instance: Instance, path: string) {
  const first = await page(instance, path);
  expect(first.cacheControl).toBe("public, max-age=0, must-revalidate");
  const again = await page(instance, path);
  expect(again.etag).toBe(first.etag);
  return again.html;
}

async function admin(instance: Instance, method: string, path: string, body?: unknown) {
  const res = await fetch(instance.base + path, {
    method,
    headers: { Authorization: authorization, Origin: origin, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return (await res.json()) as unknown;
}

test("a service price changed through one worker is on the other's pages at once, and back", async () => {
  for (const path of ["/", "/services"]) expect(await cached(other, path)).toContain("$295");
  const partner = ((await admin(one, "GET", "/api/admin/pricing")) as ServicePricingView[]).find((p) => p.id === "partner")!;
  await admin(one, "PUT", "/api/admin/pricing/partner", { ...partner, price: "321.50" });
  for (const path of ["/", "/services"]) {
    const { html } = await page(other, path);
    expect(html).toContain("$321.50");
    expect(html).not.toContain("$295");
  }
  // The other way round: the first worker's cached pages follow a change made through the second.
  expect(await cached(one, "/services")).toContain("$321.50");
  await admin(other, "PUT", "/api/admin/pricing/partner", { ...partner, price: "333" });
  expect((await page(one, "/services")).html).toContain("$333");
}, 60_000);

test("a content section changed through one worker is on the other's page at once", async () => {
  expect(await cached(other, "/")).not.toContain("Quiet answers, fast");
  const hero = ((await admin(one, "GET", "/api/admin/content")) as ContentSectionView[]).find((s) => s.id === "home.hero")!;
  await admin(one, "PUT", "/api/admin/content/home.hero", { ...hero, content: { ...(hero.content as object), title: "Quiet answers, fast" } });
  expect((await page(other, "/")).html).toContain("Quiet answers, fast");
}, 60_000);

test("a product's stock and price changed through one worker are on the other's product page at once", async () => {
  expect(await cached(other, productPath)).toContain("In Stock");
  const id = productIdOf(db, slug);
  const editor = (await admin(one, "GET", `/api/admin/products/${id}`)) as { form: Record<string, unknown> };
  await admin(one, "PUT", `/api/admin/products/${id}`, { ...editor.form, stockQuantity: "0" });
  expect((await page(other, productPath)).html).toContain("Out of Stock");
  expect(await cached(other, productPath)).not.toContain("1,234.50");
  await admin(one, "PATCH", `/api/admin/products/${id}/pricing`, { price: "1234.50", salePrice: "" });
  expect((await page(other, productPath)).html).toContain("1,234.50");
}, 60_000);

test("a review approved through one worker is on the other's product page at once", async () => {
  const { userId } = customerWithSession(db, "reviewer@example.com");
  const written = createReview(db, userId, productIdOf(db, slug), { rating: 5, title: "Recorded a whole shift", comment: "Clear sound and the clip held." });
  if (!written.ok) throw new Error(`the review was not written: ${written.reason}`);
  // Waiting for approval, it is on no public page, cached or not.
  expect(await cached(other, productPath)).not.toContain("Recorded a whole shift");
  await admin(one, "POST", `/api/admin/reviews/${written.review.id}/approve`);
  expect((await page(other, productPath)).html).toContain("Recorded a whole shift");
}, 60_000);
