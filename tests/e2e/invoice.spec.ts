/** The tax invoice of a paid order, on a phone: the order page links to it, and it reads at 360 px with no script. */
import { expect } from "@playwright/test";
import { ownSiteTest, seed } from "./fixtures";

const test = ownSiteTest();

test.use({ viewport: { width: 360, height: 780 } });

test("a paid order's tax invoice opens from the order page and reads on a phone", async ({ page, context, ownSite }) => {
  const order = seed(ownSite, "paidOrder", `invoice${Date.now()}@example.com`, { abn: "51824753556" });
  await context.addCookies([{ name: "pi_session", value: order.token, url: ownSite.url, httpOnly: true, sameSite: "Lax" }]);

  await page.goto(`/orders/${order.orderNumber.toLowerCase()}`);
  const link = page.getByTestId("order-invoice-link");
  await expect(link).toHaveText(`Tax invoice ${order.invoiceNumber}`);
  await page.screenshot({ path: "/tmp/shots/money/order-360.png", fullPage: true });

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.orderNumber.toLowerCase()}/invoice$`));
  await expect(page.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
  await expect(page.getByTestId("invoice-number")).toHaveText(order.invoiceNumber ?? "");
  await expect(page.getByText("ABN 51 824 753 556")).toBeVisible();
  await expect(page.getByTestId("invoice-total")).toHaveText(
    `$${Number(order.totalAmount).toLocaleString("en-US", { maximumFractionDigits: 2, minimumFractionDigits: Number.isInteger(Number(order.totalAmount)) ? 0 : 2 })}`,
  );
  await expect(page.getByTestId("invoice-gst")).toContainText(order.taxAmount.replace(/\.00$/, ""));
  // Nothing is wider than the phone, and the page ships no script.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await page.locator("script[src]").count()).toBe(0);
  await page.screenshot({ path: "/tmp/shots/money/invoice-360.png", fullPage: true });

  // Printed, only the invoice remains: the site's header and footer are left off.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header.sticky")).toBeHidden();
  await expect(page.locator("footer")).toBeHidden();
  await expect(page.getByTestId("invoice-number")).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/money/invoice-print.png", fullPage: true });
});

test("without an ABN the order links an invoice, not a tax invoice, and neither shows GST (decision 068)", async ({ page, context, ownSite }) => {
  const order = seed(ownSite, "paidOrder", `no-abn${Date.now()}@example.com`, { abn: "" });
  expect(order.taxAmount).toBe("0.00");
  await context.addCookies([{ name: "pi_session", value: order.token, url: ownSite.url, httpOnly: true, sameSite: "Lax" }]);

  await page.goto(`/orders/${order.orderNumber.toLowerCase()}`);
  const link = page.getByTestId("order-invoice-link");
  await expect(link).toHaveText(`Invoice ${order.invoiceNumber}`);
  await expect(page.getByText(/tax invoice/i)).toHaveCount(0);
  await expect(page.getByText("GST included")).toHaveCount(0);

  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
  await expect(page.getByText(/tax invoice/i)).toHaveCount(0);
  await expect(page.getByText(/GST/)).toHaveCount(0);
  await expect(page.getByTestId("invoice-gst")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: "/tmp/shots/money/invoice-no-abn-360.png", fullPage: true });
});

test.describe("the owner", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test("opens the same invoice from the order's record in a tab of its own, to print", async ({ page, context, ownSite, signInAdmin }) => {
    const order = seed(ownSite, "paidOrder", `owner-invoice${Date.now()}@example.com`, {});
    const invoiceNumber = order.invoiceNumber ?? "";
    expect(invoiceNumber).toMatch(/^INV-\d{6}$/);
    await signInAdmin();
    await page.goto(`/admin/orders/${order.orderNumber.toLowerCase()}`);
    const link = page.getByRole("link", { name: `Invoice ${invoiceNumber} (opens in a new tab to print)` });
    await expect(link).toBeVisible();
    await page.screenshot({ path: "/tmp/shots/money/admin-order-1280.png" });
    const opened = context.waitForEvent("page");
    await link.click();
    const tab = await opened;
    await tab.waitForLoadState();
    await expect(tab.getByText(invoiceNumber).first()).toBeVisible();
    await tab.close();
  });
});
