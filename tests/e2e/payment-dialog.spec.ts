/**
 * The payment dialog on /services (issue #5): it loads React only on the first press of a Select
 * button, opens for each of the six services with the viewer's prices, switches its five tabs by
 * mouse and keyboard, copies crypto addresses, e-mails payment instructions and cash-deposit
 * requests (caught by a real SMTP server), fits a 360 px phone, and pays through PayPal's SDK
 * (served by the test in place of PayPal's, against a local stand-in of PayPal's REST API).
 */
import type { BrowserContext, Page } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { collectScripts, seed, startSite, stopSite, type SiteServer } from "./fixtures";
import { afterTwoFrames, islandsScheduled } from "./helpers";
import { fakeSdk, spawnStandIn } from "./paypal-fixtures";
import { expect, test } from "./mail-fixtures";

test.describe.configure({ mode: "serial" });

const services = [
  { id: "checkup", name: "Discreet Check Up", list: "$75", price: "$37.50", due: "$37.50 USD", crypto: "$33.75 USD", saving: "$3.75" },
  { id: "partner", name: "Partner Check", list: "$295", price: "$147.50", due: "$147.50 USD", crypto: "$132.75 USD", saving: "$14.75" },
  { id: "infidelity", name: "Infidelity Investigation", list: "$695", price: "$347.50", due: "$347.50 USD", crypto: "$312.75 USD", saving: "$34.75" },
  // Two weeks: the new-client price, then the volume table's 15% (decision 083).
  { id: "fullcheating", name: "Full Cheating Investigation", list: "$1,295", price: "$647.50", due: "$550.37 USD", crypto: "$495.33 USD", saving: "$55.04" },
  { id: "hourly", name: "Hourly Surveillance", list: "$85/hr", price: "$42.50/hr", due: "$170 USD for the 4-hour minimum", crypto: "$153 USD", saving: "$17" },
  {
    id: "ongoing",
    name: "Ongoing Monitoring",
    list: "$395/mo",
    price: "$197.50/mo",
    due: "$197.50 USD for the first month",
    crypto: "$177.75 USD",
    saving: "$19.75",
  },
];

/** A card's Select control: a link before hydration, a button that opens the dialog after. */
const selectButton = (page: Page, id: string) => page.locator(`[data-service-id="${id}"]`);
const dialog = (page: Page) => page.getByRole("dialog");
const toastItem = (page: Page) => page.getByTestId("toast");
const tab = (page: Page, name: string) => dialog(page).getByRole("tab", { name, exact: true });
const panel = (page: Page) => dialog(page).getByRole("tabpanel");

async function openDialog(page: Page, id: string) {
  // Until the page's entry script has scheduled the island, Select is still the plain link; on a
  // busy machine a click that early would follow it instead of opening the dialog.
  await islandsScheduled(page);
  await selectButton(page, id).click();
  await expect(dialog(page)).toBeVisible();
}

/** A received e-mail's text with folded header lines joined again. */
const unfolded = (text: string) => text.replace(/\r?\n[ \t]+/g, " ");

