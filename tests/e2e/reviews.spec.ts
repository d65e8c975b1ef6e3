/**
 * Product reviews at 360 px against the binary: a customer with a delivered order writes a review
 * (with JavaScript and without), nobody else sees it until it is approved; approved, it shows with
 * the verified-purchase badge and the name its author chose, and counts in the product's JSON-LD;
 * "Was this helpful?" counts once.
 */
import type { Page } from "@playwright/test";
import { expect, seed, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 800 } });

const productJsonLd = async (page: Page) => {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>).find((ld) => ld["@type"] === "Product")!;
};

async function writeReview(page: Page, review: { stars: number; title: string; comment: string; name?: string }) {
  const form = page.getByRole("region", { name: "Write a review" });
  await form.getByRole("radio", { name: `${review.stars} stars` }).check();
  if (review.name) await form.getByRole("radio", { name: review.name }).check();
  await form.getByLabel("Title").fill(review.title);
  await form.getByLabel("Your review").fill(review.comment);
  await form.getByRole("button", { name: "Submit review" }).click();
}

test("a review from a delivered order waits for approval, then shows with its badge, counts in the JSON-LD and takes one helpful vote each", async ({
  page,
  context,
  site,
  browser,
}) => {
  // A journey of several pages and browsers: more than the default 30 s on a busy machine.
  test.slow();
  const slug = "long-range-zoom-camcorder";
  const path = `/shop/product/${slug}`;
  const email = `reviewer-${Date.now()}@example.com`;
  const dana = seed(site, "deliveredOrderOf", email, slug);
  await context.addCookies([{ name: "pi_session", value: dana.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);

  await page.goto(path);
  await expect(page.getByTestId("no-reviews")).toBeVisible();
  // The form says exactly how the name will show (decision 069); initials unless another is chosen.
  const names = page.getByRole("group", { name: "How your name shows" });
  await expect(names.getByRole("radio", { name: "Your initials: D. R." })).toBeChecked();
  await expect(names.getByRole("radio", { name: "No name: Verified customer" })).toBeVisible();
  await names.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/shots/reviews/name-choice-360.png" });
  await writeReview(page, {
    stars: 5,
    title: "Sharp at 300 metres",
    comment: "Plates readable across the car park.\n<b>Steady</b> on the tripod.",
    name: "Your first name: Dana",
  });
  await expect(page).toHaveURL(`${path}?review=sent#reviews`);
  await expect(page.getByRole("status").filter({ hasText: "Your review was sent" })).toBeVisible();
  await expect(page.getByTestId("own-review-state")).toHaveText("Waiting for approval");
  // Markup typed into a review stays text.
  await expect(page.getByRole("paragraph").filter({ hasText: "<b>Steady</b> on the tripod." })).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/reviews/after-own-review-360.png", fullPage: true });

  // Another customer, and an anonymous visitor, see no trace of it yet.
  const other = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const otherCustomer = seed(site, "customerWithSession", `other-${Date.now()}@example.com`);
  await other.addCookies([{ name: "pi_session", value: otherCustomer.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
  const otherPage = await other.newPage();
  await otherPage.goto(path);
  await expect(otherPage.getByText("Sharp at 300 metres")).toHaveCount(0);
  await expect(otherPage.getByTestId("no-reviews")).toBeVisible();
  expect(await productJsonLd(otherPage)).not.toHaveProperty("aggregateRating");
  const api = await (await page.request.get(`${site.url}/api/products/${dana.productId}/reviews`)).json();
  expect(api).toMatchObject({ count: 0, reviews: [] });

  // Approved (as the back office does), it shows with the badge and counts in the JSON-LD.
  seed(site, "approveReviewOf", email, slug);
  await otherPage.goto(path);
  const review = otherPage.getByRole("article", { name: "Sharp at 300 metres" });
  await expect(review).toBeVisible();
  await expect(review.getByText("Verified purchase")).toBeVisible();
  await expect(review.getByText("Dana", { exact: true })).toBeVisible();
  await expect(otherPage.getByTestId("rating-summary")).toContainText("Rated 5.0 out of 5 from 1 review");
  expect(await productJsonLd(otherPage)).toMatchObject({
    aggregateRating: { ratingValue: 5, reviewCount: 1 },
    review: [{ name: "Sharp at 300 metres", reviewRating: { ratingValue: 5 }, author: { name: "Dana" } }],
  });

  // Helpful: counted once, and the button makes way for a thank-you.
  await review.getByRole("button", { name: /Yes/ }).click();
  await expect(otherPage.getByText("Thank you for your feedback.")).toBeVisible();
  const voted = otherPage.getByRole("article", { name: "Sharp at 300 metres" });
  await expect(voted.getByText("You found this helpful.")).toBeVisible();
  await expect(voted.getByText("1 person found this helpful")).toBeVisible();
  await expect(voted.getByRole("button", { name: /Yes/ })).toHaveCount(0);
  const list = (await (await otherPage.request.get(`${site.url}/api/products/${dana.productId}/reviews`)).json()) as { reviews: { id: number }[] };
  const vote = await otherPage.request.post(`${site.url}/api/reviews/${list.reviews[0]!.id}/helpful`, { headers: { Origin: site.url } });
  expect(await vote.json()).toEqual({ helpfulVotes: 1, counted: false });
  // The author sees it published, and cannot vote on it.
  await page.goto(path);
  await expect(page.getByTestId("own-review-state")).toHaveText("Published");
  await expect(page.getByRole("article", { name: "Sharp at 300 metres" }).getByRole("button", { name: /Yes/ })).toHaveCount(0);
  await otherPage.screenshot({ path: "/tmp/shots/reviews/after-approved-360.png", fullPage: true });
  await other.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the review form shows messages under its fields, keeps the values, and sends the review", async ({ page, context, site }) => {
    const slug = "interview-recording-kit";
    const path = `/shop/product/${slug}`;
    const email = `nojs-${Date.now()}@example.com`;
    const customer = seed(site, "deliveredOrderOf", email, slug);
    await context.addCookies([{ name: "pi_session", value: customer.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
    await page.goto(path);
    const form = page.getByRole("region", { name: "Write a review" });
    await form.getByLabel("Your review").fill("Clear audio in small rooms.");
    await form.getByRole("button", { name: "Submit review" }).click();
    await expect(page.getByText("Choose a rating from 1 to 5 stars")).toBeVisible();
    await expect(page.getByText("Give your review a title")).toBeVisible();
    await expect(page.getByLabel("Your review")).toHaveValue("Clear audio in small rooms.");
    await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await page.screenshot({ path: "/tmp/shots/reviews/form-errors-360.png", fullPage: true });

    await writeReview(page, { stars: 4, title: "Good kit", comment: "Clear audio in small rooms." });
    await expect(page).toHaveURL(`${path}?review=sent#reviews`);
    await expect(page.getByTestId("own-review-state")).toHaveText("Waiting for approval");
    await expect(page.getByText("Verified purchase")).toBeVisible();
  });

  test("signed out, the page asks to sign in to write a review and comes back to the product", async ({ page }) => {
    await page.goto("/shop/product/interview-recording-kit");
    await page.getByRole("link", { name: "Sign in to write a review" }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fshop%2Fproduct%2Finterview-recording-kit%23write-review$/);
  });
});
