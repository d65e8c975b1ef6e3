import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminWithToken, approvedReviews, approveReviewOf, customerWithSession, deliveredOrderOf } from "../../tests/factories";
import { adminRead } from "../../tests/helpers/admins";
import { browser, testOrigin } from "../../tests/helpers/browser";
import { countRows } from "../../tests/helpers/test-app";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { productIdOf } from "../../tests/helpers/shop";
import { reviews, reviewVotes } from "../db/schema";
import { deleteAccount } from "../db/users.server";

const t = testAppPerTest();

const slug = "covert-dash-cam-4k";
const path = `/shop/product/${slug}`;
const html = async (p: string, b?: ReturnType<typeof browser>) => (b ? await b.get(p) : await t.request(p)).text();
const jsonLd = (page: string) => [...page.matchAll(/<script type="application\/ld\+json">(.+?)<\/script>/g)].map((m) => JSON.parse(m[1]!))[0];
const signedIn = (email: string, opts: Parameters<ReturnType<typeof browser>["signInAs"]>[1] = {}) => {
  const b = browser(t);
  b.signInAs(email, opts);
  return b;
};
const digest = () => JSON.stringify([t.db.select().from(reviews).all(), t.db.select().from(reviewVotes).all()]);

describe("the product page without reviews", () => {
  test("says so, shows no stars and no rating in the JSON-LD; signed out, it asks to sign in and come back", async () => {
    const page = await html(path);
    expect(page).toContain("No reviews yet");
    expect(page).not.toContain("Rated ");
    expect(jsonLd(page)).not.toHaveProperty("aggregateRating");
    expect(jsonLd(page)).not.toHaveProperty("review");
    expect(page).toContain(`href="/api/login?returnTo=${encodeURIComponent(`${path}#write-review`)}"`);
    expect(page).toContain("Sign in to write a review");
  });
});

describe("the product page with approved reviews", () => {
  test("summary, distribution, 10 reviews a page in the URL, newest or most helpful first, badge, reply and JSON-LD", async () => {
    const ids = approvedReviews(t.db, slug, 12);
    const dana = deliveredOrderOf(t.db, "dana@example.com", slug);
    const b = browser(t);
    b.jar.set("pi_session", dana.token);
    expect((await b.post(`${path}/review`, { rating: "1", title: "Stopped after a week", comment: "The mount broke." })).status).toBe(303);
    const { reviewId } = approveReviewOf(t.db, "dana@example.com", slug);
    t.db.update(reviews).set({ reply: "Sorry to hear it: we sent a new mount.", repliedAt: new Date() }).where(eq(reviews.id, reviewId)).run();

    const page = await html(path);
    // 5,4,5,3,4,5,2,5,5,4,5,3 and 1 = 51 / 13 = 3.9
    expect(page).toContain("Rated 3.9 out of 5 from 13 reviews");
    expect(page).toMatch(/<progress[^>]*value="6"[^>]*aria-label="5 stars"|<progress[^>]*aria-label="5 stars"[^>]*value="6"/);
    expect(page).toContain("Verified purchase");
    expect(page).toContain("Sorry to hear it: we sent a new mount.");
    // Sent without a choice (as an older page would), the name shows as initials.
    expect(page).toContain("D. R.");
    const shown = (p: string) => [...p.matchAll(/<article id="review-(\d+)"/g)].map((m) => Number(m[1]));
    expect(shown(page)).toEqual([reviewId, ...ids.slice(3).reverse()]);
    expect(page).toContain('href="/shop/product/covert-dash-cam-4k?reviews=2#reviews"');
    expect(shown(await html(`${path}?reviews=2`))).toEqual([ids[2]!, ids[1]!, ids[0]!]);
    expect(shown(await html(`${path}?reviews=99`))).toEqual([ids[2]!, ids[1]!, ids[0]!]);

    const ld = jsonLd(page);
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 3.9, reviewCount: 13, bestRating: 5, worstRating: 1 });
    expect(ld.review).toHaveLength(10);
    expect(ld.review[0]).toMatchObject({ "@type": "Review", name: "Stopped after a week", reviewRating: { ratingValue: 1 }, author: { name: "D. R." } });

    // Most helpful: a vote through the plain form moves a review to the top.
    const voter = signedIn("voter@example.com");
    const voted = await voter.post(`${path}/reviews/${ids[0]}/helpful`, { page: "2", sort: "newest" });
    expect(voted.status).toBe(303);
    expect(voted.headers.get("location")).toBe(`${path}?reviews=2&review=voted#review-${ids[0]}`);
    expect(shown(await html(`${path}?sort=helpful`))[0]).toBe(ids[0]);
    expect(await html(`${path}?reviews=2&review=voted`, voter)).toContain("You found this helpful.");

    // The shop's card shows the rating, and Highest Rated puts rated products first.
    const shop = await html("/shop?sort=rating");
    expect(shop).toContain("Rated 3.9 out of 5 from 13 reviews");
    const first = shop.match(/<h3 id="product-\d+-name"[^>]*>([^<]+)<\/h3>/)?.[1];
    expect(first).toBe("4K Covert Dual Dash Cam");
  });

  test("a helpful vote counts once, clears the cached page, and is refused on one's own review", async () => {
    const [id] = approvedReviews(t.db, slug, 1);
    expect(await html(path)).not.toContain("found this helpful");
    const ann = signedIn("ann@example.com");
    await ann.post(`${path}/reviews/${id}/helpful`, {});
    const again = await ann.post(`${path}/reviews/${id}/helpful`, {});
    expect(again.headers.get("location")).toBe(`${path}?review=already-voted#review-${id}`);
    expect(countRows(t, "review_votes")).toBe(1);
    // The anonymous page was cached before the vote; the vote cleared it.
    expect(await html(path)).toContain("1 person found this helpful");
    const author = browser(t);
    const { createSession } = await import("../server/auth/sessions.server");
    const authorId = t.db.select({ userId: reviews.userId }).from(reviews).where(eq(reviews.id, id!)).get()!.userId;
    author.jar.set("pi_session", createSession(t.db, authorId).token);
    expect((await author.post(`${path}/reviews/${id}/helpful`, {})).headers.get("location")).toBe(`${path}?review=own-review#review-${id}`);
    expect(countRows(t, "review_votes")).toBe(1);
  });
});