/** True when the focused element is inside the open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest("dialog[open]"));

test("the page loads only the island entry (no React) until a Select button is pressed; that press opens the dialog", async ({ page, request }) => {
  const scripts = collectScripts(page);
  await page.goto("/services", { waitUntil: "load" });
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await afterTwoFrames(page);
  expect(scripts[0]).toMatch(/^\/assets\/entry-[^/]+\.js$/);
  // Only the entry and the bundler's tiny shared runtime: neither React nor any island chunk.
  expect(scripts.filter((s) => !/^\/assets\/(entry|chunk)-[^/]+\.js$/.test(s))).toEqual([]);
  for (const src of scripts) {
    const code = await (await request.get(src)).text();
    expect(code, `${src} must not contain React`).not.toContain("react.transitional.element");
    expect(code.length, `${src} stays small`).toBeLessThan(8 * 1024);
  }
  await expect(page.getByRole("link", { name: "Select Partner Check" })).toHaveAttribute("href", "/contact?service=partner#contact-form");

  // The waking click is replayed: the dialog opens and the link is not followed.
  await page.getByRole("link", { name: "Select Partner Check" }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("heading", { name: "Partner Check" })).toBeVisible();
  await expect(page).toHaveURL(/\/services$/);
  expect(scripts.some((s) => s.startsWith("/assets/hydrate-"))).toBe(true);
  expect(scripts.some((s) => s.startsWith("/assets/PaymentDialog-"))).toBe(true);
  // PayPal's SDK is not loaded for a dialog that does not show the PayPal tab.
  expect(scripts.filter((s) => !s.startsWith("/assets/"))).toEqual([]);
});

test("each of the six cards opens the dialog with its name, the struck-through list price, the new-client price and the real percent off", async ({ page }) => {
  await page.goto("/services");
  const closers = ["Cancel", "Close", "Escape"] as const;
  for (const [i, s] of services.entries()) {
    await openDialog(page, s.id);
    const d = dialog(page);
    await expect(d.getByRole("heading", { level: 2 })).toHaveText(s.name);
    const price = d.getByTestId("dialog-price");
    await expect(price.locator("del")).toHaveText(`List price ${s.list}`);
    await expect(price).toContainText(`Your price ${s.price}`);
    await expect(price.getByText("50% OFF", { exact: true })).toBeVisible();
    await expect(price).toContainText(`Amount due: ${s.due}`);
    await expect(d.getByRole("listitem").filter({ hasText: /^(Secure|Confidential|Professional)$/ })).toHaveText(["Secure", "Confidential", "Professional"]);
    await expect(tab(page, "Instructions")).toHaveAttribute("aria-selected", "true");

    // Cancel, the close control and Escape all close it, and focus returns to the card's button.
    const how = closers[i % closers.length]!;
    if (how === "Escape") await page.keyboard.press("Escape");
    else await d.getByRole("button", { name: how, exact: true }).first().click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(selectButton(page, s.id)).toBeFocused();
    await expect(selectButton(page, s.id)).toHaveAttribute("role", "button");
  }
  await expect(page).toHaveURL(/\/services$/);
});

test("five tabs, starting on Instructions, each with its content; PayPal is off without configuration", async ({ page }) => {
  const paypalRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("paypal")) paypalRequests.push(r.url());
  });
  await page.goto("/services");
  await openDialog(page, "partner");
  await expect(dialog(page).getByRole("tab")).toHaveText(["Instructions", "PayPal", "Crypto", "Cash", "Other"]);

  await expect(panel(page)).toContainText("You receive:");
  for (const item of ["exact amount and currency", "instructions for the payment method", "reference code", "processing timeline", "service starts"]) {
    await expect(panel(page)).toContainText(item);
  }
  await expect(panel(page).getByRole("button", { name: "Confirm Order & Request Instructions" })).toBeVisible();

  await tab(page, "PayPal").click();
  await expect(tab(page, "PayPal")).toHaveAttribute("aria-selected", "true");
  await expect(panel(page)).toContainText("Pay $147.50 USD securely with PayPal.");
  await expect(panel(page)).toContainText("Card payments are not available right now.");

  // The shipped crypto addresses are made up, so the tab offers none (decision 037); real ones: the Copy Address test.
  await tab(page, "Crypto").click();
  await expect(panel(page)).toContainText("Cryptocurrency payments are not available right now.");
  await expect(panel(page).locator("[data-coin]")).toHaveCount(0);

  await tab(page, "Cash").click();
  await expect(panel(page).getByRole("listitem")).toHaveText([
    "Request deposit locations with the button below.",
    "Receive the locations by encrypted e-mail within 30 minutes.",
    "Deposit exactly $147.50 in cash.",
    "Write your reference code on the deposit slip.",
    "Your service starts once we confirm the deposit.",
  ]);
  await expect(panel(page).getByRole("button", { name: "Request Cash Deposit Locations" })).toBeVisible();

  await tab(page, "Other").click();
  for (const text of ["Wire transfer", "Money orders", "Other cryptocurrencies"]) {
    await expect(panel(page)).toContainText(text);
  }
  // $147.50 is below the smallest price for a plan ($300 by default): no plan is promised for it (decision 085).
  await expect(panel(page)).not.toContainText("Payment plans");
  // The shipped e-mail and phone are made up, so the panel points to the contact form instead (decision 037).
  await expect(panel(page).getByRole("link", { name: "contact form" })).toHaveAttribute("href", "/contact");
  await expect(panel(page)).not.toContainText("+61 8 0000 0000");

  await tab(page, "Instructions").click();
  await expect(panel(page)).toContainText("You receive:");

  // The investigation's $347.50 is above it: its booking may be paid in 2, 3 or 4 payments, chosen when paying.
  await page.keyboard.press("Escape");
  await openDialog(page, "infidelity");
  await tab(page, "Other").click();
  for (const text of [
    "Payment plans",
    "Book it, then pay the booking's $347.50 in 2, 3 or 4 payments when you pay: 0% interest, no credit check.",
    "2 payments: 2 × $173.75",
    "3 payments: $115.84, then 2 × $115.83",
    "4 payments: $86.89, then 3 × $86.87",
  ]) {
    await expect(panel(page)).toContainText(text);
  }
  expect(paypalRequests).toEqual([]);
});

/** Real-looking addresses of each coin's format, as the owner would enter them. */
const realAddresses = {
  btcAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  ethAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
  usdcSolAddress: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
};

