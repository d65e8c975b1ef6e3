/**
 * One review's whole way at 360 px against the binary: a customer whose order was delivered writes
 * it on the product page; nobody else sees it; the owner approves it in /admin/reviews; an
 * anonymous visitor then sees it with its verified-purchase badge, in the rating summary and in the
 * product's JSON-LD (the page cache cleared by the owner's approval, not by the test).
 */
import type { Page } from "@playwright/test";
import { expect, seed, test } from "./fixtures";
import { islandsHydrated } from "./helpers";

test.use({ viewport: { width: 360, height: 800 } });

const productJsonLd = async (page: Page) => {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>).find((ld) => ld["@type"] === "Product");
};

test("a delivered order's review, approved in the back office, is shown with its badge and counted in the JSON-LD", async ({
  page,
  context,
  browser,
  site,
  signInAdmin,
}) => {
  test.setTimeout(90_000);
  const slug = "covert-earpiece-kit";
  const path = `/shop/product/${slug}`;
  const title = `Clear in the dark ${Date.now()}`;
  const customer = seed(site, "deliveredOrderOf", `journey-${Date.now()}@example.com`, slug);
  await context.addCookies([{ name: "pi_session", value: customer.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);

  // The anonymous visitor's first view is cached by the site, with no rating.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${site.url}${path}`);
  await expect(visitorPage.getByTestId("no-reviews")).toBeVisible();

  // The customer writes it.
  await page.goto(path);
  const form = page.getByRole("region", { name: "Write a review" });
  await form.getByRole("radio", { name: "4 stars" }).check();
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Your review").fill("Saw the number plate at 80 metres with no moon.");
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByTestId("own-review-state")).toHaveText("Waiting for approval");

  // Not public yet.
  await visitorPage.reload();
  await expect(visitorPage.getByText(title)).toHaveCount(0);
  expect(await productJsonLd(visitorPage)).not.toHaveProperty("aggregateRating");

  // The owner finds it (waiting) in the back office and approves it.
  await signInAdmin(`journey${Date.now()}`);
  await page.goto(`/admin/reviews?search=${encodeURIComponent(title)}`);
  await islandsHydrated(page);
  const card = page.getByTestId("review-card").filter({ hasText: title });
  await expect(card.getByText("Verified purchase")).toBeVisible();
  await expect(card.getByTestId("review-status")).toHaveText("Waiting");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("toast")).toContainText("Review approved");
  await expect(card.getByTestId("review-status")).toHaveText("Approved");

  // The visitor now sees it, with the badge, in the summary and in the JSON-LD.
  await visitorPage.reload();
  const review = visitorPage.getByRole("article", { name: title });
  await expect(review).toBeVisible();
  await expect(review.getByText("Verified purchase")).toBeVisible();
  await expect(visitorPage.getByTestId("rating-summary")).toContainText("Rated 4.0 out of 5 from 1 review");
  expect(await productJsonLd(visitorPage)).toMatchObject({
    aggregateRating: { ratingValue: 4, reviewCount: 1 },
    review: [{ name: title, reviewRating: { ratingValue: 4 } }],
  });
  const width = await visitorPage.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await visitorPage.screenshot({ path: "/tmp/shots/journey-approved-360.png", fullPage: true });
  await visitor.close();
});
