/**
 * A small phone (360×740): no horizontal scrolling, and the collapsible mobile menu.
 */
import { expect, seed, signInAs, test } from "./fixtures";
import { contactForm, mainNav } from "./helpers";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const scrollWidth = (page: import("@playwright/test").Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

for (const path of ["/", "/services", "/about", "/contact"]) {
  test(`${path} has no horizontal scroll at 360 px`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    // Also after scrolling through the page (lazy content, the form island).
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    if (path === "/contact") await contactForm(page).scrollIntoViewIfNeeded();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
  });
}

test("the menu opens from its button, a tapped link navigates and the new page starts with it closed", async ({ page }) => {
  await page.goto("/");
  const nav = mainNav(page);
  const menuButton = nav.getByLabel("Open menu");

  // Collapsed: neither the desktop list nor the mobile menu shows any link.
  await expect(menuButton).toBeVisible();
  for (const name of ["Services", "About", "Contact"]) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Login / Sign Up" })).toHaveCount(0);

  await menuButton.tap();
  const links = nav.getByRole("list").getByRole("link");
  // Exactly one visible list: the desktop one stays hidden.
  await expect(nav.getByRole("list")).toHaveCount(1);
  await expect(links).toHaveText(["Home", "Services", "Equipment Shop", "Book Now", "About", "Contact"]);
  for (const link of await links.all()) await expect(link).toBeInViewport();
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Login / Sign Up" })).toBeVisible();

  await nav.getByRole("link", { name: "About", exact: true }).tap();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
  const aboutNav = mainNav(page);
  await expect(aboutNav.getByLabel("Open menu")).toBeVisible();
  await expect(aboutNav.getByRole("link", { name: "Services", exact: true })).toHaveCount(0);

  // On the new page the same menu opens with the current page marked.
  await aboutNav.getByLabel("Open menu").tap();
  await expect(aboutNav.getByRole("list").getByRole("link")).toHaveText(["Home", "Services", "Equipment Shop", "Book Now", "About", "Contact"]);
  await expect(aboutNav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
});

test("the menu button toggles the menu closed again", async ({ page }) => {
  await page.goto("/services");
  const nav = mainNav(page);
  await nav.getByLabel("Open menu").tap();
  await expect(nav.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
  await nav.getByLabel("Open menu").tap();
  await expect(nav.getByRole("link", { name: "Contact", exact: true })).toHaveCount(0);
});

test("the desktop link list is hidden on a phone and shown on a wide screen", async ({ page }) => {
  await page.goto("/");
  const nav = mainNav(page);
  const desktopList = nav.locator("ul").first();
  await expect(desktopList).toBeHidden();
  await expect(nav.getByRole("list")).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav.getByRole("list")).toHaveCount(1);
  await expect(nav.getByRole("list").getByRole("link")).toHaveText(["Home", "Services", "Equipment Shop", "Book Now", "About", "Contact"]);
  await expect(nav.getByLabel("Open menu")).toBeHidden();
});

test("the sign-up page fits a 360 px phone, the password field and its hint included", async ({ page }) => {
  await page.goto("/login?mode=signup");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const thing of [page.getByLabel("Password"), page.getByText("At least 10 characters.")]) {
    const box = (await thing.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
});

test("on /orders at 360 px every order's amount sits at the same right edge, in tabular figures", async ({ page, context, site }) => {
  const { userId } = await signInAs(context, site, "lists@example.com");
  seed(site, "customerHistory", userId);
  await page.goto("/orders");
  const amounts = page.getByTestId("order-total");
  await expect(amounts).toHaveCount(6);
  const rightEdges = new Set<number>();
  for (const amount of await amounts.all()) {
    const box = (await amount.boundingBox())!;
    rightEdges.add(Math.round(box.x + box.width));
    expect(await amount.evaluate((e) => getComputedStyle(e).fontVariantNumeric)).toContain("tabular-nums");
    expect(await amount.evaluate((e) => getComputedStyle(e).textAlign)).toBe("right");
  }
  expect([...rightEdges]).toHaveLength(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: "test-results/orders-360.png", fullPage: true });
});
