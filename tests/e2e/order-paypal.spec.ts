/**
 * Paying a shop order with PayPal in Chromium against the binary: the customer checks out choosing
 * PayPal, the order's page shows PayPal's buttons (the SDK served by the test in place of PayPal's,
 * against the local stand-in of PayPal's REST API), and once approved the order is captured for
 * its own total, shown paid, and the "Payment received" e-mail arrives.
 */
import type { ChildProcess } from "node:child_process";
import { signInAs, startSite, stopSite, type SiteServer } from "./fixtures";
import { islandsHydrated } from "./helpers";
import { expect, test } from "./mail-fixtures";
import { fakeSdk, spawnStandIn } from "./paypal-fixtures";

let standIn: ChildProcess;
let site: SiteServer;

test.beforeAll(async ({ mailbox }) => {
  const started = await spawnStandIn();
  standIn = started.standIn;
  site = await startSite({
    SMTP_URL: mailbox.url,
    MAIL_FROM: "site@example.com",
    BUSINESS_EMAIL: "owner@example.com",
    PAYPAL_CLIENT_ID: "stand-in-client-id",
    PAYPAL_CLIENT_SECRET: "stand-in-secret",
    PAYPAL_API_BASE: started.apiBase,
  });
});
test.afterAll(async () => {
  await stopSite(site);
  standIn.kill();
});

test("check out with PayPal, pay on the order's page, and the order is paid and receipted", async ({ page, context, mailbox }) => {
  test.slow(); // a checkout, a payment through the PayPal stand-in and the receipt by e-mail
  const email = `paypal-buyer-${Date.now()}@example.com`;
  await signInAs(context, site, email);
  await page.route("https://www.paypal.com/sdk/js**", (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: fakeSdk }));

  await page.goto(`${site.url}/shop/product/covert-body-worn-camera-4k`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart 1 item" })).toBeVisible();

  await page.goto(`${site.url}/checkout`);
  await islandsHydrated(page);
  const shipping = page.getByRole("group", { name: "Shipping address" });
  await shipping.getByLabel("Full name").fill("Ann Lee");
  await shipping.getByLabel("Street address").fill("1 King William St");
  await shipping.getByLabel("Suburb").fill("Adelaide");
  await shipping.getByLabel("State or territory").selectOption("SA");
  await shipping.getByLabel("Postcode").fill("5000");
  await shipping.getByLabel("Phone").fill("0412 345 678");
  await page.getByRole("radio", { name: /PayPal/ }).check();
  await expect(page.getByTestId("checkout-total")).toHaveText("$399");
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/orders\/pi-[0-9a-z]{4}-[0-9a-z]{4}/);
  const response = await page.reload();
  expect(response!.headers()["content-security-policy"]).toContain("https://*.paypal.com");
  const orderNumber = (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Order ", "");
  await expect(page.getByTestId("payment-status")).toContainText("Not paid yet");

  const created = page.waitForRequest((r) => r.url().endsWith("/paypal/order"));
  await page.locator("#order-payment").getByRole("button", { name: "Pay with PayPal" }).click();
  expect((await created).postDataJSON()).toEqual({ orderNumber });

  await expect(page.getByTestId("payment-status")).toContainText("Paid", { timeout: 15_000 });
  await expect(page.getByTestId("order-status")).toHaveText("Paid, being prepared");
  await expect(page.locator("#order-payment")).toHaveCount(0);
  await expect
    .poll(() => mailbox.to(email).some((m) => m.text.includes(`We have received your payment`) && m.text.includes(orderNumber)), { timeout: 15_000 })
    .toBe(true);
});
