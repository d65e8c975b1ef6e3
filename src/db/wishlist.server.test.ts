/** The analytics' "Most wished-for products": the ten products on the most wishlists now. */
import { expect, test } from "bun:test";
import { customers } from "../../tests/factories";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import { productIdOf } from "../../tests/helpers/shop";
import type { AdminAnalytics } from "../shared/admin-analytics";
import { products, users } from "./schema";
import { addToWishlist, mostWishedProducts } from "./wishlist.server";
import { eq } from "drizzle-orm";

const { t, admin } = adminAppPerTest();

const userId = (email: string) => t.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()!.id;

test("most wished-for: counted per product, most first then by name, at most ten, on the analytics screen's answer", async () => {
  expect(mostWishedProducts(t.db)).toEqual([]);
  const emails = customers(t.db, 3, "wisher");
  const all = t.db.select({ id: products.id, name: products.name }).from(products).orderBy(products.id).all();
  const camera = productIdOf(t.db, "covert-body-worn-camera-4k");
  const trail = productIdOf(t.db, "cellular-trail-camera");
  for (const email of emails) addToWishlist(t.db, userId(email), camera);
  for (const email of emails.slice(0, 2)) addToWishlist(t.db, userId(email), trail);
  // Twelve more products wished for once each: only ten lines in all.
  for (const p of all.filter((p) => p.id !== camera && p.id !== trail).slice(0, 12)) addToWishlist(t.db, userId(emails[0]!), p.id);

  const top = mostWishedProducts(t.db);
  expect(top).toHaveLength(10);
  expect(top.slice(0, 2)).toEqual([
    { name: "Covert Body-Worn Camera 4K", wishes: 3 },
    { name: "4G Cellular Trail Camera", wishes: 2 },
  ]);
  const ones = top.slice(2).map((p) => p.name);
  expect(ones).toEqual([...ones].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  expect(top.slice(2).every((p) => p.wishes === 1)).toBe(true);

  const answer = (await (await admin.get("/api/admin/analytics?range=30d")).json()) as AdminAnalytics;
  expect(answer.mostWished).toEqual(top);
});
