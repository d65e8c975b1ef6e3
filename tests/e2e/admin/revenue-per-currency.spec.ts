/**
 * In Chromium against the binary, at 1280 and 360 px with no axe violation: the dashboard's "Total
 * Revenue" shows each currency's total after the owner changed the currency (decision 086), and a
 * returning client's two-week booking reads "Volume discount (15%)" in the owner's booking record,
 * not "new-client price". Changes the currency setting: a site of its own.
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
  if (shots) await page.screenshot({ path: `${shots}/F-${name}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  expect(await axeViolations(page)).toEqual([]);
}

test("two currencies: the dashboard's revenue per currency; a volume-only booking's record names its discount", async ({ page, signInAdmin, ownSite }) => {
  test.setTimeout(90_000);
  // A week in US dollars ($445 received), then the owner switches to euros and a new client's booking is paid (€37.50).
  seed(ownSite, "analyticsWeek");
  seed(ownSite, "businessDetails", { currency: "EUR" });
  seed(ownSite, "customerWithBooking", "eve@example.com", { paid: true, daysAhead: 25 });
  // A returning client's two-week investigation from 9:00 two business days ahead (before the holidays; its fortnight
  // of times opened first), 15% off by the volume table only.
  const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  seed(ownSite, "openSlots", day(0), day(30));
  const rosa = seed(ownSite, "customerWithBooking", "rosa@example.com", {
    returning: true,
    serviceName: "Full Cheating Investigation",
    daysAhead: 2,
    time: "09:00",
  });
  await signInAdmin();

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/dashboard");
    await islandsHydrated(page);
    const revenue = page.locator("section").filter({ has: page.getByRole("heading", { name: "Total Revenue" }) });
    await expect(revenue.getByRole("listitem")).toHaveText(["€37.50", "$445 USD"]);
    await look(page, `dashboard-${width}`);

    await page.goto(`/admin/bookings?from=${rosa.date}&to=${rosa.date}`);
    await islandsHydrated(page);
    await page
      .getByRole("button", { name: /^Booking BK-[2-9A-Z]{4}-[2-9A-Z]{4} of rosa@example\.com on |^Booking BK-[2-9A-Z]{4}-[2-9A-Z]{4} of .* on / })
      .filter({ visible: true })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("€1,100.75 (Volume discount (15%): €194.25 off; list €1,295)");
    await expect(dialog).not.toContainText("new-client price");
    await look(page, `booking-volume-${width}`);
  }
});
