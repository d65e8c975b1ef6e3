import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { browser, testOrigin } from "../../tests/helpers/browser";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { countRows, type ErrorBody } from "../../tests/helpers/test-app";
import { addToWishlist } from "../db/wishlist.server";
import { products, wishlistItems } from "../db/schema";
import { RateLimiter } from "../server/middleware/rate-limit";
import type { WishlistView } from "../shared/wishlist";

const t = testAppPerTest();

type Browser = ReturnType<typeof browser>;

const wish = (b: Browser, body: unknown, raw?: string) => b.send("POST", "/api/wishlist", body, raw);
const unwish = (b: Browser, id: number | string) => b.send("DELETE", `/api/wishlist/${id}`);
const listOf = async (b: Browser) => (await (await b.get("/api/wishlist")).json()) as WishlistView;

const product = (slug: string) => t.db.select().from(products).where(eq(products.slug, slug)).get()!;
const camera = () => product("covert-body-worn-camera-4k"); // stock 18
const soldOut = () => product("cellular-trail-camera"); // stock 0
const rows = () => t.db.select({ userId: wishlistItems.userId, productId: wishlistItems.productId }).from(wishlistItems).orderBy(wishlistItems.id).all();

async function signedIn(email = "ann@example.com") {
  const b = browser(t);
  const id = b.signInAs(email);
  return Object.assign(b, { id });
}

test("signed out, every wishlist route answers 401 in JSON and writes nothing", async () => {
  const id = camera().id;
  for (const [method, path, body] of [
    ["GET", "/api/wishlist", undefined],
    ["POST", "/api/wishlist", { productId: id }],
    ["DELETE", `/api/wishlist/${id}`, undefined],
  ] as const) {
    const res = await t.send(method, path, body, { Origin: testOrigin });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.code).toBe("unauthorized");
  }
  expect(countRows(t, "wishlist_items")).toBe(0);
});

test("adding answers 201, adding again 200 with one row; the list has today's price and stock; removing empties it", async () => {
  const ann = await signedIn();
  const first = await wish(ann, { productId: camera().id });
  expect(first.status).toBe(201);
  expect(first.headers.get("cache-control")).toBe("no-store");
  const again = await wish(ann, { productId: camera().id });
  expect(again.status).toBe(200);
  expect(rows()).toEqual([{ userId: ann.id, productId: camera().id }]);

  // An out-of-stock product may be wished for: that is what the back-in-stock e-mail is for.
  expect((await wish(ann, { productId: soldOut().id })).status).toBe(201);
  t.db.update(products).set({ salePrice: "350.00" }).where(eq(products.id, camera().id)).run();
  const list = await listOf(ann);
  expect(list.count).toBe(2);
  expect(list.items.map((i) => [i.slug, i.stockQuantity, i.salePrice, i.available])).toEqual(
    expect.arrayContaining([
      ["covert-body-worn-camera-4k", 18, "350.00", true],
      ["cellular-trail-camera", 0, soldOut().salePrice, true],
    ]),
  );

  const removed = await unwish(ann, camera().id);
  expect(removed.status).toBe(200);
  expect(((await removed.json()) as WishlistView).items.map((i) => i.productId)).toEqual([soldOut().id]);
  const gone = await unwish(ann, camera().id);
  expect(gone.status).toBe(404);
  expect(((await gone.json()) as ErrorBody).error.code).toBe("not_found");
});

test("a customer sees and removes only their own wishlist", async () => {
  const ann = await signedIn("ann@example.com");
  const bob = await signedIn("bob@example.com");
  await wish(ann, { productId: camera().id });
  expect((await listOf(bob)).items).toEqual([]);
  expect((await unwish(bob, camera().id)).status).toBe(404);
  expect(rows()).toEqual([{ userId: ann.id, productId: camera().id }]);
  expect((await wish(bob, { productId: camera().id })).status).toBe(201);
  expect(rows()).toHaveLength(2);
});

test("an unknown or withdrawn product answers 404 and nothing is stored", async () => {
  const ann = await signedIn();
  expect((await wish(ann, { productId: 999_999 })).status).toBe(404);
  t.db.update(products).set({ isActive: false }).where(eq(products.id, camera().id)).run();
  const res = await wish(ann, { productId: camera().id });
  expect(res.status).toBe(404);
  expect(((await res.json()) as ErrorBody).error.message).toBe("This product does not exist or is no longer sold.");
  expect(countRows(t, "wishlist_items")).toBe(0);
});

describe("bad input answers 400 with a field message and leaves the database as it was", () => {
  const bodies: [string, unknown, string?][] = [
    ["no product", {}],
    ["a word", { productId: "camera" }],
    ["zero", { productId: 0 }],
    ["negative", { productId: -3 }],
    ["a fraction", { productId: 1.5 }],
    ["too large", { productId: 2 ** 40 }],
    ["an array", { productId: [1] }],
    ["not JSON", undefined, "{productId:"],
  ];
  for (const [name, body, raw] of bodies) {
    test(name, async () => {
      const ann = await signedIn();
      await wish(ann, { productId: soldOut().id });
      const before = JSON.stringify(t.db.select().from(wishlistItems).all());
      const res = await wish(ann, body, raw);
      expect(res.status).toBe(400);
      const error = ((await res.json()) as ErrorBody).error;
      expect(error.code).toBe("validation_error");
      if (raw === undefined) expect(error.fields?.productId).toBeTruthy();
      expect(JSON.stringify(t.db.select().from(wishlistItems).all())).toBe(before);
    });
  }
  test("a malformed id in the path", async () => {
    const ann = await signedIn();
    await wish(ann, { productId: soldOut().id });
    for (const id of ["abc", "-1", "1.5", "0x10", "99999999999999"]) expect((await unwish(ann, id)).status).toBe(400);
    expect(rows()).toHaveLength(1);
  });
});

test("too many changes answer 429 with Retry-After, counted per account, and write nothing", async () => {
  t.deps.limits.wishlist = new RateLimiter(2, 10 * 60_000);
  const ann = await signedIn();
  expect((await wish(ann, { productId: camera().id })).status).toBe(201);
  expect((await unwish(ann, camera().id)).status).toBe(200);
  const third = await wish(ann, { productId: soldOut().id });
  expect(third.status).toBe(429);
  expect(third.headers.get("retry-after")).toBeTruthy();
  expect(((await third.json()) as ErrorBody).error.message).toContain("Too many wishlist changes");
  expect(countRows(t, "wishlist_items")).toBe(0);
  // Another customer is not held up by Ann's changes, and reading is never limited.
  const bob = await signedIn("bob@example.com");
  expect((await wish(bob, { productId: soldOut().id })).status).toBe(201);
  expect((await ann.get("/api/wishlist")).status).toBe(200);
});

test("a full wishlist refuses another product but still takes one already on it", async () => {
  const ann = await signedIn();
  expect(addToWishlist(t.db, ann.id, camera().id, 1)).toMatchObject({ ok: true, created: true });
  expect(addToWishlist(t.db, ann.id, soldOut().id, 1)).toEqual({ ok: false, reason: "full", limit: 1 });
  expect(addToWishlist(t.db, ann.id, camera().id, 1)).toMatchObject({ ok: true, created: false });
  expect(rows()).toEqual([{ userId: ann.id, productId: camera().id }]);
});
