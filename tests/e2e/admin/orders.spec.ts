/**
 * /admin/orders in Chromium against the binary: find an order by search, mark it paid, ship it
 * (the tracking number's error first), mark it delivered; cancel another with its confirmation;
 * and the page at 360 px. Every action and refusal is proven by src/api/admin/orders.test.ts.
 * The orders take stock, which other specs' shop would see, so this runs on a site of its own.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest, type SiteServer, seed } from "../fixtures";
import { islandsHydrated } from "../helpers";

const test = ownSiteTest();

const toastItem = (page: Page) => page.getByTestId("toast");

/** Places `count` orders for a new customer in the site's database; answers their numbers, oldest first. */
const seedOrders = (site: SiteServer, email: string, count: number) => seed(site, "placedOrders", email, { count }).map((o) => o.orderNumber);

/** Opens /admin/orders, searches for `text` and opens the order `orderNumber`; answers its dialog. */
async function openOrder(page: Page, text: string, orderNumber: string) {
  await page.goto("/admin/orders");
  await islandsHydrated(page);
  await page.getByLabel("Search by order number, customer name or e-mail").fill(text);
  await expect(page.getByRole("status").filter({ hasText: /matching/ })).toHaveText(`1 order matching "${text}"`);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
  const trigger = page.getByRole("button", { name: `Order ${orderNumber}` });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  return { dialog, trigger };
}

test("find an order, mark it paid, ship it with a tracking number (its error first), mark it delivered", async ({ page, ownSite, signInAdmin }) => {
  const [orderNumber] = seedOrders(ownSite, `ship-${Date.now()}@example.com`, 1) as [string];
  await signInAdmin();
  const { dialog, trigger } = await openOrder(page, orderNumber.toLowerCase(), orderNumber);
  await expect(dialog).toContainText("Awaiting payment");
  await expect(dialog.getByTestId("order-items")).toContainText("1 × ");
  await expect(dialog.getByTestId("order-history")).toContainText("Order placed");
  await expect(dialog).toContainText("No payment recorded yet.");

  // Marking paid is asked once more; "Not yet" leaves it unpaid.
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await expect(dialog).toContainText("Do so only once the money is in the business's account.");
  await expect(dialog.getByRole("button", { name: "Yes, the money has arrived" })).toBeFocused();
  await dialog.getByRole("button", { name: "Not yet" }).click();
  await expect(dialog).toContainText("Awaiting payment");
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await dialog.getByRole("button", { name: "Yes, the money has arrived" }).click();
  await expect(toastItem(page)).toContainText("Order updated");
  await expect(dialog).toContainText("Paid, being prepared");
  // Afterwards it says who marked it paid and when, not that no payment was recorded.
  await expect(dialog.getByTestId("order-marked-paid")).toHaveText(
    /^Marked paid \(Bank transfer\) by owner\d+ on \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?[ap]m\.$/,
  );
  await expect(dialog).not.toContainText("No payment recorded");

  await dialog.getByRole("button", { name: "Ship", exact: true }).click();
  const tracking = dialog.getByLabel("Tracking number");
  await expect(tracking).toBeFocused();
  await tracking.fill("no good");
  await dialog.getByRole("button", { name: "Mark shipped" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Enter the tracking number: 6 to 40 letters, digits or dashes");
  await expect(tracking).toHaveAttribute("aria-invalid", "true");
  await tracking.fill("AP1234567890");
  await dialog.getByRole("button", { name: "Mark shipped" }).click();
  await expect(dialog.getByRole("link", { name: "AP1234567890" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Actions" })).toBeFocused();

  await dialog.getByRole("button", { name: "Mark delivered" }).click();
  await expect(dialog.getByTestId("order-history")).toContainText("Delivered");
  await expect(dialog.getByRole("button", { name: "Refund" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Mark delivered" })).toHaveCount(0);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  // The list behind was reloaded.
  await expect(page.getByTestId("orders-list")).toContainText("Delivered");
});

test("cancel an order after confirming; the status filter finds it in the URL", async ({ page, ownSite, signInAdmin }) => {
  const email = `cancel-${Date.now()}@example.com`;
  const [, orderNumber] = seedOrders(ownSite, email, 2) as [string, string];
  await signInAdmin();
  const { dialog } = await openOrder(page, orderNumber, orderNumber);
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  const confirm = dialog.getByRole("button", { name: "Yes, cancel the order" });
  await expect(confirm).toBeFocused();
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toContainText("Awaiting payment");
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await confirm.click();
  await expect(toastItem(page)).toContainText("Order updated");
  await expect(dialog.getByText("Nothing more can be done with this order.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();

  await page.goto(`/admin/orders?status=cancelled&search=${encodeURIComponent(email)}`);
  await islandsHydrated(page);
  await expect(page.getByRole("status").filter({ hasText: /order/ })).toHaveText(`1 order matching "${email}"`);
  await expect(page.getByRole("button", { name: `Order ${orderNumber}` })).toBeVisible();
});

test("a paid order on hold for its ID check offers a refund, never a cancellation", async ({ page, ownSite, signInAdmin }) => {
  const email = `held-${Date.now()}@example.com`;
  // A product that needs an ID check puts its order on hold.
  const [held] = seed(ownSite, "placedOrders", email, { slug: "digital-voice-recorder-pro" });
  const orderNumber = held!.orderNumber;
  await signInAdmin();
  const { dialog } = await openOrder(page, email, orderNumber);
  await expect(dialog.getByRole("button", { name: "Cancel order" })).toBeVisible();
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await dialog.getByRole("button", { name: "Yes, the money has arrived" }).click();
  await expect(toastItem(page)).toContainText("Order updated");
  await expect(dialog.getByRole("button", { name: "Refund" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Mark verified" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
});

test("at 360 px the orders are cards and the dialog fits", async ({ page, ownSite, signInAdmin }) => {
  const email = `narrow-${Date.now()}@example.com`;
  const [orderNumber] = seedOrders(ownSite, email, 1) as [string];
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAdmin();
  await openOrder(page, email, orderNumber);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  const markPaid = page.getByRole("dialog").getByRole("button", { name: "Mark paid" });
  await markPaid.scrollIntoViewIfNeeded();
  await expect(markPaid).toBeInViewport();
});
