import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { approvedReviews, customerWithSession, deliveredOrderOf, placedOrders } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { countRows, type ErrorBody } from "../../tests/helpers/test-app";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { productIdOf } from "../../tests/helpers/shop";
import { products, reviews, reviewVotes, users } from "../db/schema";
import { createSession } from "../server/auth/sessions.server";
import type { OwnReview, PublicReview } from "../shared/reviews";

const t = testAppPerTest();

const camera = "covert-dash-cam-4k";
const good = { rating: 4, title: "Clear footage at night", comment: "Mounted it behind the mirror; the plates are readable." };

async function send(cookie: string | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { Origin: testOrigin };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return t.request(path, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
}
const write = (cookie: string | null, productId: number, body: unknown = good) => send(cookie, "POST", `/api/products/${productId}/reviews`, body);
const listOf = async (productId: number, query = "") =>
  (await (await send(null, "GET", `/api/products/${productId}/reviews${query}`)).json()) as {
    average: number;
    count: number;
    distribution: number[];
    reviews: PublicReview[];
    page: number;
    pageCount: number;
  };
const approve = (id: number) => t.db.update(reviews).set({ isApproved: true }).where(eq(reviews.id, id)).run();
const digest = () => JSON.stringify([t.db.select().from(reviews).all(), t.db.select().from(reviewVotes).all()]);

describe("writing a review", () => {
  test("201 waiting for approval, not a verified purchase without a delivered order; invisible to everyone until approved", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const id = productIdOf(t.db, camera);
    const res = await write(ann.cookie, id, { ...good, title: "  Clear footage at night  " });
    expect(res.status).toBe(201);
    const review = (await res.json()) as OwnReview;
    expect(review).toMatchObject({ productId: id, rating: 4, title: "Clear footage at night", isApproved: false, isVerifiedPurchase: false, state: "pending" });
    expect(await listOf(id)).toMatchObject({ average: 0, count: 0, distribution: [0, 0, 0, 0, 0], reviews: [] });
    approve(review.id);
    const list = await listOf(id);
    expect(list).toMatchObject({ average: 4, count: 1, distribution: [0, 0, 0, 1, 0] });
    expect(list.reviews[0]).toMatchObject({ id: review.id, title: "Clear footage at night", author: "A.", isVerifiedPurchase: false, helpfulVotes: 0 });
    expect(JSON.stringify(list)).not.toContain("ann@example.com");
  });

  test("a delivered order of the product makes it a verified purchase, recorded with that order; an undelivered one does not", async () => {
    const dana = deliveredOrderOf(t.db, "dana@example.com", camera);
    const res = await write(dana.cookie, dana.productId);
    expect(res.status).toBe(201);
    expect(((await res.json()) as OwnReview).isVerifiedPurchase).toBe(true);
    expect(t.db.select({ orderId: reviews.orderId }).from(reviews).where(eq(reviews.userId, dana.userId)).get()?.orderId).toBe(dana.orderId);

    // Pat's order is only placed, not delivered.
    const [pending] = placedOrders(t.db, "pat@example.com", { slug: camera });
    const patCookie = `pi_session=${createSession(t.db, pending!.userId).token}`;
    const unverified = (await (await write(patCookie, pending!.productId)).json()) as OwnReview;
    expect(unverified.isVerifiedPurchase).toBe(false);
  });

  test("a second review of the same product is 409 and changes nothing", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const id = productIdOf(t.db, camera);
    expect((await write(ann.cookie, id)).status).toBe(201);
    const before = digest();
    const again = await write(ann.cookie, id, { ...good, rating: 1 });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.code).toBe("already_reviewed");
    expect(digest()).toBe(before);
  });

  test("signed out 401, unconfirmed e-mail 403, unknown or withdrawn product 404: nothing stored", async () => {
    const id = productIdOf(t.db, camera);
    const unverified = customerWithSession(t.db, "new@example.com", { verified: false });
    const ann = customerWithSession(t.db, "ann@example.com");
    const signedOut = await write(null, id);
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as ErrorBody).error.code).toBe("unauthorized");
    const notConfirmed = await write(unverified.cookie, id);
    expect(notConfirmed.status).toBe(403);
    expect(((await notConfirmed.json()) as ErrorBody).error.code).toBe("email_unverified");
    expect((await write(ann.cookie, 999_999)).status).toBe(404);
    expect((await write(ann.cookie, Number.NaN)).status).toBe(404);
    t.db.update(products).set({ isActive: false }).where(eq(products.id, id)).run();
    expect((await write(ann.cookie, id)).status).toBe(404);
    expect(countRows(t, "reviews")).toBe(0);
  });

  test("bad input is 400 with the field named, and the database is unchanged", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const id = productIdOf(t.db, camera);
    const cases: [unknown, string][] = [
      [{ ...good, rating: 0 }, "rating"],
      [{ ...good, rating: 6 }, "rating"],
      [{ ...good, rating: 4.5 }, "rating"],
      [{ ...good, rating: "five" }, "rating"],
      [{ ...good, rating: undefined }, "rating"],
      [{ ...good, title: "   " }, "title"],
      [{ ...good, title: "x".repeat(101) }, "title"],
      [{ ...good, comment: "" }, "comment"],
      [{ ...good, comment: "x".repeat(2001) }, "comment"],
      [{ ...good, comment: 42 }, "comment"],
    ];
    for (const [body, field] of cases) {
      const res = await write(ann.cookie, id, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.[field]).toBeString();
    }
    expect((await write(ann.cookie, id, '{"rating": 4,')).status).toBe(400);
    expect(countRows(t, "reviews")).toBe(0);
    // The limits are exactly inclusive.
    expect((await write(ann.cookie, id, { rating: 5, title: "x".repeat(100), comment: "y".repeat(2000) })).status).toBe(201);
  });

  test("markup is kept as text: stored as typed, and the product page shows it escaped", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const id = productIdOf(t.db, camera);
    const res = await write(ann.cookie, id, { rating: 5, title: "<b>bold</b>", comment: '<script>alert("x")</script><img src=x onerror=alert(1)>' });
    approve(((await res.json()) as OwnReview).id);
    const html = await (await t.request(`/shop/product/${camera}`)).text();
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(html).toContain("&lt;script&gt;alert(");
    expect(html).not.toContain('<script>alert("x")');
    expect(html).not.toContain("<img src=x");
  });

  test("more than 10 review writes in an hour by one customer: 429, nothing stored", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const id = productIdOf(t.db, camera);
    const created = (await (await write(ann.cookie, id)).json()) as OwnReview;
    for (let i = 0; i < 9; i++) expect((await send(ann.cookie, "PUT", `/api/reviews/${created.id}`, { ...good, rating: 1 + (i % 5) })).status).toBe(200);
    const before = digest();
    const limited = await send(ann.cookie, "PUT", `/api/reviews/${created.id}`, { ...good, rating: 2 });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await limited.json()) as ErrorBody).error.code).toBe("rate_limited");
    expect(digest()).toBe(before);
    // Another customer is not affected.
    const bob = customerWithSession(t.db, "bob@example.com");
    expect((await write(bob.cookie, id)).status).toBe(201);
  });
});