test("Copy Address puts the address on the clipboard, names the coin in the toast, and reads 'Copied!' for 2 seconds", async ({ browser }) => {
  // A site of its own, with the owner's addresses saved before its first page is drawn.
  const own = await startSite();
  seed(own, "businessDetails", realAddresses);
  const context = await browser.newContext({ baseURL: own.url });
  const page = await context.newPage();
  try {
    await copyAddresses(page, context);
  } finally {
    await context.close();
    await stopSite(own);
  }
});

async function copyAddresses(page: Page, context: BrowserContext) {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.clock.install();
  await page.goto("/services");
  await openDialog(page, "infidelity");
  await tab(page, "Crypto").click();
  await expect(panel(page)).toContainText("in cryptocurrency: 10% off");
  await expect(panel(page).locator("[data-coin] p.font-semibold")).toHaveText([
    "Bitcoin (Bitcoin network)",
    "Ethereum (ERC-20 network)",
    "USDC (Solana network)",
  ]);
  // A memo is public and permanent: only the reference goes there, never the e-mail address (decision 067).
  for (const note of [
    "put only that code in it",
    "never put your name or e-mail address there",
    "begins once the payment is confirmed",
    "1-6 network confirmations",
  ]) {
    await expect(panel(page)).toContainText(note);
  }

  const bitcoin = panel(page).locator('[data-coin="Bitcoin"]');
  const address = (await bitcoin.locator("code").textContent())!;
  const copy = bitcoin.getByRole("button", { name: "Copy Address" });
  await expect(copy).toHaveAccessibleDescription("Bitcoin (Bitcoin network)");
  // From here the page's clock only moves when the test says so.
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await copy.click();
  await expect(bitcoin.getByRole("button")).toHaveText("Copied!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(toastItem(page)).toContainText("Copied to Clipboard");
  await expect(toastItem(page)).toContainText("Bitcoin address copied.");
  // Only the copied coin's button changes.
  await expect(panel(page).locator('[data-coin="USDC"]').getByRole("button")).toHaveText("Copy Address");

  // The page's own clock decides the 2 seconds, so a slow machine cannot make this flaky.
  await page.clock.runFor(1900);
  await expect(bitcoin.getByRole("button")).toHaveText("Copied!");
  await page.clock.runFor(200);
  await expect(bitcoin.getByRole("button")).toHaveText("Copy Address");

  const usdc = panel(page).locator('[data-coin="USDC"]');
  await usdc.getByRole("button", { name: "Copy Address" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await usdc.locator("code").textContent())!);
  await expect(toastItem(page)).toContainText("USDC address copied.");
}

test("Confirm Order & Request Instructions asks a signed-out client for an e-mail, records the request and e-mails the instructions", async ({
  page,
  mailbox,
}) => {
  await page.goto("/services");
  await openDialog(page, "fullcheating");
  const email = panel(page).getByLabel("Your e-mail");
  const confirm = panel(page).getByRole("button", { name: "Confirm Order & Request Instructions" });

  await confirm.click();
  await expect(email).toHaveAccessibleDescription("Required");
  await email.fill("not-an-email");
  await confirm.click();
  await expect(email).toHaveAccessibleDescription("Please enter a valid e-mail address");

  await email.fill("jane.doe@example.com");
  const request = page.waitForRequest((r) => r.url().endsWith("/api/payment-requests"));
  await confirm.click();
  expect((await request).postDataJSON()).toEqual({ serviceId: "fullcheating", method: "instructions", email: "jane.doe@example.com" });
  await expect(toastItem(page)).toContainText("Payment Instructions Requested");
  await expect(toastItem(page)).toContainText("Detailed instructions are on their way to jane.doe@example.com.");
  const reference = /PAY-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec((await toastItem(page).textContent())!)![0];
  await expect(dialog(page)).toHaveCount(0);
  await expect(selectButton(page, "fullcheating")).toBeFocused();

  await expect.poll(() => mailbox.to("jane.doe@example.com").length).toBe(1);
  const mail = unfolded(mailbox.to("jane.doe@example.com")[0]!.text);
  expect(mail).toContain(`Subject: Payment instructions (${reference})`);
  expect(mail).toContain("Amount: $550.37 USD (new-client price, 50% off the list price of $1,295) (volume discount, 15%: $97.13 off)");
  expect(mail).toContain(`Reference code: ${reference}`);
  await expect.poll(() => mailbox.to("owner@example.com").filter((m) => m.text.includes(reference)).length).toBe(1);
});

test("Request Cash Deposit Locations records the request, e-mails it and shows the reference", async ({ page, mailbox }) => {
  await page.goto("/services");
  await openDialog(page, "checkup");
  await tab(page, "Cash").click();
  await panel(page).getByLabel("Your e-mail").fill("cash.client@example.com");
  await panel(page).getByRole("button", { name: "Request Cash Deposit Locations" }).click();
  await expect(toastItem(page)).toContainText("Cash Deposit Instructions Sent");
  await expect(toastItem(page)).toContainText("within 30 minutes");
  const status = panel(page).getByRole("status");
  await expect(status).toContainText("Deposit locations will be e-mailed to cash.client@example.com within 30 minutes.");
  const reference = (await status.locator("strong").textContent())!;
  expect(reference).toMatch(/^PAY-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  // The dialog stays open: the client needs the reference for the deposit.
  await expect(dialog(page)).toBeVisible();

  await expect.poll(() => mailbox.to("cash.client@example.com").length).toBe(1);
  expect(unfolded(mailbox.to("cash.client@example.com")[0]!.text)).toContain(`Subject: Cash deposit request (${reference})`);
  await expect
    .poll(
      () =>
        mailbox.to("owner@example.com").filter((m) => unfolded(m.text).includes(`Send cash deposit locations to cash.client@example.com (${reference})`))
          .length,
    )
    .toBe(1);
});

test("keyboard only: Tab to a Select button, Enter opens, focus stays inside, arrows switch tabs, Escape closes", async ({ page }) => {
  await page.goto("/services");
  // Tab from the top of the page to the first card's button.
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.getAttribute("data-service-id") === "checkup")) break;
  }
  await expect(selectButton(page, "checkup")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("heading", { name: "Discreet Check Up" })).toBeVisible();
  expect(await focusInDialog(page)).toBe(true);

  // Focus never leaves the dialog while it is open (the page behind is inert).
  const visited = new Set<string>();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return "document";
      return el.closest("dialog[open]") ? `${el.tagName}:${el.getAttribute("role") ?? ""}:${el.textContent?.trim().slice(0, 20)}` : `outside:${el.tagName}`;
    });
    expect(where.startsWith("outside")).toBe(false);
    visited.add(where);
  }
  expect(visited.has("BUTTON:tab:Instructions")).toBe(true);
  expect(visited.has("BUTTON::Cancel")).toBe(true);

  // Arrow keys move between tabs and select them.
  await tab(page, "Instructions").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "PayPal")).toBeFocused();
  await expect(tab(page, "PayPal")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(tab(page, "Other")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "Instructions")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(tab(page, "Other")).toBeFocused();
  await expect(panel(page)).toContainText("Wire transfer");

  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(selectButton(page, "checkup")).toBeFocused();
  // Space opens it again, now that the link acts as a button.
  await page.keyboard.press("Space");
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(selectButton(page, "checkup")).toBeFocused();
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true });

  test("the dialog fits the screen, at most 90% of its height, and scrolls inside", async ({ page }) => {
    await page.goto("/services");
    await openDialog(page, "hourly");
    const box = dialog(page).locator(".modal-box");
    const rect = (await box.boundingBox())!;
    expect(rect.x).toBeGreaterThanOrEqual(0);
    expect(rect.x + rect.width).toBeLessThanOrEqual(360);
    expect(rect.height).toBeLessThanOrEqual(640 * 0.9 + 1);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    for (const name of ["Instructions", "PayPal", "Crypto", "Cash", "Other"]) {
      await tab(page, name).click();
      await expect(panel(page)).toBeVisible();
      const overflow = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(overflow.scroll, `no sideways scrolling in ${name}`).toBeLessThanOrEqual(overflow.client);
    }
    // Long content scrolls inside the box; the footer is reachable.
    await dialog(page).getByRole("button", { name: "Cancel" }).scrollIntoViewIfNeeded();
    await expect(dialog(page).getByRole("button", { name: "Cancel" })).toBeInViewport();
    await dialog(page).getByRole("button", { name: "Cancel" }).tap();
    await expect(dialog(page)).toHaveCount(0);
  });
});

