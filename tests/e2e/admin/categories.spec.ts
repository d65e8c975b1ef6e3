/**
 * /admin/categories in Chromium against the binary: add (with the server's message for a taken
 * name), rename in the dialog, delete an empty category, reorder with the keyboard, deactivate a
 * category and see its products leave /shop, and the page at 360 px. These tests change the shop's
 * categories, which other specs' shop would see, so they run on a site of their own.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest } from "../fixtures";
import { islandsHydrated } from "../helpers";

const test = ownSiteTest();

// The server's refusal of a taken name (400) is reported on the console.
test.use({ allowConsoleErrors: [/status of 400/] });

const toastItem = (page: Page) => page.getByTestId("toast");
const rows = (page: Page) => page.getByTestId("category-row");
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
const rowNames = (page: Page) => rows(page).locator("h3").allTextContents();

async function openCategories(page: Page, signInAdmin: () => Promise<unknown>) {
  await signInAdmin();
  await page.goto("/admin/categories");
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

test("add a category, rename it in the dialog (its slug follows), then delete it after confirming", async ({ page, signInAdmin }) => {
  await openCategories(page, signInAdmin);
  const form = page.getByRole("region", { name: "Add a category" });

  // Checked in the browser first: nothing is sent.
  await form.getByRole("button", { name: "Add category" }).click();
  await expect(form.getByText("Enter a name")).toBeVisible();

  // Checked by the server: a taken name, whatever its case.
  await form.getByLabel("Name").fill("gps tracking");
  await form.getByRole("button", { name: "Add category" }).click();
  await expect(toastItem(page)).toContainText("Not Added");
  await expect(form.getByText("Another category has this name")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Name").fill("Drone Kits");
  await form.getByLabel("Description (optional)").fill("Aerial cameras and spare batteries.");
  await form.getByRole("button", { name: "Add category" }).click();
  await expect(toastItem(page)).toContainText("Category Added");
  const drones = row(page, "Drone Kits");
  await expect(drones).toContainText("/drone-kits");
  await expect(drones).toContainText("0 products");
  await expect(drones).toContainText("Active");
  await expect(form.getByLabel("Name")).toHaveValue("");
  expect((await rowNames(page)).at(-1)).toBe("Drone Kits");

  const edit = drones.getByRole("button", { name: "Edit: Drone Kits" });
  await edit.click();
  const dialog = page.getByRole("dialog", { name: "Edit category" });
  await expect(dialog.getByLabel("Slug")).toHaveValue("drone-kits");
  await dialog.getByLabel("Name").fill("Aerial Kits");
  await dialog.getByRole("button", { name: "Save category" }).click();
  await expect(toastItem(page)).toContainText("Category Updated");
  await expect(dialog).toBeHidden();
  const aerial = row(page, "Aerial Kits");
  await expect(aerial).toContainText("/aerial-kits");
  await expect(aerial.getByRole("button", { name: "Edit: Aerial Kits" })).toBeFocused();

  await aerial.getByRole("button", { name: "Delete: Aerial Kits" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete category?" });
  await expect(confirm).toContainText("Aerial Kits");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastItem(page)).toContainText("Category Deleted");
  await expect(aerial).toHaveCount(0);
});

test("reorder with the keyboard: the focus follows the category, and the shop's sidebar takes the new order", async ({ page, signInAdmin }) => {
  await openCategories(page, signInAdmin);
  const [first, second] = await rowNames(page);
  expect(first).toBe("Surveillance Cameras");
  expect(second).toBe("GPS Tracking");
  await expect(row(page, first as string).getByRole("button", { name: `Move up: ${first}` })).toBeDisabled();

  const down = page.getByRole("button", { name: `Move down: ${first}` });
  await down.focus();
  await page.keyboard.press("Enter");
  await expect(toastItem(page)).toContainText("Order Saved");
  await expect.poll(() => rowNames(page).then((n) => n.slice(0, 2))).toEqual([second, first]);
  await expect(page.getByRole("button", { name: `Move down: ${first}` })).toBeFocused();

  await page.reload();
  await islandsHydrated(page);
  await expect.poll(() => rowNames(page).then((n) => n.slice(0, 2))).toEqual([second, first]);

  await page.goto("/shop");
  const sidebar = (await page.getByRole("navigation", { name: "Categories" }).textContent()) ?? "";
  expect(sidebar.indexOf(second as string)).toBeGreaterThanOrEqual(0);
  expect(sidebar.indexOf(second as string)).toBeLessThan(sidebar.indexOf(first as string));
});

test("deactivate a category: its products leave /shop; a category with products cannot be deleted", async ({ page, signInAdmin }) => {
  await page.goto("/shop");
  await expect(page.getByRole("main")).toContainText("Two-Way Radio");
  await openCategories(page, signInAdmin);
  const comms = row(page, "Communication");
  const remove = comms.getByRole("button", { name: "Delete: Communication" });
  await expect(remove).toBeDisabled();
  await expect(comms).toContainText(/To delete it: Move or delete its \d+ products? first\./);

  await comms.getByRole("button", { name: "Edit: Communication" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit category" });
  await dialog.getByLabel(/^Active/).uncheck();
  await dialog.getByRole("button", { name: "Save category" }).click();
  await expect(toastItem(page)).toContainText("Category Updated");
  await expect(comms).toContainText("Inactive");

  await page.goto("/shop");
  await expect(page.getByRole("main")).toContainText("GPS Tracking");
  await expect(page.getByRole("navigation", { name: "Categories" })).not.toContainText("Communication");
  await expect(page.getByRole("main")).not.toContainText("Two-Way Radio");
  await expect(page.getByRole("main")).not.toContainText("Satellite Messenger");
});

test("at 360 px the page stays readable and never scrolls sideways", async ({ page, signInAdmin }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openCategories(page, signInAdmin);
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Add a category" }).getByLabel("Name")).toBeVisible();
  const last = rows(page).last();
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByRole("button", { name: /^Edit:/ })).toBeInViewport();
  await expect(last.getByRole("button", { name: /^Move up:/ })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
