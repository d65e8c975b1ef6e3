/**
 * What customers see of the business's details while the shipped, made-up ones are still in the
 * settings (decision 037): no phone, e-mail or messaging contact on /contact, no crypto address in
 * the payment dialog, and an order paid by bank transfer (placed before the account was removed:
 * decision 067 offers bank transfer only with real details) says when they will come; once the owner
 * has entered real ones, those are shown. The rules are proven by src/shared/go-live.test.ts and the
 * route tests; this spec looks at the pages in Chromium, on sites of its own.
 */
import { expect, ownSiteTest, seed, signInAs, startSite, stopSite } from "./fixtures";
import { islandsScheduled } from "./helpers";

const test = ownSiteTest();

const madeUp = [
  "+61 8 0000 0000",
  "enquiries@example.com",
  "+61 400 000 000",
  "example.investigations",
  "000-000",
  "00000000",
  "bc1q-example",
  "0xEXAMPLE",
  "SoLExample",
];

test("a fresh site shows no made-up detail: contact page, payment dialog and a bank-transfer order say the details will follow", async ({
  page,
  context,
  ownSite,
}) => {
  await page.goto("/contact");
  const details = page.getByRole("region", { name: "Get in Touch" });
  await expect(details).toContainText("Send us a message with the secure form on this page");
  for (const text of madeUp) await expect(page.locator("body")).not.toContainText(text);

  await page.goto("/services");
  await islandsScheduled(page);
  await page.locator('[data-service-id="partner"]').click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Crypto", exact: true }).click();
  await expect(dialog.getByRole("tabpanel")).toContainText("Cryptocurrency payments are not available right now.");
  await dialog.getByRole("tab", { name: "Other", exact: true }).click();
  await expect(dialog.getByRole("tabpanel").getByRole("link", { name: "contact form" })).toHaveAttribute("href", "/contact");
  for (const text of madeUp) await expect(dialog).not.toContainText(text);
  await page.keyboard.press("Escape");

  const { userId } = await signInAs(context, ownSite, `placeholder-${Date.now()}@example.com`);
  const orderNumber = seed(ownSite, "bankTransferOrder", userId);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/orders/${orderNumber.toLowerCase()}`);
  const instructions = page.getByTestId("payment-instructions");
  await expect(instructions).toContainText("We are updating our bank details and will e-mail them to you within one business day. Then transfer");
  await expect(instructions).toContainText(`with the reference ${orderNumber}`);
  for (const text of madeUp) await expect(page.locator("body")).not.toContainText(text);
  await page.screenshot({ path: "/tmp/shots/owner/order-details-follow-360.png", fullPage: true });
});

test("once the owner has entered real details, customers see them", async ({ browser }) => {
  const site = await startSite();
  try {
    // Saved before the first page is drawn, as the owner would in the portal.
    seed(site, "businessDetails", {
      phone: "+61 8 8123 4567",
      email: "cases@adelaide-discreet.com.au",
      bankBsb: "065-000",
      bankAccountNumber: "12345678",
      btcAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    const context = await browser.newContext({ baseURL: site.url });
    const { userId } = await signInAs(context, site, `real-${Date.now()}@example.com`);
    const orderNumber = seed(site, "bankTransferOrder", userId);
    const page = await context.newPage();
    await page.goto("/contact");
    const details = page.getByRole("region", { name: "Get in Touch" });
    await expect(details.getByRole("link", { name: "+61 8 8123 4567" })).toHaveAttribute("href", "tel:+61881234567");
    await expect(details.getByRole("link", { name: "cases@adelaide-discreet.com.au" })).toBeVisible();
    await page.goto(`/orders/${orderNumber.toLowerCase()}`);
    const instructions = page.getByTestId("payment-instructions");
    const bank = instructions.getByTestId("bank-details");
    await expect(bank.getByRole("definition").filter({ hasText: "065-000" })).toBeVisible();
    await expect(bank.getByRole("definition").filter({ hasText: "12345678" })).toBeVisible();
    await context.close();
  } finally {
    await stopSite(site);
  }
});
