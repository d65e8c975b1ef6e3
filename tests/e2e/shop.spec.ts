/**
 * The equipment shop end to end: filtering, searching and sorting in the hydrated island (and from
 * the URL with JavaScript off), product pages, an unknown product, and the cart, signed out (sent
 * to sign in and back) and signed in (count in the navigation, cart totals, free-shipping progress).
 */
import type { Locator, Page } from "@playwright/test";
import { seedProducts } from "../../src/db/seed/catalogue";
import { expect, test } from "./fixtures";
import { mainNav } from "./helpers";

const password = "a long and unusual passphrase";
const byName = new Map(seedProducts.map((p) => [p.name, p]));
/** What a product sells for: the sale price when there is one. */
const priceOf = (name: string) => Number(byName.get(name)!.salePrice ?? byName.get(name)!.price);
const mentions = (p: (typeof seedProducts)[number], word: string) => [p.name, ...p.features].some((s) => s.toLowerCase().includes(word));

const grid = (page: Page) => page.getByRole("list").filter({ has: page.getByRole("article") });
const cardNames = (page: Page) => grid(page).getByRole("heading", { level: 3 }).allTextContents();
const summary = (page: Page) => page.getByTestId("shop-summary");
const card = (page: Page, name: string): Locator => page.getByRole("article", { name });

async function openHydratedShop(page: Page, path = "/shop") {
  await page.goto(path);
  await expect(page.locator('pi-island[data-island="ShopCatalog"]')).toHaveAttribute("data-state", "hydrated");
}

/** The nav's cart count (desktop navigation at the default viewport). */
const cartCount = (page: Page) => mainNav(page).locator("[data-cart-count]:visible");

// Any Content-Security-Policy violation (an eval probe, an inline style) fails the test.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.sourceFile ?? ""}`));
  });
});

async function signUpFromLoginPage(page: Page, email: string) {
  await page.getByRole("link", { name: "Create account", exact: true }).click();
  await page.getByLabel("First name (optional)").fill("Sam");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await signInAfterSignUp(page, email);
}