describe("editing and deleting one's own review", () => {
  test("an edit sends an approved or rejected review back to waiting; anyone else's review is 404", async () => {
    const ann = customerWithSession(t.db, "ann@example.com");
    const bob = customerWithSession(t.db, "bob@example.com");
    const id = productIdOf(t.db, camera);
    const review = (await (await write(ann.cookie, id)).json()) as OwnReview;
    t.db.update(reviews).set({ rejectedAt: new Date(), rejectionReason: "Names a person" }).where(eq(reviews.id, review.id)).run();
    const edited = await send(ann.cookie, "PUT", `/api/reviews/${review.id}`, { ...good, rating: 5, title: "Better" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ rating: 5, title: "Better", state: "pending", isApproved: false, rejectionReason: null });
    approve(review.id);
    expect((await listOf(id)).count).toBe(1);
    await send(ann.cookie, "PUT", `/api/reviews/${review.id}`, { ...good, rating: 3 });
    expect((await listOf(id)).count).toBe(0);

    const before = digest();
    expect((await send(bob.cookie, "PUT", `/api/reviews/${review.id}`, good)).status).toBe(404);
    expect((await send(bob.cookie, "DELETE", `/api/reviews/${review.id}`)).status).toBe(404);
    expect((await send(null, "DELETE", `/api/reviews/${review.id}`)).status).toBe(401);
    expect((await send(ann.cookie, "PUT", "/api/reviews/abc", good)).status).toBe(404);
    expect(digest()).toBe(before);

    expect((await send(ann.cookie, "DELETE", `/api/reviews/${review.id}`)).status).toBe(204);
    expect(countRows(t, "reviews")).toBe(0);
    expect((await send(ann.cookie, "DELETE", `/api/reviews/${review.id}`)).status).toBe(404);
  });
});

