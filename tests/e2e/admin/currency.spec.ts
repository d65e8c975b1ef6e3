/**
 * After the owner changes the currency, in Chromium against the binary: the analytics show one
 * revenue total and one set of money charts per currency (never one sum of both), the bookings list
 * names an older booking's currency, and the settings page says beside the setting that existing
 * bookings, orders and invoices keep theirs; at 1280 and 360 px, with no axe violation. The spec
 * changes the currency setting, so it runs on a site of its own.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, ownSiteTest, seed } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

const test = ownSiteTest();
// axe is injected as a script of its own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });
/** Where screenshots go to be looked at, when asked for. */
const shots = process.env.SHOTS_DIR;

async function look(page: Page, name: string) {
  if (shots) mkdirSync(shots, { recursive: true });
  if (shots) await page.screenshot({ path: `${shots}/C-${name}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  expect(await axeViolations(page)).toEqual([]);
}

test("two currencies: a total and money charts per currency; older bookings say theirs; the setting says the past keeps its currency", async ({
  page,
  signInAdmin,
  ownSite,
}) => {
  test.setTimeout(90_000);
  // A week in US dollars ($100 + $50 of orders, a $295 service payment), then the owner switches to
  // euros and a new client's booking (€37.50, the new-client price) is paid.
  seed(ownSite, "analyticsWeek");
  seed(ownSite, "businessDetails", { currency: "EUR" });
  seed(ownSite, "customerWithBooking", "eve@example.com", { paid: true });
  await signInAdmin();

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/analytics");
    await islandsHydrated(page);
    const totals = page.getByTestId("revenue-total");
    await expect(totals).toHaveText(["€37.50", "$445 USD"]);
    await expect(page.getByText("One total per currency: amounts in different currencies are not added.")).toBeVisible();
    for (const chart of ["chart-revenue-EUR-chart", "chart-revenue-USD-chart", "chart-methods-EUR-chart", "chart-methods-USD-chart"]) {
      await expect(page.getByTestId(chart)).toHaveAttribute("data-drawn", "true");
    }
    await expect(page.getByRole("heading", { name: "Revenue per week (USD)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Revenue per week (EUR)" })).toBeVisible();
    await look(page, `analytics-${width}`);

    await page.goto("/admin/bookings?when=all");
    await islandsHydrated(page);
    // A table at a desk, a card per booking on a phone: whichever is shown.
    await expect(page.getByText("$295 USD").filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText("€37.50").filter({ visible: true }).first()).toBeVisible();
    await look(page, `bookings-${width}`);
  }

  await page.goto("/admin/settings");
  await islandsHydrated(page);
  const currency = page.getByLabel("Currency", { exact: true });
  await expect(currency).toHaveValue("EUR");
  await expect(page.getByText("Existing bookings, orders and invoices keep the currency they were priced in.")).toBeVisible();
  await currency.scrollIntoViewIfNeeded();
  if (shots) mkdirSync(shots, { recursive: true });
  if (shots) await page.screenshot({ path: `${shots}/C-settings-360.png` });
  expect(await axeViolations(page)).toEqual([]);
});
