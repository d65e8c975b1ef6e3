/**
 * What a customer meets on a 360 px phone: one header on every page with the cart in the bar, the
 * added-to-cart toast's way to the cart, the order page's wording in each state, copy buttons on
 * the bank details, and a checkout that remembers the last address.
 */
import { expect, ownSiteTest, seed, signInAs, test } from "./fixtures";
import { mainNav } from "./helpers";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const shots = process.env.SHOTS_DIR;
const allLinks = ["Home", "Services", "Equipment Shop", "Book Now", "About", "Contact"];

test("every page has the same header: all six links in the menu, the cart with its count in the bar", async ({ page, context, site }) => {
  for (const path of ["/", "/services", "/about", "/contact", "/shop"]) {
    await page.goto(path);
    const nav = mainNav(page);
    await nav.getByLabel("Open menu").tap();
    await expect(nav.getByRole("list").getByRole("link")).toHaveText(allLinks);
    // Signed out there is no cart to show.
    await expect(nav.locator("[data-header-cart]")).toHaveCount(0);
  }

  const { userId } = await signInAs(context, site, "header@example.com");
  seed(site, "orderFor", userId);
  await page.goto("/about");
  const nav = mainNav(page);
  // The cart link is in the bar, visible with the menu closed, and says how many items.
  const cart = nav.getByRole("link", { name: /^Cart/ });
  await expect(cart).toBeVisible();
  await expect(cart).toBeInViewport();
  await expect(cart).toHaveAccessibleName("Cart 0 items");
  if (shots) await page.screenshot({ path: `${shots}/header-360.png` });
  await cart.tap();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("adding to the cart updates the bar's count and the toast offers View cart", async ({ page, signIn }) => {
  await signIn("toast@example.com");
  await page.goto("/shop/product/covert-body-worn-camera-4k");
  await page.getByRole("button", { name: "Add to Cart" }).scrollIntoViewIfNeeded();
  await expect(page.locator('pi-island[data-island="AddToCart"]')).toHaveAttribute("data-state", "hydrated");
  await page.getByRole("button", { name: "Add to Cart" }).tap();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(/Added to cart/i);
  await expect(mainNav(page).getByRole("link", { name: /^Cart/ })).toHaveAccessibleName("Cart 1 item");
  const view = toast.getByRole("link", { name: "View cart" });
  await expect(view).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/toast-360.png` });
  // Keyboard: F8 reaches the toast, Tab its action; the toast stays while focused.
  await page.keyboard.press("F8");
  await page.keyboard.press("Tab");
  await expect(view).toBeFocused();
  await page.waitForTimeout(5500);
  await expect(view).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Covert Body-Worn Camera 4K").first()).toBeVisible();
});

test("the order page says what is true in each state, once", async ({ page, context, site }) => {
  // A journey of several pages and browsers: more than the default 30 s on a busy machine.
  test.slow();
  const { userId } = await signInAs(context, site, "states@example.com");
  const { orderNumber } = seed(site, "orderFor", userId);
  const cases = [
    {
      status: "pending",
      pay: "pending",
      notice: "Thank you! Your order is placed",
      badge: "Not paid yet · Bank transfer",
      next: "How to pay by bank transfer",
    },
    {
      status: "processing",
      pay: "paid",
      notice: "Your order is paid and we are preparing it",
      badge: "Paid · Bank transfer",
      next: "we are preparing your order",
    },
    { status: "shipped", pay: "paid", notice: "Your order is on its way.", badge: "Paid · Bank transfer", next: "Your order is on its way." },
    { status: "delivered", pay: "paid", notice: "Your order was delivered.", badge: "Paid · Bank transfer", next: "Your order was delivered." },
    { status: "cancelled", pay: "pending", notice: null, badge: "Nothing charged · Bank transfer", next: "nothing was charged" },
    { status: "refunded", pay: "refunded", notice: null, badge: "Refunded · Bank transfer", next: "We refunded" },
    // A refund of an order still on hold closes it too: no thanks, no payment instructions.
    { status: "on_hold", pay: "refunded", notice: null, badge: "Refunded · Bank transfer", next: "We refunded" },
  ] as const;
  for (const c of cases) {
    seed(site, "orderInState", orderNumber, c.status, c.pay);
    await page.goto(`/orders/${orderNumber}?notice=placed`);
    const main = page.getByRole("main");
    await expect(page.getByTestId("payment-status")).toHaveText(c.badge);
    if (c.notice) await expect(main.getByRole("status").first()).toContainText(c.notice);
    else await expect(main.locator(".alert")).toHaveCount(0);
    await expect(main).toContainText(c.next);
    const text = ((await main.textContent()) ?? "").toLowerCase();
    if (c.pay === "refunded" || c.status === "cancelled") {
      expect(text).not.toContain("thank you");
      expect(text).not.toContain("how to pay");
      expect(text.match(/this order was cancelled|nothing was charged|we refunded/g)).toHaveLength(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (shots && (c.status === "cancelled" || c.pay === "refunded"))
      await page.screenshot({ path: `${shots}/order-${c.status}-${c.pay}-360.png`, fullPage: true });
  }
});

// On a site of its own: the bank details are set there (the shipped ones are placeholders, never shown).
const withOwnSite = ownSiteTest();

withOwnSite("bank details have copy buttons that say what they copied; without JavaScript the text stays", async ({ page, context, ownSite, browser }) => {
  const site = ownSite;
  seed(site, "businessDetails", { bankAccountName: "Adelaide Discreet Investigations", bankBsb: "065-000", bankAccountNumber: "12345678" });
  const { userId } = await signInAs(context, site, "copy@example.com");
  const { orderNumber } = seed(site, "orderFor", userId);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/orders/${orderNumber}`);
  const details = page.getByTestId("bank-details");
  await expect(details).toContainText("065-000");
  const copyBsb = details.getByRole("button", { name: "Copy BSB" });
  await expect(copyBsb).toBeVisible();
  await expect(details.getByRole("button", { name: "Copy Account number" })).toBeVisible();
  const copyRef = details.getByRole("button", { name: "Copy Reference" });
  // Keyboard reachable: focus and press Enter.
  await copyRef.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("toast")).toHaveText(`Reference copied: ${orderNumber}`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderNumber);
  await copyBsb.tap();
  await expect(page.getByTestId("toast")).toHaveText("BSB copied: 065-000");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("065-000");
  if (shots) await page.screenshot({ path: `${shots}/bank-copy-360.png`, fullPage: true });

  // A failed copy says so.
  await context.clearPermissions();
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error("denied"));
  });
  await copyBsb.tap();
  await expect(page.getByTestId("toast")).toHaveText("BSB could not be copied. Select it and copy it yourself.");

  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, storageState: await context.storageState() });
  const noJs = await plain.newPage();
  await noJs.goto(`${site.url}/orders/${orderNumber}`);
  const plainDetails = noJs.getByTestId("bank-details");
  await expect(plainDetails).toContainText("065-000");
  await expect(plainDetails).toContainText(orderNumber);
  await expect(plainDetails.getByRole("button")).toHaveCount(0);
  await plain.close();
});

