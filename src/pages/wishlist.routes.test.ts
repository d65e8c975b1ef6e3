/** The wishlist without JavaScript: the hearts' forms, /wishlist and its forms, the dashboard's count, and account deletion. */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { browser } from "../../tests/helpers/browser";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { productIdOf } from "../../tests/helpers/shop";
import { countRows } from "../../tests/helpers/test-app";
import { cartItems, products, wishlistItems } from "../db/schema";
import { stopBackInStockMail } from "../db/back-in-stock.server";
import { deleteAccount } from "../db/users.server";

const t = testAppPerTest();
const cameraSlug = "covert-body-worn-camera-4k"; // stock 18
const soldOutSlug = "cellular-trail-camera"; // stock 0
const productPage = (slug: string) => `/shop/product/${slug}`;

async function signedIn(email = "ann@example.com") {
  const b = browser(t);
  const id = b.signInAs(email);
  return Object.assign(b, { id });
}
const wished = (userId: string) =>
  t.db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .all()
    .map((r) => r.productId);

test("signed out, the heart asks to sign in and comes back to the product; the form post does the same", async () => {
  const html = await (await browser(t).get(productPage(cameraSlug))).text();
  expect(html).toContain(`href="/api/login?returnTo=${encodeURIComponent(productPage(cameraSlug))}"`);
  expect(html).toContain("Sign in to save to your wishlist");
  const res = await browser(t).post("/wishlist/items", { productId: String(productIdOf(t.db, cameraSlug)), returnTo: productPage(cameraSlug) });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe(`/api/login?returnTo=${encodeURIComponent(productPage(cameraSlug))}`);
  expect(countRows(t, "wishlist_items")).toBe(0);
  expect((await browser(t).get("/wishlist")).status).toBe(401);
});

test("the heart's form adds and removes without JavaScript, back on the product page, which shows it pressed", async () => {
  const ann = await signedIn();
  const id = productIdOf(t.db, cameraSlug);
  const before = await (await ann.get(productPage(cameraSlug))).text();
  expect(before).toMatch(/aria-pressed="false"[^>]*>.*Add<span class="sr-only"> Covert Body-Worn Camera 4K<\/span> to wishlist/);

  const add = await ann.post("/wishlist/items", { productId: String(id), returnTo: productPage(cameraSlug) });
  expect(add.status).toBe(303);
  expect(add.headers.get("location")).toBe(productPage(cameraSlug));
  expect(wished(ann.id)).toEqual([id]);
  const after = await (await ann.get(productPage(cameraSlug))).text();
  expect(after).toContain(`action="/wishlist/items/${id}/delete"`);
  expect(after).toMatch(/aria-pressed="true"/);

  // A second post (a double click) keeps one row.
  await ann.post("/wishlist/items", { productId: String(id), returnTo: productPage(cameraSlug) });
  expect(wished(ann.id)).toEqual([id]);

  const remove = await ann.post(`/wishlist/items/${id}/delete`, { returnTo: productPage(cameraSlug) });
  expect(remove.headers.get("location")).toBe(productPage(cameraSlug));
  expect(wished(ann.id)).toEqual([]);
});

test("a return address off the site is not followed, and bad or unknown products are refused without a row", async () => {
  const ann = await signedIn();
  const id = productIdOf(t.db, cameraSlug);
  const res = await ann.post("/wishlist/items", { productId: String(id), returnTo: "//evil.example/x" });
  expect(res.headers.get("location")).toBe("/wishlist");
  expect((await ann.post("/wishlist/items", { productId: "abc", returnTo: "/shop" })).status).toBe(400);
  const unknown = await ann.post("/wishlist/items", { productId: "999999", returnTo: "/shop" });
  expect(unknown.headers.get("location")).toBe("/shop?cart=unavailable");
  expect(wished(ann.id)).toEqual([id]);
});

