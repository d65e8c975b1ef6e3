/** Back-in-stock e-mails: one per customer who wished for a product, each time it comes back from no stock. */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { customerWithSession, placedOrders } from "../../tests/factories";
import { browser, testOrigin } from "../../tests/helpers/browser";
import { adminClient } from "../../tests/helpers/admins";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { productIdOf } from "../../tests/helpers/shop";
import { countRows } from "../../tests/helpers/test-app";
import { sealLinkToken } from "../server/mail-links.server";
import { RateLimiter } from "../server/middleware/rate-limit";
import { reviewInvitesToken } from "../server/review-invitations.server";
import type { ProductEditorData } from "../shared/admin-product-editor";
import { readUnsubscribeToken, stopBackInStockMail, unsubscribeToken } from "./back-in-stock.server";
import { cancelOrder } from "./orders.server";
import { updateProduct } from "./products.server";
import { outbox, products, wishlistItems } from "./schema";
import { addToWishlist } from "./wishlist.server";

const t = testAppPerTest();
const origin = "https://pi.example";
const trailCamera = () => productIdOf(t.db, "cellular-trail-camera"); // stock 0
const setStock = (id: number, stockQuantity: number) =>
  expect(updateProduct(t.db, id, { stockQuantity }, { origin, secrets: t.deps.secrets })).toEqual({ ok: true });
const mail = () => t.db.select({ to: outbox.to, subject: outbox.subject, text: outbox.text }).from(outbox).orderBy(outbox.id).all();

/** A customer (verified unless said) with `productId` on their wishlist. */
function wisher(email: string, productId: number, opts: { verified?: boolean } = {}) {
  const { userId } = customerWithSession(t.db, email, { verified: opts.verified });
  expect(addToWishlist(t.db, userId, productId)).toMatchObject({ ok: true, created: true });
  return userId;
}

test("a product back from no stock e-mails each customer who wished for it, once, with its link and an unsubscribe link", () => {
  const id = trailCamera();
  wisher("ann@example.com", id);
  wisher("bob@example.com", id);
  wisher("cat@example.com", productIdOf(t.db, "covert-body-worn-camera-4k")); // wished for another product
  setStock(id, 5);
  const sent = mail();
  expect(sent.map((m) => m.to).sort()).toEqual(["ann@example.com", "bob@example.com"]);
  const annMail = sent.find((m) => m.to === "ann@example.com")!;
  expect(annMail.subject).toBe("Back in stock: something on your wishlist");
  expect(annMail.text).toContain("4G Cellular Trail Camera is for sale again.");
  expect(annMail.text).toContain(`${origin}/shop/product/cellular-trail-camera`);
  const link = /https:\/\/pi\.example\/wishlist\/unsubscribe\?token=(\S+)/.exec(annMail.text);
  expect(link).not.toBeNull();
  expect(readUnsubscribeToken(t.deps.secrets, link![1])).toMatchObject({ productId: id });
  expect(
    t.db
      .select({ at: wishlistItems.notifiedAt })
      .from(wishlistItems)
      .where(eq(wishlistItems.productId, id))
      .all()
      .every((r) => r.at !== null),
  ).toBe(true);
});

test("more stock on top of some sends nothing; sold out and back again sends a second e-mail", () => {
  const id = trailCamera();
  wisher("ann@example.com", id);
  setStock(id, 2);
  setStock(id, 9); // N → M
  expect(mail()).toHaveLength(1);
  setStock(id, 0);
  expect(mail()).toHaveLength(1);
  setStock(id, 3); // 0 → N again
  expect(mail().map((m) => m.to)).toEqual(["ann@example.com", "ann@example.com"]);
});

test("never to an unverified address, a customer who turned it off for the product or for all, or for a product the shop hides", () => {
  const id = trailCamera();
  wisher("unverified@example.com", id, { verified: false });
  const itemOff = wisher("item-off@example.com", id);
  const allOff = wisher("all-off@example.com", id);
  expect(stopBackInStockMail(t.db, itemOff, id, "item")).toMatchObject({ item: false, all: true });
  expect(stopBackInStockMail(t.db, allOff, id, "all")).toMatchObject({ all: false });
  setStock(id, 4);
  expect(mail()).toEqual([]);

  // A withdrawn product's page would not open: no e-mail about it.
  wisher("ann@example.com", id);
  setStock(id, 0);
  t.db.update(products).set({ isActive: false }).where(eq(products.id, id)).run();
  setStock(id, 4);
  expect(mail()).toEqual([]);
});