test("a signed-in returning customer sees list prices without a badge, and requests go to the account's e-mail", async ({ page, signIn, mailbox }) => {
  await signIn("rosa.returning@example.com", { returning: true });

  await page.goto("/services");
  await openDialog(page, "partner");
  const price = dialog(page).getByTestId("dialog-price");
  await expect(price).toContainText("$295");
  await expect(price).toContainText("Amount due: $295 USD");
  await expect(price.locator("del")).toHaveCount(0);
  await expect(price.getByText(/% OFF/)).toHaveCount(0);

  await expect(panel(page)).toContainText("We will e-mail rosa.returning@example.com, the address of your account.");
  await expect(panel(page).getByLabel("Your e-mail")).toHaveCount(0);
  await panel(page).getByRole("button", { name: "Confirm Order & Request Instructions" }).click();
  await expect(toastItem(page)).toContainText("Payment Instructions Requested");
  await expect.poll(() => mailbox.to("rosa.returning@example.com").filter((m) => unfolded(m.text).includes("Service: Partner Check")).length).toBe(1);
  expect(mailbox.to("rosa.returning@example.com").find((m) => m.text.includes("Payment instructions"))!.text).toContain("Amount: $295 USD");
});

test.describe("when PayPal's answer to a capture is lost and the order cannot be looked up", () => {
  let standIn: ChildProcess;
  let paypalSite: SiteServer;
  test.use({ allowConsoleErrors: [/status of 502/] });

  test.beforeAll(async () => {
    const started = await spawnStandIn({ STAND_IN_CAPTURE: "lost", STAND_IN_GET_ORDER: "error", STAND_IN_DELAY_MS: "5000" });
    standIn = started.standIn;
    paypalSite = await startSite({
      PAYPAL_CLIENT_ID: "stand-in-client-id",
      PAYPAL_CLIENT_SECRET: "stand-in-secret",
      PAYPAL_API_BASE: started.apiBase,
      PAYPAL_TIMEOUT_MS: "400",
    });
  });
  test.afterAll(async () => {
    await stopSite(paypalSite);
    standIn.kill();
  });

  test("the customer is told the payment is being checked, never that it was not completed", async ({ page }) => {
    await page.route("https://www.paypal.com/sdk/js**", (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: fakeSdk }));
    await page.goto(`${paypalSite.url}/services`);
    await openDialog(page, "partner");
    await tab(page, "PayPal").click();
    await panel(page).getByRole("button", { name: "Pay with PayPal" }).click();
    await expect(toastItem(page)).toContainText("Checking your payment", { timeout: 15_000 });
    await expect(toastItem(page)).toContainText("Please don't pay again");
    await expect(toastItem(page)).not.toContainText("not completed");
  });
});