describe("the list of approved reviews", () => {
  test("summary to one decimal with the distribution; newest first or most helpful first; 10 a page", async () => {
    const id = productIdOf(t.db, camera);
    const ids = approvedReviews(t.db, camera, 12);
    // One waiting and one rejected review are never listed or counted.
    const waiting = customerWithSession(t.db, "wait@example.com");
    await write(waiting.cookie, id, { ...good, rating: 1 });
    const rejected = customerWithSession(t.db, "rej@example.com");
    const r = (await (await write(rejected.cookie, id, { ...good, rating: 1 })).json()) as OwnReview;
    t.db.update(reviews).set({ isApproved: true, rejectedAt: new Date() }).where(eq(reviews.id, r.id)).run();

    const first = await listOf(id);
    // Ratings 5,4,5,3,4,5,2,5,5,4,5,3 = 50 / 12 = 4.17
    expect(first).toMatchObject({ average: 4.2, count: 12, distribution: [0, 1, 2, 3, 6], page: 1, pageCount: 2 });
    expect(first.reviews.map((x) => x.id)).toEqual(ids.slice(2).reverse());
    const second = await listOf(id, "?page=2");
    expect(second.reviews.map((x) => x.id)).toEqual([ids[1]!, ids[0]!]);

    const voters = [customerWithSession(t.db, "v1@example.com"), customerWithSession(t.db, "v2@example.com")];
    for (const v of voters) expect((await send(v.cookie, "POST", `/api/reviews/${ids[0]}/helpful`)).status).toBe(200);
    expect((await send(voters[0]!.cookie, "POST", `/api/reviews/${ids[3]}/helpful`)).status).toBe(200);
    const helpful = await listOf(id, "?sort=helpful");
    expect(helpful.reviews.slice(0, 3).map((x) => [x.id, x.helpfulVotes])).toEqual([
      [ids[0]!, 2],
      [ids[3]!, 1],
      [ids[11]!, 0],
    ]);

    expect((await send(null, "GET", `/api/products/${id}/reviews?sort=best`)).status).toBe(400);
    expect((await send(null, "GET", `/api/products/${id}/reviews?page=0`)).status).toBe(400);
    expect((await send(null, "GET", "/api/products/999999/reviews")).status).toBe(404);
    t.db.update(products).set({ isActive: false }).where(eq(products.id, id)).run();
    const withdrawn = await send(null, "GET", `/api/products/${id}/reviews`);
    expect(withdrawn.status).toBe(404);
    expect(((await withdrawn.json()) as ErrorBody).error.code).toBe("not_found");
  });
});

describe("was this helpful?", () => {
  test("counted once per customer; never on one's own review; only on published reviews; 429 past the hourly limit", async () => {
    const id = productIdOf(t.db, camera);
    const [reviewId] = approvedReviews(t.db, camera, 1);
    const author = t.db.select({ userId: reviews.userId }).from(reviews).where(eq(reviews.id, reviewId!)).get()!;
    const ann = customerWithSession(t.db, "ann@example.com");
    const vote = (cookie: string | null, rid = reviewId!) => send(cookie, "POST", `/api/reviews/${rid}/helpful`);

    expect(await (await vote(ann.cookie)).json()).toEqual({ helpfulVotes: 1, counted: true });
    expect(await (await vote(ann.cookie)).json()).toEqual({ helpfulVotes: 1, counted: false });
    expect(countRows(t, "review_votes")).toBe(1);

    const own = await vote(`pi_session=${createSession(t.db, author.userId).token}`);
    expect(own.status).toBe(409);
    expect(((await own.json()) as ErrorBody).error.code).toBe("own_review");
    expect((await vote(null)).status).toBe(401);
    expect((await vote(customerWithSession(t.db, "new@example.com", { verified: false }).cookie)).status).toBe(403);

    const pending = (await (await write(ann.cookie, id)).json()) as OwnReview;
    const bob = customerWithSession(t.db, "bob@example.com");
    expect((await vote(bob.cookie, pending.id)).status).toBe(404);
    expect((await vote(bob.cookie, 999_999)).status).toBe(404);
    expect(countRows(t, "review_votes")).toBe(1);

    // 30 votes an hour per customer: the 31st is refused and writes nothing.
    for (let i = 0; i < 28; i++) expect((await vote(bob.cookie, 999_999)).status).toBe(404);
    const limited = await vote(bob.cookie);
    expect(limited.status).toBe(429);
    expect(countRows(t, "review_votes")).toBe(1);
  });

  test("a deleted account takes its reviews and its votes (and their count) with it", async () => {
    const [reviewId] = approvedReviews(t.db, camera, 1);
    const ann = customerWithSession(t.db, "ann@example.com");
    await write(ann.cookie, productIdOf(t.db, camera));
    await send(ann.cookie, "POST", `/api/reviews/${reviewId}/helpful`);
    expect(t.db.select({ n: reviews.helpfulVotes }).from(reviews).where(eq(reviews.id, reviewId!)).get()?.n).toBe(1);
    t.db.delete(users).where(eq(users.id, ann.userId)).run();
    expect(countRows(t, "reviews")).toBe(1);
    expect(countRows(t, "review_votes")).toBe(0);
    expect(t.db.select({ n: reviews.helpfulVotes }).from(reviews).where(eq(reviews.id, reviewId!)).get()?.n).toBe(0);
  });
});