/** Sign-up answers alike for new and known addresses, so the new customer signs in next. */
async function signInAfterSignUp(page: Page, email: string) {
  await expect(page.getByText("Check your e-mail")).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test.describe("browsing", () => {
  test("filter by a category, search, and sort by price both ways, in place and in the URL", async ({ page }) => {
    await openHydratedShop(page);
    await expect(summary(page)).toHaveText(`Showing ${seedProducts.length} products`);
    // Proves the filtering below happens without a page load.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const gps = seedProducts.filter((p) => p.categorySlug === "gps-tracking");
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: /GPS Tracking/ })
      .click();
    await expect(page).toHaveURL(/\/shop\?category=gps-tracking$/);
    await expect(summary(page)).toHaveText(`Showing ${gps.length} products in GPS Tracking`);
    expect((await cardNames(page)).sort()).toEqual(gps.map((p) => p.name).sort());

    const withBattery = gps.filter((p) => mentions(p, "battery"));
    expect(withBattery.length).toBeGreaterThan(1);
    await page.getByLabel("Search products").fill("battery");
    await expect(page).toHaveURL(/\/shop\?category=gps-tracking&q=battery$/);
    await expect(summary(page)).toHaveText(`Showing ${withBattery.length} products in GPS Tracking matching “battery”`);

    const ascending = withBattery.map((p) => p.name).sort((a, b) => priceOf(a) - priceOf(b));
    await page.getByLabel("Sort by").selectOption({ label: "Price Low to High" });
    await expect(page).toHaveURL(/\/shop\?category=gps-tracking&q=battery&sort=price-asc$/);
    await expect.poll(() => cardNames(page)).toEqual(ascending);

    await page.getByLabel("Sort by").selectOption({ label: "Price High to Low" });
    await expect(page).toHaveURL(/sort=price-desc$/);
    await expect.poll(() => cardNames(page)).toEqual([...ascending].reverse());

    // Across the whole catalogue, with sale prices in play.
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: /All Products/ })
      .click();
    await page.getByLabel("Search products").fill("");
    await expect(page).toHaveURL(/\/shop\?sort=price-desc$/);
    // The list follows the URL once the deferred filter has rendered: wait for it, then read it.
    await expect(summary(page)).toHaveText(`Showing ${seedProducts.length} products`);
    const all = await cardNames(page);
    expect(all).toHaveLength(seedProducts.length);
    const prices = all.map(priceOf);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Back returns to the previous view.
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\?category=gps-tracking&q=battery&sort=price-desc$/);
    await expect(page.getByLabel("Search products")).toHaveValue("battery");
    await expect.poll(() => cardNames(page)).toEqual([...ascending].reverse());
  });

  test("a search that matches nothing says so", async ({ page }) => {
    await openHydratedShop(page);
    await page.getByLabel("Search products").fill("zzzz no such thing");
    await expect(summary(page)).toHaveText("No products found");
    await expect(grid(page)).toHaveCount(0);
    await page.getByRole("link", { name: "View all products" }).click();
    await expect(summary(page)).toHaveText(`Showing ${seedProducts.length} products`);
    await expect(page).toHaveURL(/\/shop$/);
  });

  test("open a product from its card", async ({ page }) => {
    await openHydratedShop(page);
    const name = "Covert Body-Worn Camera 4K";
    await card(page, name)
      .getByRole("link", { name: /View Details/ })
      .click();
    await expect(page).toHaveURL(/\/shop\/product\/covert-body-worn-camera-4k$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Surveillance Cameras");
    await expect(page.getByText("Save $50")).toBeVisible();
    await expect(page.getByText("In Stock (18 available)")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Key Features" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Specifications" })).toBeVisible();
    await expect(page.getByText("Orders are processed within 1-2 business days.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  });

  test("a sold-out product cannot be added", async ({ page }) => {
    await page.goto("/shop/product/cellular-trail-camera");
    await expect(page.getByText("Out of Stock").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
    await openHydratedShop(page);
    await expect(card(page, "4G Cellular Trail Camera").getByRole("button", { name: /Out of Stock/ })).toBeDisabled();
  });
});

test.describe("an unknown product", () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("shows 'Product Not Found' with a link back to the shop", async ({ page }) => {
    const res = await page.goto("/shop/product/no-such-product");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product Not Found");
    await expect(page.getByText("The product you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Shop" }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });
});

test.describe("the cart", () => {
  test.describe.configure({ mode: "serial" });

  test("signed out, Add to Cart sends the visitor to sign in, and back afterwards", async ({ page }) => {
    // Filtered in place after loading: the visitor comes back to the view they were on.
    await openHydratedShop(page);
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: /Communication/ })
      .click();
    await expect(page).toHaveURL(/\/shop\?category=communication$/);
    await card(page, "Acoustic Tube Earpiece Kit")
      .getByRole("button", { name: /Add to Cart/ })
      .click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fshop%3Fcategory%3Dcommunication$/);

    await page.goto("/shop/product/faraday-evidence-bag");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fshop%2Fproduct%2Ffaraday-evidence-bag$/);
    await signUpFromLoginPage(page, "shopper@example.com");
    await expect(page).toHaveURL(/\/shop\/product\/faraday-evidence-bag$/);
    await expect(cartCount(page)).toHaveText("0");
  });

  test("signed in, adding updates the count; the cart shows totals and free-shipping progress", async ({ page, signIn }) => {
    await signIn("cart@example.com");

    // Product page: the stepper and Add to Cart, in place.
    await page.goto("/shop/product/faraday-evidence-bag"); // $79
    await expect(page.locator('pi-island[data-island="AddToCart"]')).toHaveAttribute("data-state", "hydrated");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Added to Cart");
    await expect(cartCount(page)).toHaveText("1");
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue("2");
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue("1");

    // From the shop grid.
    await openHydratedShop(page, "/shop?q=earpiece");
    await card(page, "Acoustic Tube Earpiece Kit")
      .getByRole("button", { name: /Add to Cart/ })
      .click(); // $79
    await expect(page.getByTestId("toast")).toContainText("Acoustic Tube Earpiece Kit is in your cart.");
    await expect(cartCount(page)).toHaveText("2");

    // The cart page.
    await mainNav(page).getByRole("link", { name: /Cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator('pi-island[data-island="CartView"]')).toHaveAttribute("data-state", "hydrated");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-subtotal")).toHaveText("$158");
    await expect(page.getByTestId("cart-shipping")).toHaveText("$15");
    await expect(page.getByTestId("cart-total")).toHaveText("$173");
    await expect(page.getByTestId("free-shipping")).toHaveText("$42 more for free shipping");
    await expect(page.getByRole("progressbar", { name: "Progress towards free shipping" })).toHaveAttribute("value", "158");

    // One more bag crosses the $200 threshold.
    await page.getByRole("button", { name: "Increase quantity of Faraday Evidence Bag for Phones" }).click();
    await expect(page.getByTestId("cart-subtotal")).toHaveText("$237");
    await expect(page.getByTestId("free-shipping")).toHaveText("You qualify for free shipping!");
    await expect(page.getByTestId("cart-shipping")).toHaveText("Free");
    await expect(cartCount(page)).toHaveText("3");

    // A quantity typed in and confirmed with Enter.
    await page.getByLabel("Quantity of Acoustic Tube Earpiece Kit", { exact: true }).fill("3");
    await page.getByLabel("Quantity of Acoustic Tube Earpiece Kit", { exact: true }).press("Enter");
    await expect(page.getByTestId("cart-subtotal")).toHaveText("$395");
    await expect(cartCount(page)).toHaveText("5");

    await page.getByRole("button", { name: "Remove Acoustic Tube Earpiece Kit" }).click();
    await expect(page.getByTestId("toast")).toContainText("Acoustic Tube Earpiece Kit was removed from your cart.");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-subtotal")).toHaveText("$158");
    await expect(page.getByTestId("free-shipping")).toHaveText("$42 more for free shipping");
    await expect(cartCount(page)).toHaveText("2");

    // A fresh load shows what the server kept.
    await page.reload();
    await expect(page.getByTestId("cart-subtotal")).toHaveText("$158");
    await expect(cartCount(page)).toHaveText("2");
  });

  test("an ID-required item shows its notice in the cart", async ({ page, signIn }) => {
    await signIn("verify@example.com");
    await page.goto("/shop/product/digital-voice-recorder-pro");
    await expect(page.getByText("Verification Required")).toBeVisible();
    await expect(page.locator('pi-island[data-island="AddToCart"]')).toHaveAttribute("data-state", "hydrated");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(cartCount(page)).toHaveText("1");
    await page.goto("/cart");
    await expect(page.getByText("ID verification required")).toBeVisible();
    await expect(page.getByText("Professional Digital Voice Recorder requires identity verification.", { exact: false })).toBeVisible();
  });
});

