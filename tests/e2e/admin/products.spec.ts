/**
 * /admin/products in Chromium against the binary: search (typing and Enter), the category filter,
 * the pricing dialog (its own and the server's field messages) with the new sale price on the
 * public pages, delete with its confirmation, and the page at 360 px. These tests change prices and
 * delete products, which other specs' shop would see, so they run on a site of their own; within
 * it each test works on its own products.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest, seed } from "../fixtures";
import { islandsHydrated } from "../helpers";

const test = ownSiteTest();

// The server's refusals (400 for a bad price, 404 for a page that is gone) are reported on the console.
test.use({ allowConsoleErrors: [/status of 40[04]/] });

const toastItem = (page: Page) => page.getByTestId("toast");
const rows = (page: Page) => page.getByTestId("product-row");
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole("rowheader", { name }) });

/** Opens the page signed in and waits for the first rows. */
async function openProducts(page: Page, signInAdmin: () => Promise<unknown>, path = "/admin/products") {
  await signInAdmin();
  await page.goto(path);
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

test("search by name as one types, by description on Enter, and filter by category; the URL keeps the filters", async ({ page, signInAdmin }) => {
  await openProducts(page, signInAdmin);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(/^\d+ products$/);
  await expect(row(page, "Covert Body-Worn Camera 4K")).toContainText("Surveillance Cameras");

  const search = page.getByLabel("Search by name or description");
  await search.pressSequentially("body-WORN");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Covert Body-Worn Camera 4K");
  await expect(page).toHaveURL(/\/admin\/products\?search=body-WORN$/);

  // Only in a description; Enter runs the search at once.
  await search.fill("memory-foam");
  await search.press("Enter");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Noise-Isolating Transcription Headphones");

  await search.fill("");
  await search.press("Enter");
  await page.getByLabel("Category").selectOption({ label: "GPS Tracking" });
  await expect(rows(page)).toHaveCount(4);
  for (const category of await rows(page).locator("td:nth-child(2)").allTextContents()) expect(category).toBe("GPS Tracking");
  await expect(page).toHaveURL(/\?category=\d+$/);

  await search.fill("no product is called this");
  await expect(page.getByText("No products found")).toBeVisible();

  // A reload keeps the filters.
  await search.fill("obd");
  await expect(rows(page)).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel("Search by name or description")).toHaveValue("obd");
  await expect(page.getByLabel("Category")).toHaveValue(/\d+/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("OBD-II Fleet GPS Tracker");
});

test("the list and the editor show the units unpaid orders hold beside the stock", async ({ page, signInAdmin, ownSite }) => {
  seed(ownSite, "placedOrders", "held@example.com", { slug: "rf-bug-detector-pro", quantity: 3 });
  await openProducts(page, signInAdmin, "/admin/products?search=rf%20bug");
  const detector = row(page, "Professional RF Bug Detector");
  await expect(detector.getByTestId("held-stock")).toHaveText("3 more held by unpaid orders");
  await detector.getByRole("link", { name: "Edit product: Professional RF Bug Detector" }).click();
  await islandsHydrated(page);
  await expect(page.getByText("On the shelf now; 3 more held by unpaid orders, back here if not paid in time.")).toBeVisible();
});

test("edit a product's sale price: field messages first, then the new price on its product page and the shop", async ({ page, signInAdmin }) => {
  await openProducts(page, signInAdmin, "/admin/products?search=real-time");
  const tracker = row(page, "Real-Time 4G GPS Tracker with Magnetic Case");
  await expect(tracker).toContainText("$249");
  await expect(tracker).toContainText("$289");
  await expect(tracker).toContainText("25");
  await expect(tracker).toContainText("In stock");
  await expect(tracker).toContainText("Active");

  const opener = tracker.getByRole("button", { name: /^Edit pricing/ });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Edit pricing" });
  await expect(dialog).toContainText("Real-Time 4G GPS Tracker with Magnetic Case");
  const price = dialog.getByLabel("Price (USD)", { exact: true });
  const sale = dialog.getByLabel("Sale price (USD, optional)");
  await expect(price).toHaveValue("289.00");
  await expect(price).toHaveAttribute("step", "0.01");
  await expect(price).toHaveAttribute("min", "0");
  await expect(sale).toHaveValue("249.00");
  await expect(price).toBeFocused();

  // Checked in the browser: nothing is sent.
  let sent = 0;
  page.on("request", (r) => {
    if (r.method() === "PATCH") sent++;
  });
  await sale.fill("300");
  await dialog.getByRole("button", { name: "Save pricing" }).click();
  await expect(dialog.getByText("The sale price must be below the price")).toBeVisible();
  expect(sent).toBe(0);

  // Checked by the server: its message shows under the field.
  await price.fill("2000000");
  await sale.fill("");
  await dialog.getByRole("button", { name: "Save pricing" }).click();
  await expect(toastItem(page)).toContainText("Update Failed");
  await expect(dialog.getByText("Too large")).toBeVisible();
  await expect(price).toHaveAttribute("aria-invalid", "true");

  await price.fill("289");
  await sale.fill("233.5");
  await dialog.getByRole("button", { name: "Save pricing" }).click();
  await expect(toastItem(page)).toContainText("Pricing Updated");
  await expect(toastItem(page)).toContainText("Product pricing has been successfully updated.");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(tracker).toContainText("$233.50");

  await page.goto("/shop/product/realtime-gps-tracker-magnetic");
  await expect(page.getByRole("main")).toContainText("$233.50");
  await expect(page.getByRole("main")).not.toContainText("$249");
  await page.goto("/shop");
  await expect(page.locator("article", { hasText: "Real-Time 4G GPS Tracker with Magnetic Case" })).toContainText("$233.50");
});

test("delete a product after confirming; its page then answers 404", async ({ page, signInAdmin }) => {
  const response = await page.goto("/shop/product/cellular-trail-camera");
  expect(response?.status()).toBe(200);
  await openProducts(page, signInAdmin, "/admin/products?search=cellular+trail");
  const trail = row(page, "4G Cellular Trail Camera");
  await expect(trail).toContainText("Out of stock");

  await trail.getByRole("button", { name: /^Delete/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete product?" });
  await expect(confirm).toContainText("4G Cellular Trail Camera");
  // Cancel has the focus: an accidental Enter deletes nothing.
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(trail).toBeVisible();

  await trail.getByRole("button", { name: /^Delete/ }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastItem(page)).toContainText("Product Deleted");
  await expect(toastItem(page)).toContainText("Product has been successfully removed.");
  await expect(trail).toHaveCount(0);
  await expect(page.getByText("No products found")).toBeVisible();

  const gone = await page.goto("/shop/product/cellular-trail-camera");
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
  await page.goto("/shop");
  await expect(page.getByRole("main")).not.toContainText("4G Cellular Trail Camera");
});

test("at 360 px each product is a card, as the orders are: nothing scrolls sideways and every action is in reach", async ({ page, signInAdmin }) => {
  await openProducts(page, signInAdmin);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New product" })).toBeVisible();
  await expect(page.getByLabel("Search by name or description")).toBeVisible();
  await expect(page.getByLabel("Category")).toBeVisible();
  await expect(rows(page).first()).toBeHidden();
  const card = page.getByTestId("product-card").first();
  await expect(card.getByTestId("product-card-name")).toBeVisible();
  await expect(card).toContainText("Price");
  await expect(card).toContainText("Stock");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const frame = page.getByTestId("products-table");
  expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // Every action of a card is on screen without scrolling sideways.
  for (const name of [/^Edit pricing/, /^Edit product/, /^Delete/]) {
    const button = card.getByRole(name.source.startsWith("^Edit product") ? "link" : "button", { name });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await page.screenshot({ path: "/tmp/shots/portal/products-360.png" });
  await card.getByRole("button", { name: /^Edit pricing/ }).click();
  await expect(page.getByRole("dialog", { name: "Edit pricing" })).toBeVisible();
});

test("the dashboard's Manage Products opens the page, and Back to Dashboard returns", async ({ page, signInAdmin }) => {
  await signInAdmin();
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Manage Products" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