test("an order cancelled (or expired) that puts the last units back e-mails the wishers", () => {
  const [order] = placedOrders(t.db, "buyer@example.com", { slug: "non-linear-junction-detector", quantity: 1 }); // the only unit
  const id = productIdOf(t.db, "non-linear-junction-detector");
  expect(t.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)).get()?.s).toBe(0);
  wisher("ann@example.com", id);
  expect(cancelOrder(t.db, order!.orderId, { actor: "system", note: "expired" }, new Date(), { backInStock: { origin, secrets: t.deps.secrets } })).toEqual({
    ok: true,
  });
  expect(mail().filter((m) => m.subject.startsWith("Back in stock"))).toEqual([
    expect.objectContaining({ to: "ann@example.com", text: expect.stringContaining("Non-Linear Junction Detector is for sale again.") }),
  ]);
});

test("the owner restocking in the product editor queues the e-mail in the same save", async () => {
  const admin = adminClient(t);
  const id = trailCamera();
  wisher("ann@example.com", id);
  const editor = await admin.read<ProductEditorData>(`/api/admin/products/${id}`);
  const res = await admin.send("PUT", `/api/admin/products/${id}`, { ...editor.form, stockQuantity: "6" });
  expect(res.status).toBe(200);
  expect(mail().map((m) => [m.to, m.text.split("\n")[2]])).toEqual([["ann@example.com", "4G Cellular Trail Camera is for sale again."]]);
  // Saving again with stock on hand sends nothing more.
  expect((await admin.send("PUT", `/api/admin/products/${id}`, { ...editor.form, stockQuantity: "8" })).status).toBe(200);
  expect(mail()).toHaveLength(1);
});

test("the unsubscribe link works without signing in: the page changes nothing, its buttons stop one product or all; a forged link stops nothing", async () => {
  const id = trailCamera();
  const ann = wisher("ann@example.com", id);
  const token = unsubscribeToken(t.deps.secrets, ann, id);
  const b = browser(t);

  const page = await b.get(`/wishlist/unsubscribe?token=${token}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Stop e-mails about 4G Cellular Trail Camera");
  expect(html).toContain("Stop all back-in-stock e-mails");
  expect(t.db.select({ on: wishlistItems.backInStockMail }).from(wishlistItems).get()?.on).toBe(true);

  // Made up, altered, or sealed for another purpose (a review-invitations link naming Ann): refused, nothing stopped.
  const altered = `${token.slice(0, -2)}${token.endsWith("A") ? "B" : "A"}A`;
  for (const forged of [
    `${id}.${ann}.${"A".repeat(43)}`,
    altered,
    reviewInvitesToken(t.deps.secrets, ann),
    sealLinkToken(t.deps.secrets, "review-invitations", `${id}:${ann}`),
  ]) {
    expect(readUnsubscribeToken(t.deps.secrets, forged)).toBeNull();
    const shown = await b.get(`/wishlist/unsubscribe?token=${encodeURIComponent(forged)}`);
    expect(shown.status).toBe(400);
    expect(await shown.text()).toContain("This link is not valid");
    const refused = await b.post("/wishlist/unsubscribe", { token: forged, scope: "all" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This link is not valid");
  }
  expect(countRows(t, "back_in_stock_opt_outs")).toBe(0);
  // Ann's link names Ann, whoever else wishes for the product.
  wisher("bob@example.com", id);
  expect(readUnsubscribeToken(t.deps.secrets, token)).toEqual({ userId: ann, productId: id });

  const item = await b.post("/wishlist/unsubscribe", { token, scope: "item" });
  expect(item.status).toBe(200);
  expect(await item.text()).toContain("no more back-in-stock e-mails about 4G Cellular Trail Camera");
  expect(t.db.select({ on: wishlistItems.backInStockMail }).from(wishlistItems).where(eq(wishlistItems.userId, ann)).get()?.on).toBe(false);

  const all = await b.post("/wishlist/unsubscribe", { token, scope: "all" }, { Origin: testOrigin });
  expect(await all.text()).toContain("no more back-in-stock e-mails from us");
  expect(countRows(t, "back_in_stock_opt_outs")).toBe(1);
  setStock(id, 3);
  expect(mail().map((m) => m.to)).toEqual(["bob@example.com"]);
});

test("the public unsubscribe form is limited per address: past the limit it answers 429 and stops nothing", async () => {
  t.deps.limits.wishlist = new RateLimiter(1, 10 * 60_000);
  const id = trailCamera();
  const ann = wisher("ann@example.com", id);
  const token = unsubscribeToken(t.deps.secrets, ann, id);
  const b = browser(t);
  expect((await b.post("/wishlist/unsubscribe", { token, scope: "item" })).status).toBe(200);
  const limited = await b.post("/wishlist/unsubscribe", { token, scope: "all" });
  expect(limited.status).toBe(429);
  expect(countRows(t, "back_in_stock_opt_outs")).toBe(0);
});