test.describe("stock limits", () => {
  test.use({ allowConsoleErrors: [/status of 409/] });

  test("the stepper stops at the stock, and the server refuses more than is left", async ({ page, signIn }) => {
    await signIn("stock@example.com");
    await page.goto("/shop/product/obd-fleet-gps-tracker");
    await expect(page.getByText("In Stock (3 available)")).toBeVisible();
    await expect(page.locator('pi-island[data-island="AddToCart"]')).toHaveAttribute("data-state", "hydrated");
    const more = page.getByRole("button", { name: "Increase quantity" });
    await more.click();
    await more.click();
    await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue("3");
    await expect(more).toBeDisabled();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(cartCount(page)).toHaveText("3");
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Only 3 left in stock, and 3 are already in your cart.");
    await expect(cartCount(page)).toHaveText("3");
  });
});

test.describe("on a small phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

  test("the shop, a product and the cart have no horizontal scroll at 360 px", async ({ page }) => {
    for (const path of ["/shop", "/shop/product/non-linear-junction-detector"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    }
    await page.goto("/login?mode=signup&returnTo=%2Fshop%2Fproduct%2Fforensic-drive-duplicator");
    await page.getByLabel("E-mail").fill("phone@example.com");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await signInAfterSignUp(page, "phone@example.com");
    await expect(page.locator('pi-island[data-island="AddToCart"]')).toHaveAttribute("data-state", "hydrated");
    await page.getByRole("button", { name: "Add to Cart" }).tap();
    await expect(page.getByTestId("toast")).toContainText("Added to Cart");
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the filtered URL renders the right products, and the search form works", async ({ page }) => {
    await page.goto("/shop?category=gps-tracking&q=battery&sort=price-desc");
    const expected = seedProducts
      .filter((p) => p.categorySlug === "gps-tracking" && mentions(p, "battery"))
      .map((p) => p.name)
      .sort((a, b) => priceOf(b) - priceOf(a));
    expect(await cardNames(page)).toEqual(expected);
    await expect(page.getByLabel("Search products")).toHaveValue("battery");
    await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");

    await page.getByLabel("Search products").fill("camera");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?category=gps-tracking&q=camera&sort=price-desc#products$/);
    await expect(page.getByTestId("shop-summary")).toHaveText("No products found");

    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: /Surveillance Cameras/ })
      .click();
    await expect(page).toHaveURL(/\/shop\?category=surveillance-cameras&q=camera&sort=price-desc#products$/);
    const cameras = seedProducts.filter((p) => p.categorySlug === "surveillance-cameras" && mentions(p, "camera")).map((p) => p.name);
    expect((await cardNames(page)).sort()).toEqual(cameras.sort());
  });
});