test("/wishlist shows today's price and stock, moves one to the cart within the stock, and removes", async () => {
  const ann = await signedIn();
  const camera = productIdOf(t.db, cameraSlug);
  const soldOut = productIdOf(t.db, soldOutSlug);
  const few = productIdOf(t.db, "non-linear-junction-detector"); // stock 1
  for (const id of [camera, soldOut, few]) await ann.post("/wishlist/items", { productId: String(id), returnTo: "/wishlist" });

  const page = await (await ann.get("/wishlist")).text();
  expect(page).toContain("In stock");
  expect(page).toContain("Only 1 left");
  expect(page).toContain("Out of stock — we&#x27;ll e-mail you when it&#x27;s back");
  expect(page).toContain("3 products saved");
  // A sold-out product has no "Move to cart".
  expect(page).not.toContain(`/wishlist/items/${soldOut}/move`);

  const moved = await ann.post(`/wishlist/items/${camera}/move`, {});
  expect(moved.headers.get("location")).toBe("/wishlist?cart=added");
  expect(t.db.select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).all()).toEqual([{ productId: camera, quantity: 1 }]);
  expect(wished(ann.id).sort()).toEqual([soldOut, few].sort());

  const refused = await ann.post(`/wishlist/items/${soldOut}/move`, {});
  expect(refused.headers.get("location")).toBe("/wishlist?cart=out-of-stock");
  expect(wished(ann.id)).toContain(soldOut);
  expect(countRows(t, "cart_items")).toBe(1);

  const removed = await ann.post(`/wishlist/items/${few}/delete`, { returnTo: "/wishlist?notice=removed" });
  expect(removed.headers.get("location")).toBe("/wishlist?notice=removed");
  expect(await (await ann.get("/wishlist?notice=removed")).text()).toContain("The product was removed from your wishlist.");
  expect(wished(ann.id)).toEqual([soldOut]);
});

test("the empty wishlist says so and leads to the shop; the dashboard counts the wishlist and links to it", async () => {
  const ann = await signedIn();
  const empty = await (await ann.get("/wishlist")).text();
  expect(empty).toContain("Your wishlist is empty.");
  expect(empty).toContain('href="/shop"');
  await ann.post("/wishlist/items", { productId: String(productIdOf(t.db, cameraSlug)), returnTo: "/wishlist" });
  const dashboard = await (await ann.get("/dashboard")).text();
  expect(dashboard).toMatch(
    /href="\/wishlist"[^>]*data-testid="dashboard-wishlist">Wishlist<span class="badge badge-sm">1<\/span><span class="sr-only"> product<\/span>/,
  );
});

test("the shop's cards get the customer's wishlist for their hearts", async () => {
  const ann = await signedIn();
  const id = productIdOf(t.db, cameraSlug);
  await ann.post("/wishlist/items", { productId: String(id), returnTo: "/shop" });
  const html = await (await ann.get("/shop")).text();
  expect(html).toContain(`"wishlisted":[${id}]`);
  expect(html).toContain(`Remove Covert Body-Worn Camera 4K from wishlist`);
});

test("deleting an account removes its wishlist", async () => {
  const ann = await signedIn();
  const bob = await signedIn("bob@example.com");
  const id = productIdOf(t.db, cameraSlug);
  await ann.post("/wishlist/items", { productId: String(id), returnTo: "/shop" });
  await bob.post("/wishlist/items", { productId: String(id), returnTo: "/shop" });
  deleteAccount(t.db, ann.id);
  expect(wished(ann.id)).toEqual([]);
  expect(wished(bob.id)).toEqual([id]);
  expect(t.db.select().from(products).where(eq(products.id, id)).get()).toBeTruthy();
});

test("back-in-stock e-mail turned off from an e-mail is turned on again from the wishlist, for the product or all", async () => {
  const ann = await signedIn();
  const soldOut = productIdOf(t.db, soldOutSlug);
  await ann.post("/wishlist/items", { productId: String(soldOut), returnTo: "/wishlist" });
  stopBackInStockMail(t.db, ann.id, soldOut, "item");
  stopBackInStockMail(t.db, ann.id, soldOut, "all");
  const page = await (await ann.get("/wishlist")).text();
  expect(page).toContain("You asked us not to e-mail you when products on your wishlist are back in stock.");

  const all = await ann.post("/wishlist/back-in-stock", {});
  expect(all.headers.get("location")).toBe("/wishlist?notice=all-mail-on");
  expect(countRows(t, "back_in_stock_opt_outs")).toBe(0);
  expect(await (await ann.get("/wishlist")).text()).toContain(`action="/wishlist/items/${soldOut}/back-in-stock"`);

  const item = await ann.post(`/wishlist/items/${soldOut}/back-in-stock`, {});
  expect(item.headers.get("location")).toBe("/wishlist?notice=mail-on");
  expect(t.db.select({ on: wishlistItems.backInStockMail }).from(wishlistItems).get()?.on).toBe(true);
  expect(await (await ann.get("/wishlist")).text()).toContain("we&#x27;ll e-mail you when it&#x27;s back");
});
