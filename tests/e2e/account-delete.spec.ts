/**
 * Deleting an account on a 360 px phone (decision 066): the page lists what happens to each booking
 * and order before the customer confirms; a confirmed booking stops the deletion until it is
 * settled; a refused attempt comes back at the form with the error in view and its field focused,
 * with JavaScript and without; "Delete" as a phone capitalises it is accepted; a confirmation page
 * follows. axe finds nothing on any of them.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, seed, type SiteServer, test } from "./fixtures";
import { axeViolations } from "./helpers";

// axe goes in as an inline script, which the strict CSP would block. A refused form answers 400.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, bypassCSP: true, allowConsoleErrors: [/status of 400/] });

const shots = "/tmp/h/shots";

async function signInWithToken(context: BrowserContext, site: SiteServer, token: string) {
  await context.addCookies([{ name: "pi_session", value: token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
}

/** The field's top is below the sticky header and its bottom above the fold. */
async function clearOfTheHeader(page: Page, selector: string) {
  const header = await page.locator("header").first().boundingBox();
  const field = await page.locator(selector).boundingBox();
  expect(header && field).toBeTruthy();
  if (!header || !field) return;
  expect(field.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(field.y + field.height).toBeLessThanOrEqual(740);
}

test("a confirmed booking stops the deletion, and the page says which and what to do", async ({ page, context, site }) => {
  const ann = seed(site, "customerWithBooking", `blocked-${Date.now()}@example.com`, { status: "confirmed", time: "free" });
  await signInWithToken(context, site, ann.token);
  await page.goto("/account#delete");
  const card = page.locator("#delete");
  await expect(card.getByText("Your account cannot be deleted yet")).toBeVisible();
  await expect(card.getByText(ann.reference)).toBeVisible();
  await expect(card.getByText("Settle with us first")).toBeVisible();
  await expect(card.getByRole("link", { name: "Contact us" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Delete My Account" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/B-account-delete-blocked.png` });
  expect(await axeViolations(page)).toEqual([]);
});

for (const javaScriptEnabled of [true, false]) {
  test(`a mistake comes back at the field, then "Delete" deletes and a confirmation follows (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    site,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 740 }, hasTouch: true, bypassCSP: true, baseURL: site.url });
    const page = await context.newPage();
    const email = `delete-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}@example.com`;
    const ann = seed(site, "customerWithBooking", email, { time: "free" });
    const { orderNumber } = seed(site, "orderFor", ann.userId, { slug: "transcription-headphones" });
    await signInWithToken(context, site, ann.token);
    await page.goto("/account");
    const card = page.locator("#delete");
    await expect(card.getByText(ann.reference)).toBeVisible();
    await expect(card.getByText(`Order ${orderNumber}`)).toBeVisible();
    await expect(card.getByText("Cancelled and its time freed (it was not yet confirmed or paid).")).toBeVisible();
    await expect(card.getByText("Cancelled (nothing was paid) and its items put back in stock.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (javaScriptEnabled) {
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/B-account-delete-plan.png` });
      expect(await axeViolations(page)).toEqual([]);
    }

    // A typo: the page comes back with the field focused, in view below the header, the word kept.
    await page.getByLabel("Type DELETE to confirm").fill("Delet");
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await expect(page).toHaveURL(/\/account\/delete$/);
    const field = page.locator("#delete-confirm");
    await expect(field).toHaveValue("Delet");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#delete-confirm-error")).toHaveText("Type DELETE to confirm");
    await expect(page.locator("#delete-confirm-error")).toBeInViewport();
    await expect(field).toBeFocused();
    await clearOfTheHeader(page, "#delete-confirm");
    if (javaScriptEnabled) {
      await page.screenshot({ path: `${shots}/B-account-delete-error.png` });
      expect(await axeViolations(page)).toEqual([]);
    }

    // A phone's capital letter is fine.
    await field.fill("Delete");
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();
    if (javaScriptEnabled) {
      await page.screenshot({ path: `${shots}/B-account-deleted.png` });
      expect(await axeViolations(page)).toEqual([]);
    }
    // The home page is as everyone sees it: no notice of someone else's deletion lingers there.
    await page.goto("/");
    await expect(page.getByText("Your account has been deleted")).toHaveCount(0);
    await context.close();
  });
}
