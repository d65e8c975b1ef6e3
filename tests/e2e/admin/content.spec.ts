/**
 * The portal's content and pricing page in Chromium against the binary: a price edited there is
 * the one /services shows, a text edited there is the one / shows, field messages, and 360 px.
 * These tests change the site's texts and prices, so they run on a site of their own.
 */
import type { Page, Request } from "@playwright/test";
import { expect, type SiteServer, signInAsAdmin, startSite, stopSite, test } from "../fixtures";
import { islandsHydrated } from "../helpers";

// The server refusing a bad discount (400) and a list failing to load (500) show on the console.
test.use({ allowConsoleErrors: [/status of (400|500)/] });

let own: SiteServer;
test.beforeAll(async () => {
  own = await startSite();
});
test.afterAll(async () => {
  await stopSite(own);
});
test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context, own, `owner${Date.now()}`);
});

const toastItem = (page: Page) => page.getByTestId("toast");

/** Opens /admin/content and waits for both lists. */
async function openPortalPage(page: Page) {
  await page.goto(`${own.url}/admin/content`);
  await islandsHydrated(page);
  await expect(page.getByTestId("content-sections")).toBeVisible();
  await expect(page.getByTestId("service-pricing")).toBeVisible();
}

/** The PUT requests the page sends. */
function collectPuts(page: Page): Request[] {
  const puts: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT") puts.push(r);
  });
  return puts;
}

test("edit a service price and its features in the portal, and /services shows them", async ({ page }) => {
  const puts = collectPuts(page);
  await openPortalPage(page);
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin/dashboard");

  const editButton = page.getByRole("button", { name: "Edit Partner Check" });
  await editButton.click();
  const dialog = page.getByRole("dialog", { name: "Edit Partner Check" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveValue("Partner Check");
  const price = dialog.getByLabel("Price (USD)");
  await expect(price).toHaveAttribute("step", "0.01");
  await expect(price).toHaveAttribute("min", "0");
  await price.fill("310");
  const features = dialog.getByLabel("Features");
  await expect(features).toHaveAccessibleDescription(/One feature per line\. Blank lines are dropped\./);
  await features.fill("8-hour partner surveillance\n\n   \nPhoto and video evidence\nWritten summary by e-mail\n");
  await dialog.getByRole("button", { name: "Save" }).click();

  await expect(toastItem(page)).toContainText("Pricing updated successfully");
  await expect(dialog).toBeHidden();
  await expect(editButton).toBeFocused();
  const card = page
    .getByTestId("service-pricing")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Partner Check" }) });
  await expect(card.first()).toContainText("$310");
  expect(puts).toHaveLength(1);
  expect(puts[0]?.postDataJSON()).toMatchObject({
    id: "partner",
    name: "Partner Check",
    price: "310.00",
    features: ["8-hour partner surveillance", "Photo and video evidence", "Written summary by e-mail"],
  });

  await page.goto(`${own.url}/services`);
  const publicCard = page.locator("article").filter({ has: page.getByRole("heading", { name: "Partner Check" }) });
  await expect(publicCard).toContainText("$310");
  await expect(publicCard).toContainText("Written summary by e-mail");
  await expect(publicCard).not.toContainText("Location tracking");
});

test("edit a content section shown on /, and / shows it; a list entry added there too", async ({ page }) => {
  await openPortalPage(page);
  await page.getByRole("button", { name: "Edit Home: hero" }).click();
  const hero = page.getByRole("dialog", { name: "Edit Home: hero" });
  await hero.getByLabel("Heading", { exact: true }).fill("Answers you can trust, found quietly");
  await hero.getByRole("button", { name: "Save" }).click();
  await expect(toastItem(page)).toContainText("Content updated successfully");
  await expect(hero).toBeHidden();
  await expect(page.getByTestId("content-sections")).toContainText("Answers you can trust, found quietly");

  await page.getByRole("button", { name: "Edit Home: statistics" }).click();
  const stats = page.getByRole("dialog", { name: "Edit Home: statistics" });
  await stats.getByRole("button", { name: "Add statistic" }).click();
  // The new entry's first field has focus.
  await expect(stats.getByRole("textbox").nth(8)).toBeFocused();
  await page.keyboard.type("12 years");
  await stats.getByRole("textbox").nth(9).fill("In practice");
  await stats.getByRole("button", { name: "Move statistic 5 up" }).click();
  await stats.getByRole("button", { name: "Save" }).click();
  await expect(toastItem(page)).toContainText("Content updated successfully");

  await page.goto(`${own.url}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Answers you can trust, found quietly");
  const figures = page.locator("#stats dd");
  await expect(figures).toHaveText(["500+", "48-72h", "24/7", "12 years", "100%"]);
});

test("field messages show under the fields: from the schema before sending, and from the server", async ({ page }) => {
  const puts = collectPuts(page);
  await openPortalPage(page);

  await page.getByRole("button", { name: "Edit Contact: frequently asked questions" }).click();
  const faq = page.getByRole("dialog", { name: "Edit Contact: frequently asked questions" });
  const answer = faq.getByLabel("Answer").first();
  await answer.fill("   ");
  await faq.getByRole("button", { name: "Save" }).click();
  await expect(answer).toBeFocused();
  await expect(answer).toHaveAttribute("aria-invalid", "true");
  await expect(answer).toHaveAccessibleDescription("Required");
  await answer.fill("Usually within a day.");
  await expect(faq.getByText("Required")).toHaveCount(0);
  await faq.getByRole("button", { name: "Cancel" }).click();
  await expect(faq).toBeHidden();

  await page.getByRole("button", { name: "Edit Infidelity Investigation" }).click();
  const pricing = page.getByRole("dialog", { name: "Edit Infidelity Investigation" });
  await pricing.getByLabel("Name").fill("");
  await pricing.getByLabel("Price (USD)").fill("-5");
  await pricing.getByRole("button", { name: "Save" }).click();
  await expect(pricing.getByText("Name is required")).toBeVisible();
  await expect(pricing.getByText("Price must be 0 or more")).toBeVisible();
  await expect(pricing.getByLabel("Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(pricing).toBeHidden();
  expect(puts).toHaveLength(0);

  // A discount above 100% is refused by the server, which knows the entry is a percentage.
  await page.getByRole("button", { name: "Edit 4-7 days" }).click();
  const volume = page.getByRole("dialog", { name: "Edit 4-7 days" });
  const discount = volume.getByLabel("Discount (%)");
  await discount.fill("150");
  await volume.getByRole("button", { name: "Save" }).click();
  await expect(toastItem(page)).toContainText("Failed to save pricing");
  await expect(volume.getByText("A discount must be at most 100%")).toBeVisible();
  await expect(discount).toHaveAttribute("aria-invalid", "true");
  expect(puts).toHaveLength(1);
});

test("a list that cannot be loaded says so", async ({ page }) => {
  await page.route("**/api/admin/content", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{}}' }));
  await page.goto(`${own.url}/admin/content`);
  await expect(toastItem(page)).toContainText("Failed to load content");
  await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toBeVisible();
  await expect(page.getByTestId("service-pricing")).toBeVisible();
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test("the page and a dialog are readable, nothing wider than the screen", async ({ page }) => {
    await openPortalPage(page);
    await expect(page.getByRole("heading", { name: "Service pricing" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole("button", { name: "Edit About: client testimonials" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit About: client testimonials" });
    await expect(dialog.getByRole("button", { name: "Save" })).toBeInViewport();
    const box = await dialog.locator(".modal-box").boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
