/**
 * /admin/settings in Chromium against the binary: a new phone number saved and shown on /contact,
 * a bad Bitcoin address refused under its field, the unsaved-changes warning, and the page at
 * 360 px. Saving settings changes every public page, so these tests run on a site of their own.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest } from "../fixtures";
import { islandsHydrated } from "../helpers";

const test = ownSiteTest();

const toastItem = (page: Page) => page.getByTestId("toast");

async function openSettings(page: Page, signInAdmin: () => Promise<unknown>) {
  await signInAdmin();
  await page.goto("/admin/settings");
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Phone", { exact: true })).toBeVisible();
}

test("a new phone number is saved and shows on /contact at the next request", async ({ page, signInAdmin }) => {
  await openSettings(page, signInAdmin);
  const phone = page.getByLabel("Phone", { exact: true });
  await expect(phone).toHaveValue("+61 8 0000 0000");
  await phone.fill("+61 8 7000 1234");
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toastItem(page)).toContainText("Settings saved");
  await expect(page.getByText("All changes saved.")).toBeVisible();

  await page.goto("/contact");
  await expect(page.getByRole("link", { name: "+61 8 7000 1234" })).toHaveAttribute("href", "tel:+61870001234");

  // The page loads the saved value again.
  await page.goto("/admin/settings");
  await islandsHydrated(page);
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("+61 8 7000 1234");
});

test("a bad Bitcoin address shows its message under the field and nothing is saved; a good one saves", async ({ page, signInAdmin }) => {
  await openSettings(page, signInAdmin);
  const btc = page.getByLabel("Bitcoin address");
  await btc.fill("bc1-this-is-not-bitcoin");
  await page.getByRole("button", { name: "Save settings" }).click();
  const message = "Enter a Bitcoin address starting with bc1, 1 or 3, or leave it empty";
  await expect(page.locator(`#${await btc.getAttribute("id")}-error`)).toHaveText(message);
  await expect(btc).toHaveAttribute("aria-invalid", "true");
  await expect(btc).toBeFocused();
  await expect(toastItem(page)).toHaveCount(0);

  await btc.fill("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
  await expect(page.getByText(message)).toHaveCount(0);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toastItem(page)).toContainText("Settings saved");
  const res = await page.request.get("/api/admin/settings");
  expect(((await res.json()) as { btcAddress: string }).btcAddress).toBe("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
});

test("leaving with unsaved changes asks first", async ({ page, signInAdmin }) => {
  await openSettings(page, signInAdmin);
  await page.getByLabel("Flat shipping fee").fill("11");
  const asked = page.waitForEvent("dialog");
  void page.getByRole("link", { name: "Back to Dashboard" }).click();
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByLabel("Flat shipping fee")).toHaveValue("11");
});

test("at 360 px every section is readable and the page never scrolls sideways", async ({ page, signInAdmin }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openSettings(page, signInAdmin);
  for (const name of ["Business and contact", "Payments", "Bank account", "Prices and shipping", "Orders", "Bookings", "E-mail"]) {
    await expect(page.getByRole("heading", { name, level: 2 })).toBeAttached();
  }
  const fee = page.getByLabel("Flat shipping fee");
  await fee.scrollIntoViewIfNeeded();
  await expect(fee).toBeInViewport();
  await page.getByLabel("Wednesday").scrollIntoViewIfNeeded();
  await expect(page.getByLabel("Wednesday")).toBeInViewport();
  const mailPerHour = page.getByLabel("E-mails to one address per hour");
  await mailPerHour.scrollIntoViewIfNeeded();
  await expect(mailPerHour).toBeInViewport();
  await expect(mailPerHour).toHaveValue("5");
  await expect(page.getByRole("button", { name: "Save settings" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
