/**
 * /admin/orders in Chromium against the binary: find an order by search, mark it paid, ship it with
 * a carrier and a tracking number typed with spaces (the fields' errors first), mark it delivered
 * after confirming; verify an ID check with the document sighted; cancel another with its
 * confirmation; the payments list showing an order paid by bank transfer; and the page at 360 px.
 * Every action and refusal is proven by src/api/admin/orders.test.ts and order-shipping.test.ts.
 * The orders take stock, which other specs' shop would see, so this runs on a site of its own.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest, type SiteServer, seed, signInAs } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

const test = ownSiteTest();
// axe is injected as a script, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const toastItem = (page: Page) => page.getByTestId("toast");

/** A screenshot to look at, named by the page's width. */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/h/shots/D-${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: false });

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

for (const width of [1280, 360]) {
  test(`at ${width} px: find an order, mark it paid, ship it with a carrier and a spaced tracking number (errors first), mark it delivered after confirming`, async ({
    page,
    context,
    ownSite,
    signInAdmin,
  }) => {
    // Every step of an order's life, each dialog checked by axe: more than the default time on a busy two-core machine.
    test.slow();
    // The customer is signed in in this browser too, to see their order page afterwards.
    const { userId } = await signInAs(context, ownSite, `ship-${width}-${Date.now()}@example.com`, { verified: true });
    const { orderNumber } = seed(ownSite, "orderFor", userId);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
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
    const carrier = dialog.getByLabel("Carrier");
    const tracking = dialog.getByLabel("Tracking number");
    await expect(carrier).toBeFocused();
    await tracking.fill("x1");
    await dialog.getByRole("button", { name: "Mark shipped" }).click();
    await expect(dialog.getByRole("alert")).toHaveText([
      "Choose who carries the parcel",
      "Enter the tracking number from the label: 6 to 40 letters and digits (spaces and dashes are fine)",
    ]);
    await expect(carrier).toBeFocused();
    await expect(tracking).toHaveAttribute("aria-invalid", "true");
    await shot(page, "ship-errors");
    expect(await axeViolations(page)).toEqual([]);
    await carrier.selectOption({ label: "StarTrack" });
    // Typed as the label prints it; kept without the spaces.
    await tracking.fill("33 LPX 0012 3456");
    await dialog.getByRole("button", { name: "Mark shipped" }).click();
    const link = dialog.getByRole("link", { name: "33LPX00123456" });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", "https://startrack.com.au/track/details/33LPX00123456");
    await expect(dialog).toContainText("StarTrack");
    await expect(dialog.getByRole("heading", { name: "Actions" })).toBeFocused();
    await link.scrollIntoViewIfNeeded();
    await shot(page, "shipped");

    // Mark delivered asks first; "Not yet" leaves it shipped.
    await dialog.getByRole("button", { name: "Mark delivered" }).click();
    const yes = dialog.getByRole("button", { name: "Yes, it was delivered" });
    await expect(yes).toBeFocused();
    await expect(dialog).toContainText("Mark this order delivered?");
    await yes.scrollIntoViewIfNeeded();
    await shot(page, "deliver-confirm");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Not yet" }).click();
    await expect(dialog.getByTestId("order-history")).not.toContainText("Delivered");
    await dialog.getByRole("button", { name: "Mark delivered" }).click();
    await dialog.getByRole("button", { name: "Yes, it was delivered" }).click();
    await expect(dialog.getByTestId("order-history")).toContainText("Delivered");
    await expect(dialog.getByRole("button", { name: "Refund" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Mark delivered" })).toHaveCount(0);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    // The list behind was reloaded.
    await expect(page.getByTestId("orders-list")).toContainText("Delivered");
    if (width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The bank transfer marked paid is on the payments list, with its invoice.
    await page.goto("/admin/payments");
    await islandsHydrated(page);
    const payments = page.getByTestId("payments-list");
    await expect(payments).toContainText(`Order ${orderNumber}`);
    await expect(payments).toContainText("Bank transfer");
    await expect(
      payments
        .getByText(/Invoice INV-\d{6}/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await expect(page.getByText("0 payments")).toHaveCount(0);
    await shot(page, "payments");
    expect(await axeViolations(page)).toEqual([]);

    // The customer's order page names the carrier and links to its tracking page.
    await page.goto(`/orders/${orderNumber.toLowerCase()}`);
    const tracked = page.getByTestId("tracking");
    await expect(tracked).toContainText("Delivered");
    await expect(tracked.getByRole("link", { name: /33LPX00123456/ })).toHaveAttribute("href", "https://startrack.com.au/track/details/33LPX00123456");
    await tracked.scrollIntoViewIfNeeded();
    await shot(page, "customer-order");
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("Mark verified asks which ID document was sighted and shows who saw it", async ({ page, ownSite, signInAdmin }) => {
  test.slow(); // the whole check at two widths
  for (const width of [1280, 360]) {
    const email = `verify-${width}-${Date.now()}@example.com`;
    const [held] = seed(ownSite, "placedOrders", email, { slug: "digital-voice-recorder-pro" });
    const orderNumber = held!.orderNumber;
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    if (width === 1280) await signInAdmin();
    const { dialog } = await openOrder(page, email, orderNumber);
    await expect(dialog.getByTestId("order-badges").first()).toHaveText(/On hold for ID verification\s*Not paid yet/);
    await dialog.getByRole("button", { name: "Mark verified" }).click();
    const document = dialog.getByLabel("ID document sighted");
    await expect(document).toBeFocused();
    await dialog.getByRole("button", { name: "Mark verified" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Choose the ID document you sighted");
    await document.selectOption({ label: "Driver licence" });
    await shot(page, "verify");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Mark verified" }).click();
    await expect(toastItem(page).first()).toContainText("Order updated");
    await expect(dialog).toContainText(/ID check\s*Driver licence sighted by owner\d+ on \d{1,2} \w{3,4} \d{4}/);
    await dialog.getByText(/Driver licence sighted by/).scrollIntoViewIfNeeded();
    await shot(page, "verified");
    await expect(dialog.getByRole("button", { name: "Mark verified" })).toHaveCount(0);
    await page.keyboard.press("Escape");
  }
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
  // Closing the record goes back to the list's address; a navigation started before that lands is aborted.
  await expect(page).toHaveURL(/\/admin\/orders(\?|$)/);

  await page.goto(`/admin/orders?status=cancelled&search=${encodeURIComponent(email)}`);
  await islandsHydrated(page);
  await expect(page.getByRole("status").filter({ hasText: /order/ })).toHaveText(`1 order matching "${email}"`);
  await expect(page.getByRole("button", { name: `Order ${orderNumber}` })).toBeVisible();
  // A cancelled order says Cancelled, not the yellow "Not paid yet" of one still awaiting payment.
  const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
  await expect(row.getByTestId("order-badges")).toHaveText("Cancelled");
  await expect(page.getByTestId("orders-list")).not.toContainText("Not paid yet");
  await shot(page, "cancelled-list");
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
