/**
 * The product editor in Chromium against the binary: a new product with two uploaded images (the
 * second made the main one, by keyboard), a refused upload, the product in the shop and on its
 * page with its images, then moved to another category; and the editor at 360 px. It adds
 * products, which other specs' shop would see, so it runs on a site of its own.
 */
import type { Page } from "@playwright/test";
import { jpegBytes, pngBytes, svgBytes } from "../../helpers/images";
import { expect, ownSiteTest } from "../fixtures";
import { islandsHydrated } from "../helpers";

const test = ownSiteTest();

// The refused upload (400) and the taken SKU (409) are reported on the console.
test.use({ allowConsoleErrors: [/status of 40[09]/] });

const toastItem = (page: Page) => page.getByTestId("toast");
const thumbnails = (page: Page) => page.getByTestId("editor-images").getByRole("img");
const fileInput = (page: Page) => page.getByLabel("Add images (JPEG, PNG or WebP, at most 5 MB each)");

test("create a product with two uploaded images, make the second the main one, find it in the shop, then move it to another category", async ({
  page,
  signInAdmin,
}) => {
  test.setTimeout(60_000);
  await signInAdmin();
  await page.goto("/admin/products");
  await islandsHydrated(page);
  await page.getByRole("link", { name: "New product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "New product", level: 1 })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("Editor Test Beacon");
  await page.getByLabel("Short description").fill("A beacon made in the editor.");
  await page.getByLabel("Price (USD)", { exact: true }).fill("129.95");
  await page.getByLabel("Category").selectOption({ label: "GPS Tracking" });
  await page.getByLabel("Stock", { exact: true }).fill("7");
  await page.getByLabel("Features").fill("Small\nMagnetic");
  await page.getByLabel("Victoria").check();

  // An SVG is refused by its bytes, whatever it claims to be.
  await fileInput(page).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(svgBytes()) });
  await expect(toastItem(page).filter({ hasText: "Upload a JPEG, PNG or WebP image." })).toBeVisible();
  await expect(page.getByText("No images yet.")).toBeVisible();

  await fileInput(page).setInputFiles([
    { name: "first.png", mimeType: "image/png", buffer: Buffer.from(pngBytes(8, 6, [200, 40, 40])) },
    { name: "second.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes()) },
  ]);
  await expect(thumbnails(page)).toHaveCount(2, { timeout: 15_000 });
  const first = await thumbnails(page).nth(0).getAttribute("src");
  const second = await thumbnails(page).nth(1).getAttribute("src");
  expect(first).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
  expect(second).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
  // Every thumbnail really loads from /uploads.
  for (const img of await thumbnails(page).all()) expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

  // By keyboard: "make main" on the second image.
  await page.getByRole("button", { name: "Make image 2 the main image" }).focus();
  await page.keyboard.press("Enter");
  await expect(thumbnails(page).nth(0)).toHaveAttribute("src", second ?? "");
  await expect(thumbnails(page).nth(1)).toHaveAttribute("src", first ?? "");
  // The focus stays with the moved image: moving it right and back left by keyboard alone.
  await expect(page.getByRole("button", { name: "Move image 1 right" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(thumbnails(page).nth(1)).toHaveAttribute("src", second ?? "");
  await expect(page.getByRole("button", { name: "Move image 2 left" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(thumbnails(page).nth(0)).toHaveAttribute("src", second ?? "");
  await expect(page.getByRole("button", { name: "Move image 1 right" })).toBeFocused();

  await page.getByRole("button", { name: "Create product" }).click();
  await expect(toastItem(page).filter({ hasText: "Product Added" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/\d+\/edit$/);
  const editUrl = page.url();

  await page.goto("/shop");
  const card = page.getByRole("article", { name: "Editor Test Beacon" });
  await expect(card).toBeVisible();
  await expect(card.locator(`img[src="${second}"]`)).toBeVisible();

  await page.goto("/shop/product/editor-test-beacon");
  await expect(page.getByRole("heading", { name: "Editor Test Beacon", level: 1 })).toBeVisible();
  await expect(page.getByRole("main").locator(`img[src="${second}"]`).first()).toBeVisible();
  await expect(page.getByRole("list", { name: "More images" }).locator(`img[src="${first}"]`)).toBeVisible();
  await expect(page.getByRole("main").getByText("GPS Tracking").first()).toBeVisible();

  // Edit: move it to another category.
  await page.goto(editUrl);
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Edit product", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Editor Test Beacon");
  await expect(page.getByLabel("Victoria")).toBeChecked();
  await page.getByLabel("Category").selectOption({ label: "Audio Equipment" });
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(toastItem(page).filter({ hasText: "Product Saved" })).toBeVisible();

  await page.goto("/shop/product/editor-test-beacon");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Audio Equipment" })).toBeVisible();
});

test("a taken SKU shows under its field; at 360 px the editor stays readable", async ({ page, signInAdmin }) => {
  await signInAdmin();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin/products/new");
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "New product", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByLabel("Name", { exact: true }).fill("Editor Duplicate SKU");
  await page.getByLabel("Price (USD)", { exact: true }).fill("10");
  await page.getByLabel("SKU").fill("SC-BWC-4K01");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Another product has this SKU", { exact: true })).toBeVisible();
  await expect(page.getByLabel("SKU")).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
