/**
 * The ways to pay on offer, on a site whose owner entered a real bank account and a Bitcoin address
 * (decision 067), at 360 px: the payment dialog's crypto tab (the memo is the reference, never the
 * e-mail address; the address wraps), the checkout (cryptocurrency at its discount, bank transfer),
 * and the order page with the bank details, each without horizontal scroll and with no axe
 * violation. A fresh site's checkout (cash deposit only) is checkout.spec.ts's.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest, seed, signInAs } from "./fixtures";
import { axeViolations, fillShipping, islandsHydrated, islandsScheduled } from "./helpers";

const test = ownSiteTest();
const shots = "/tmp/h/shots";

// axe-core is injected as a script, which the pages' CSP would refuse.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, bypassCSP: true });

// Entered before the site draws its first page, as the owner would in the portal.
test.beforeAll(({ ownSite }) => {
  seed(ownSite, "paymentDetails");
});

const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

test("the payment dialog's crypto tab at 360 px: the address wraps, the memo is the reference, never the e-mail address", async ({ page }) => {
  await page.goto("/services");
  await islandsScheduled(page);
  await page.locator('[data-service-id="partner"]').click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: "Crypto", exact: true }).click();
  const panel = dialog.getByRole("tabpanel");
  await expect(panel).toContainText("in cryptocurrency: 10% off");
  await expect(panel.locator('[data-coin="Bitcoin"] code')).toHaveText("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
  await expect(panel).toContainText("put only that code in it");
  await expect(panel).not.toContainText("Include your e-mail address");
  // Nothing in the dialog is wider than the phone.
  const widest = await dialog.evaluate((d) => Math.max(...[...d.querySelectorAll("*")].map((e) => e.getBoundingClientRect().right)));
  expect(widest).toBeLessThanOrEqual(360);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/C-payment-dialog-360.png` });
  expect(await axeViolations(page)).toEqual([]);
});

test("the checkout offers cryptocurrency at its discount and bank transfer; the order page shows the bank details at 360 px", async ({
  page,
  context,
  ownSite,
}) => {
  await signInAs(context, ownSite, `methods-${Date.now()}@example.com`);
  await page.goto("/shop/product/faraday-evidence-bag");
  await expect(page.locator('pi-island[data-island="AddToCart"]')).toHaveAttribute("data-state", "hydrated");
  await page.getByRole("button", { name: "Add to Cart" }).tap();
  await expect(page.getByTestId("toast")).toContainText("Added to Cart");

  await page.goto("/checkout");
  await islandsHydrated(page);
  await expect(page.getByRole("radio")).toHaveCount(3);
  await page.getByRole("radio", { name: /Cryptocurrency/ }).check();
  await expect(page.getByTestId("checkout-discount")).toBeVisible();
  await page.getByRole("radio", { name: /Bank transfer/ }).check();
  await expect(page.getByTestId("checkout-discount")).toHaveCount(0);
  await fillShipping(page, { name: "Ann Lee", line1: "1 King William St", suburb: "Adelaide", postcode: "5000", phone: "0412 345 678" });
  expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/C-checkout-360.png`, fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Place order" }).tap();
  await expect(page).toHaveURL(/\/orders\/pi-[2-9a-z]{4}-[2-9a-z]{4}\?notice=placed$/);
  const details = page.getByTestId("bank-details");
  await expect(details).toContainText("ADI Pty Ltd");
  await expect(details).toContainText("065-000");
  await expect(details).toContainText("12345678");
  await expect(page.getByRole("main")).not.toContainText("will follow");
  await expect(page.getByRole("main")).not.toContainText(/reply to this e-mail/i);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/C-order-360.png`, fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});