test("the checkout offers the customer's own last address, and a new customer gets an empty form", async ({ page, context, site, browser }) => {
  const { userId } = await signInAs(context, site, "again@example.com");
  const address = { name: "Robin Park", line1: "22 Rundle Mall", suburb: "Adelaide", state: "SA" as const, postcode: "5000", phone: "0400 111 222" };
  const { orderNumber } = seed(site, "orderFor", userId, { address });
  seed(site, "orderInState", orderNumber, "cancelled", "pending");
  // A product whose stock no spec counts: the order below takes a unit of it on the shared site.
  await page.goto("/shop/product/evidence-collection-kit");
  await page.getByRole("button", { name: "Add to Cart" }).scrollIntoViewIfNeeded();
  await expect(page.locator('pi-island[data-island="AddToCart"]')).toHaveAttribute("data-state", "hydrated");
  await page.getByRole("button", { name: "Add to Cart" }).tap();
  await expect(page.getByTestId("toast")).toContainText(/Added to cart/i);
  await page.goto("/checkout");
  const shipping = page.getByRole("group", { name: "Shipping address" });
  await expect(page.getByTestId("remembered-address")).toContainText(`Filled in from your last order, ${orderNumber}.`);
  await expect(shipping.getByLabel("Full name")).toHaveValue("Robin Park");
  await expect(shipping.getByLabel("Street address")).toHaveValue("22 Rundle Mall");
  await expect(shipping.getByLabel("State or territory")).toHaveValue("SA");
  await expect(shipping.getByLabel("Phone")).toHaveValue("0400 111 222");
  if (shots) await page.screenshot({ path: `${shots}/checkout-remembered-360.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Placing the order with the remembered address works as it stands.
  // A fresh site offers cash deposit (bank transfer needs the owner's real details, decision 067).
  await page.getByLabel("Cash deposit").check();
  await page.getByRole("button", { name: /Place order/i }).tap();
  await expect(page).toHaveURL(/\/orders\/pi-/i);
  await expect(page.getByRole("main")).toContainText("Robin Park");

  const other = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await signInAs(other, site, "stranger@example.com");
  const strangerPage = await other.newPage();
  await strangerPage.goto(`${site.url}/shop/product/evidence-collection-kit`);
  await strangerPage.getByRole("button", { name: "Add to Cart" }).scrollIntoViewIfNeeded();
  await expect(strangerPage.locator('pi-island[data-island="AddToCart"]')).toHaveAttribute("data-state", "hydrated");
  await strangerPage.getByRole("button", { name: "Add to Cart" }).click();
  await expect(strangerPage.getByTestId("toast")).toContainText(/Added to cart/i);
  await strangerPage.goto(`${site.url}/checkout`);
  await expect(strangerPage.getByRole("group", { name: "Shipping address" }).getByLabel("Full name")).toHaveValue("");
  await expect(strangerPage.getByTestId("remembered-address")).toHaveCount(0);
  await expect(strangerPage.getByRole("main")).not.toContainText("Robin Park");
  await other.close();
});