test.describe("with PayPal configured", () => {
  let standIn: ChildProcess;
  let paypalSite: SiteServer;

  test.beforeAll(async ({ mailbox }) => {
    const started = await spawnStandIn();
    standIn = started.standIn;
    const apiBase = started.apiBase;
    paypalSite = await startSite({
      SMTP_URL: mailbox.url,
      MAIL_FROM: "site@example.com",
      BUSINESS_EMAIL: "owner@example.com",
      PAYPAL_CLIENT_ID: "stand-in-client-id",
      PAYPAL_CLIENT_SECRET: "stand-in-secret",
      PAYPAL_API_BASE: apiBase,
    });
  });
  test.afterAll(async () => {
    await stopSite(paypalSite);
    standIn.kill();
  });

  test("the SDK loads only when the PayPal tab opens, and an approved payment is captured, confirmed and receipted", async ({ page, mailbox }) => {
    const sdkRequests: string[] = [];
    await page.route("https://www.paypal.com/sdk/js**", (route) => {
      sdkRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "application/javascript", body: fakeSdk });
    });
    const response = await page.goto(`${paypalSite.url}/services`);
    expect(response!.headers()["content-security-policy"]).toContain("script-src 'self' https://*.paypal.com https://*.paypalobjects.com");
    expect(response!.headers()["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");

    await openDialog(page, "partner");
    await tab(page, "Crypto").click();
    await tab(page, "Instructions").click();
    expect(sdkRequests).toEqual([]);

    await tab(page, "PayPal").click();
    const payButton = panel(page).getByRole("button", { name: "Pay with PayPal" });
    await expect(payButton).toBeVisible();
    expect(sdkRequests).toHaveLength(1);
    const sdkUrl = new URL(sdkRequests[0]!);
    expect(Object.fromEntries(sdkUrl.searchParams)).toEqual({ "client-id": "stand-in-client-id", currency: "USD", intent: "capture", components: "buttons" });
    expect(await page.evaluate(() => (window as unknown as { __paypalSdk: { clientToken: string } }).__paypalSdk.clientToken)).toMatch(/^client-token-\d+$/);

    const order = page.waitForRequest((r) => r.url().endsWith("/paypal/order"));
    await payButton.click();
    expect((await order).postDataJSON()).toEqual({ serviceId: "partner", amount: 147.5, currency: "USD", intent: "CAPTURE" });
    await expect(toastItem(page)).toContainText("Payment Received");
    await expect(toastItem(page)).toContainText("Your payment for Partner Check is confirmed");
    const reference = /PAY-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec((await toastItem(page).textContent())!)![0];
    await expect(dialog(page)).toHaveCount(0);

    await expect.poll(() => mailbox.to("payer@example.com").length).toBe(1);
    expect(unfolded(mailbox.to("payer@example.com")[0]!.text)).toContain(`Subject: Payment received (${reference})`);
    expect(mailbox.to("payer@example.com")[0]!.text).toContain("Amount paid: $147.50 USD");

    // Reopening the tab reuses the loaded SDK, without asking for another client token.
    const setups: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/paypal/setup")) setups.push(r.url());
    });
    await openDialog(page, "checkup");
    await tab(page, "PayPal").click();
    await expect(panel(page).getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
    expect(sdkRequests).toHaveLength(1);
    expect(setups).toEqual([]);
  });

  test.describe("when PayPal cannot be reached", () => {
    test.use({ allowConsoleErrors: [/status of 502/] });

    test("the tab says so and offers to try again", async ({ page }) => {
      await page.route("https://www.paypal.com/sdk/js**", (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: fakeSdk }));
      let failSetup = true;
      await page.route("**/paypal/setup", (route) =>
        failSetup
          ? route.fulfill({
              status: 502,
              contentType: "application/json",
              body: JSON.stringify({ error: { code: "payment_provider_error", message: "PayPal could not be reached." } }),
            })
          : route.fallback(),
      );
      await page.goto(`${paypalSite.url}/services`);
      await openDialog(page, "ongoing");
      await tab(page, "PayPal").click();
      const alert = panel(page).getByRole("alert");
      await expect(alert).toContainText("PayPal could not be loaded.");
      failSetup = false;
      await alert.getByRole("button", { name: "Try again" }).click();
      await expect(panel(page).getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
      await expect(panel(page).getByRole("alert")).toHaveCount(0);
    });
  });
});
