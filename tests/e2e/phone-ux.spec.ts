/**
 * Where a 360 px phone leaves the customer (issue 40, item 9): a contact form mistake is focused in
 * view below the sticky header; a sent message stays confirmed in the form's place; a shop category
 * keeps the customer at the products (without JavaScript: the page opens at them; with it: the page
 * does not move); the product page's wishlist button comes back to itself and says what changed.
 * Screenshots go to /tmp/h/shots/G-*.png; axe finds nothing on any of them.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations, contactForm, contactIsland, fillContactForm, hydrateContactForm, validEnquiry } from "./helpers";

// axe is added to the page as a script, which the site's CSP would block.
test.use({ viewport: { width: 360, height: 740 }, bypassCSP: true });

const shots = "/tmp/h/shots";

/** Whether the element is wholly on screen and below the sticky header (not hidden under it). */
async function clearOfHeader(page: Page, element: Locator) {
  const header = await page.locator("header.sticky").boundingBox();
  const box = await element.boundingBox();
  if (!header || !box) throw new Error("the header or the element has no box");
  return { belowHeader: box.y >= header.y + header.height - 1, onScreen: box.y + Math.min(box.height, 40) <= 740 };
}

/**
 * axe on `url` as a browser without JavaScript shows it: the site's own scripts are not loaded (axe
 * needs JavaScript itself, so the page runs with it but without the site's scripts).
 */
async function axeWithoutSiteScripts(
  browser: Browser,
  baseURL: string,
  url: string,
  cookies: Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>> = [],
) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, bypassCSP: true, javaScriptEnabled: true, baseURL });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto(url);
  const violations = await axeViolations(page);
  await context.close();
  return violations;
}

test.describe("the contact form", () => {
  test("a mistake is focused in the middle of the screen, not under the sticky header", async ({ page }) => {
    await page.goto("/contact");
    await hydrateContactForm(page);
    await fillContactForm(page, { ...validEnquiry, email: "jane@" });
    // The send button is at the bottom of the form: the e-mail field is above the screen.
    await contactForm(page).getByRole("button", { name: "Send Secure Message" }).scrollIntoViewIfNeeded();
    await contactForm(page).getByRole("button", { name: "Send Secure Message" }).click();
    const email = page.getByLabel("E-mail");
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription("Please enter a valid e-mail address");
    await expect.poll(() => clearOfHeader(page, email)).toEqual({ belowHeader: true, onScreen: true });
    await page.screenshot({ path: `${shots}/G-contact-error-360.png` });
  });

  test("a sent message stays confirmed in the form's place after the toast has gone, saying what happens next", async ({ page }) => {
    await page.clock.install();
    await page.goto("/contact");
    await hydrateContactForm(page);
    await fillContactForm(page, { ...validEnquiry, name: `Phone Sender ${Date.now()}` });
    await contactForm(page).getByRole("button", { name: "Send Secure Message" }).click();
    // A toast under a resting pointer is held open on purpose (so its action can be reached), and
    // at 360 px it can appear where the send button was pressed: lift the pointer, as a finger does.
    await page.mouse.move(0, 0);
    const panel = page.getByTestId("contact-sent");
    await expect(panel).toContainText("Message Sent Successfully");
    await expect(panel.getByRole("heading", { name: "Message Sent Successfully" })).toBeFocused();
    // The toast is gone after its 5 seconds; the panel stays.
    await expect(page.getByTestId("toast")).toContainText("Message Sent Successfully");
    await page.clock.fastForward(6000);
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("What happens next");
    await expect(panel.getByRole("heading", { name: "Message Sent Successfully" })).toBeFocused();
    expect(await clearOfHeader(page, panel)).toEqual({ belowHeader: true, onScreen: true });
    await page.screenshot({ path: `${shots}/G-contact-sent-360.png` });
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole("button", { name: "Send another message" }).click();
    await expect(page.getByLabel("Full name")).toBeFocused();
    await expect(page.getByLabel("Full name")).toHaveValue("");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a sent message lands on the lasting panel, at the form", async ({ page, browser, baseURL }) => {
      await page.goto("/contact");
      await fillContactForm(page, { ...validEnquiry, name: `Plain Sender ${Date.now()}` });
      await page.getByRole("button", { name: "Send Secure Message" }).click();
      await expect(page).toHaveURL(/\/contact\?sent=1#contact-form$/);
      const panel = page.getByTestId("contact-sent");
      await expect(panel).toContainText("What happens next");
      expect(await clearOfHeader(page, panel)).toEqual({ belowHeader: true, onScreen: true });
      await page.screenshot({ path: `${shots}/G-contact-sent-nojs-360.png` });
      expect(await axeWithoutSiteScripts(browser, baseURL ?? "", page.url())).toEqual([]);
      await expect(contactIsland(page).getByRole("link", { name: "Send another message" })).toHaveAttribute("href", "/contact#contact-form");
    });
  });
});

test.describe("the shop's categories", () => {
  test("with JavaScript, a category changes the products in place and the page stays where it was", async ({ page }) => {
    await page.goto("/shop");
    await expect(page.locator('pi-island[data-island="ShopCatalog"]')).toHaveAttribute("data-state", "hydrated");
    const categories = page.getByRole("navigation", { name: "Categories" });
    await categories.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const before = await page.evaluate(() => window.scrollY);
    await categories.getByRole("link", { name: /GPS Tracking/ }).click();
    await expect(page).toHaveURL(/\/shop\?category=gps-tracking$/);
    await expect(page.getByTestId("shop-summary")).toContainText("in GPS Tracking");
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(2);
    await page.screenshot({ path: `${shots}/G-shop-filter-js-360.png` });
    expect(await axeViolations(page)).toEqual([]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a category opens the new page at its products, below the header, not at the top", async ({ page, browser, baseURL }) => {
      await page.goto("/shop");
      await page
        .getByRole("navigation", { name: "Categories" })
        .getByRole("link", { name: /GPS Tracking/ })
        .click();
      await expect(page).toHaveURL(/\/shop\?category=gps-tracking#products$/);
      const summary = page.getByTestId("shop-summary");
      await expect(summary).toContainText("in GPS Tracking");
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      expect(await clearOfHeader(page, summary)).toEqual({ belowHeader: true, onScreen: true });
      await expect(page.getByRole("article").first()).toBeInViewport();
      await page.screenshot({ path: `${shots}/G-shop-filter-nojs-360.png` });
      expect(await axeWithoutSiteScripts(browser, baseURL ?? "", page.url())).toEqual([]);
    });
  });
});

test("the product page's wishlist button comes back to itself and says it was added", async ({ page, signIn }) => {
  await signIn(`wishes-${Date.now()}@example.com`);
  const product = { slug: "faraday-evidence-bag", name: "Faraday Evidence Bag for Phones" };
  await page.goto(`/shop/product/${product.slug}`);
  await page.getByRole("button", { name: `Add ${product.name} to wishlist` }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/product/${product.slug}\\?wishlist=added#wishlist$`));
  const notice = page.getByTestId("wishlist-notice");
  await expect(notice).toContainText("Added to your wishlist.");
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect(await clearOfHeader(page, notice)).toEqual({ belowHeader: true, onScreen: true });
  await expect(page.getByRole("button", { name: `Remove ${product.name} from wishlist` })).toBeInViewport();
  await page.screenshot({ path: `${shots}/G-wishlist-added-360.png` });
  expect(await axeViolations(page)).toEqual([]);
});