describe("deleting an account", () => {
  test("takes its published review and its votes off the (cached) product page", async () => {
    const [other] = approvedReviews(t.db, slug, 1, "other");
    const ann = signedIn("ann@example.com");
    await ann.post(`${path}/review`, { rating: "2", title: "Gone soon", comment: "c" });
    approveReviewOf(t.db, "ann@example.com", slug);
    await ann.post(`${path}/reviews/${other}/helpful`, {});
    const cached = await html(path);
    expect(cached).toContain("Gone soon");
    expect(cached).toContain("1 person found this helpful");
    const annId = t.db.$client.query("SELECT id FROM users WHERE email = 'ann@example.com'").get() as { id: string };
    deleteAccount(t.db, annId.id);
    const after = await html(path);
    expect(after).not.toContain("Gone soon");
    expect(after).not.toContain("found this helpful");
    expect(after).toContain("Rated 5.0 out of 5 from 1 review");
  });
});

describe("the review form without JavaScript", () => {
  test("refused fields are shown under the fields with the values kept, and nothing is stored", async () => {
    const ann = signedIn("ann@example.com");
    const res = await ann.post(`${path}/review`, { rating: "4.5", title: "", comment: "x".repeat(2001) });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('id="review-rating-error"');
    expect(page).toContain("Choose a whole number of stars");
    expect(page).toContain('id="review-title-error"');
    expect(page).toContain("Give your review a title");
    expect(page).toContain("Keep the review to 2000 characters");
    expect(page).toContain('aria-invalid="true"');
    expect(countRows(t, "reviews")).toBe(0);
  });

  test("a review is sent, waits for approval seen only by its author, can be edited (back to waiting) and deleted", async () => {
    const ann = signedIn("ann@example.com");
    const sent = await ann.post(`${path}/review`, { rating: "5", title: "Works well", comment: "Good <em>night</em> vision." });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`${path}?review=sent#reviews`);
    const own = await html(`${path}?review=sent`, ann);
    expect(own).toContain("Your review was sent");
    expect(own).toContain("Waiting for approval");
    expect(own).toContain("Good &lt;em&gt;night&lt;/em&gt; vision.");
    expect(own).not.toContain("Write a review");

    const bob = signedIn("bob@example.com");
    expect(await html(path, bob)).not.toContain("Works well");
    expect(await html(path)).not.toContain("Works well");

    t.db.update(reviews).set({ rejectedAt: new Date(), rejectionReason: "It names a person." }).run();
    expect(await html(path, ann)).toContain("We did not publish it: It names a person.");

    approveReviewOf(t.db, "ann@example.com", slug);
    expect(await html(path, bob)).toContain("Works well");
    expect(await html(path, ann)).toContain("Published");
    const edited = await ann.post(`${path}/review`, { rating: "3", title: "Works, mostly", comment: "Night vision is fine." });
    expect(edited.headers.get("location")).toBe(`${path}?review=updated#reviews`);
    expect(countRows(t, "reviews")).toBe(1);
    expect(await html(path, bob)).not.toContain("Works, mostly");
    expect(await html(path, ann)).toContain("Waiting for approval");

    const deleted = await ann.post(`${path}/review/delete`, {});
    expect(deleted.headers.get("location")).toBe(`${path}?review=deleted#reviews`);
    expect(countRows(t, "reviews")).toBe(0);
  });

  test("signed out, the forms lead to sign-in and back; an unconfirmed e-mail is asked to confirm first; nothing stored", async () => {
    const anon = browser(t);
    const res = await anon.post(`${path}/review`, { rating: "5", title: "x", comment: "y" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/api/login?returnTo=${encodeURIComponent(`${path}#reviews`)}`);
    const unconfirmed = signedIn("new@example.com", { verified: false });
    expect(await html(path, unconfirmed)).toContain("Please confirm your e-mail address to write a review");
    const before = digest();
    const refused = await unconfirmed.post(`${path}/review`, { rating: "5", title: "x", comment: "y" });
    expect(await refused.text()).toContain("Please confirm your e-mail address to write a review");
    expect(digest()).toBe(before);
    expect((await signedIn("ann@example.com").post("/shop/product/no-such-thing/review", { rating: "5", title: "x", comment: "y" })).status).toBe(404);
    expect(countRows(t, "reviews")).toBe(0);
  });

  test("more than 10 review writes in an hour: the form says so and stores nothing", async () => {
    const ann = signedIn("ann@example.com");
    customerWithSession(t.db, "other@example.com");
    for (let i = 0; i < 10; i++) expect((await ann.post(`${path}/review`, { rating: String(1 + (i % 5)), title: `T${i}`, comment: "c" })).status).toBe(303);
    const before = digest();
    const page = await (await ann.post(`${path}/review`, { rating: "5", title: "Eleventh", comment: "c" })).text();
    expect(page).toContain("You have written or changed many reviews in the last hour");
    expect(digest()).toBe(before);
    expect(productIdOf(t.db, slug)).toBeGreaterThan(0);
  });
});

describe("how the reviewer's name shows (decision 069)", () => {
  const article = (page: string, id: number) => page.slice(page.indexOf(`<article id="review-${id}"`)).split("</article>")[0] ?? "";

  test("the form says exactly how the name will show; the chosen name shows on the page and in the JSON-LD, the owner sees who wrote it", async () => {
    const jo = signedIn("jo@example.com", { firstName: "Jo" });
    t.db.$client.query("UPDATE users SET last_name = 'Smith' WHERE email = 'jo@example.com'").run();
    const form = await html(path, jo);
    expect(form).toContain("How your name shows");
    expect(form).toContain("Your e-mail address and full name are never shown.");
    expect(form).toContain('data-testid="review-name-first_name">Jo</strong>');
    expect(form).toContain('data-testid="review-name-initials">J. S.</strong>');
    expect(form).toContain('data-testid="review-name-verified_customer">Verified customer</strong>');
    // Initials unless the customer chooses otherwise.
    expect(form).toContain('<input type="radio" class="radio radio-sm" name="nameShown" checked="" value="initials"/>');

    // A choice the form does not offer is refused under the field, nothing stored.
    const refused = await jo.post(`${path}/review`, { rating: "5", title: "Clear", comment: "Clear video.", nameShown: "full_name" });
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain('id="review-name-error"');
    expect(countRows(t, "reviews")).toBe(0);

    expect((await jo.post(`${path}/review`, { rating: "5", title: "Clear", comment: "Clear video.", nameShown: "first_name" })).status).toBe(303);
    expect(await html(path, jo)).toContain("It will show with your name as: Jo");
    const { reviewId } = approveReviewOf(t.db, "jo@example.com", slug);
    let page = await html(path);
    expect(article(page, reviewId)).toContain("<span>Jo</span>");
    expect(jsonLd(page).review[0]).toMatchObject({ author: { "@type": "Person", name: "Jo" } });

    // Changed to no name: once approved again, neither the page nor search engines see "Jo".
    expect((await jo.post(`${path}/review`, { rating: "5", title: "Clear", comment: "Clear video.", nameShown: "verified_customer" })).status).toBe(303);
    approveReviewOf(t.db, "jo@example.com", slug);
    page = await html(path);
    expect(article(page, reviewId)).toContain("<span>Verified customer</span>");
    expect(article(page, reviewId)).not.toContain("Jo");
    expect(JSON.stringify(jsonLd(page).review)).not.toContain("Jo");
    expect(jsonLd(page).review[0].author.name).toBe("Verified customer");

    // Initials; the owner's back office still names the customer.
    expect((await jo.post(`${path}/review`, { rating: "5", title: "Clear", comment: "Clear video.", nameShown: "initials" })).status).toBe(303);
    approveReviewOf(t.db, "jo@example.com", slug);
    expect(article(await html(path), reviewId)).toContain("<span>J. S.</span>");
    const { authorization } = adminWithToken(t.db, "owner");
    const admin = await adminRead<{ customer: { name: string; email: string; shownAs: string } }>(t, `/api/admin/reviews/${reviewId}`, authorization);
    expect(admin.customer).toMatchObject({ name: "Jo Smith", email: "jo@example.com", shownAs: "J. S." });
  });

  test("the JSON route takes the same choice, and an edit without one keeps it", async () => {
    const { cookie } = customerWithSession(t.db, "kim@example.com", { firstName: "Kim" });
    const send = (method: string, url: string, body: unknown) =>
      t.request(url, { method, headers: { Cookie: cookie, Origin: testOrigin, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const productId = productIdOf(t.db, slug);
    const created = await send("POST", `/api/products/${productId}/reviews`, { rating: 4, title: "Good", comment: "Good.", nameShown: "first_name" });
    expect(created.status).toBe(201);
    const own = (await created.json()) as { id: number; nameShown: string };
    expect(own.nameShown).toBe("first_name");
    const edited = await send("PUT", `/api/reviews/${own.id}`, { rating: 3, title: "Fine", comment: "Fine." });
    expect(((await edited.json()) as { nameShown: string }).nameShown).toBe("first_name");
    const bad = await send("PUT", `/api/reviews/${own.id}`, { rating: 3, title: "Fine", comment: "Fine.", nameShown: "email" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.nameShown).toBe("Choose how your name shows with your review");
  });
});

describe("the plain forms and the JSON routes", () => {
  test("spend one budget: review writes (10 an hour) and helpful votes (30 an hour), whichever way they come", async () => {
    const ann = signedIn("ann@example.com");
    const productId = productIdOf(t.db, slug);
    for (let i = 0; i < 5; i++) expect((await ann.post(`${path}/review`, { rating: "4", title: `Form ${i}`, comment: "c" })).status).toBe(303);
    const own = t.db.select({ id: reviews.id }).from(reviews).get()!.id;
    for (let i = 0; i < 5; i++) expect((await ann.send("PUT", `/api/reviews/${own}`, { rating: 3, title: `Api ${i}`, comment: "c" })).status).toBe(200);
    const refused = await ann.send("PUT", `/api/reviews/${own}`, { rating: 5, title: "Eleventh", comment: "c" });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect(await (await ann.post(`${path}/review`, { rating: "5", title: "Twelfth", comment: "c" })).text()).toContain(
      "You have written or changed many reviews in the last hour",
    );
    expect((await ann.send("DELETE", `/api/reviews/${own}`)).status).toBe(429);
    expect(t.db.select({ title: reviews.title }).from(reviews).where(eq(reviews.productId, productId)).get()?.title).toBe("Api 4");

    const ids = approvedReviews(t.db, slug, 30, "voted");
    for (const id of ids.slice(0, 15)) expect((await ann.post(`${path}/reviews/${id}/helpful`, {})).status).toBe(303);
    for (const id of ids.slice(15)) expect((await ann.postJson(`/api/reviews/${id}/helpful`, {})).status).toBe(200);
    const extra = approvedReviews(t.db, slug, 1, "extra")[0]!;
    expect((await ann.postJson(`/api/reviews/${extra}/helpful`, {})).status).toBe(429);
    expect((await ann.post(`${path}/reviews/${extra}/helpful`, {})).headers.get("location")).toBe(`${path}?review=vote-limit#review-${extra}`);
    expect(countRows(t, "review_votes")).toBe(30);
  });
});
