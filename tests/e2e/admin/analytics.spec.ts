/**
 * /admin/analytics in Chromium against the binary: the charts are drawn (Chart.js loaded on this
 * page only, under the site's Content-Security-Policy), the range switches in the URL and reloads
 * the figures, the tables carry the same numbers, the CSV downloads, and the page reads at 360 px.
 * The spec writes orders and payments into the database, so it runs on a site of its own.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, ownSiteTest, seed } from "../fixtures";
import { islandsHydrated } from "../helpers";

const test = ownSiteTest();

/** The scripts the page loads that hold Chart.js (its banner survives minifying), filled in as they arrive. */
function chartJsScripts(page: Page): string[] {
  const found: string[] = [];
  page.on("response", async (r) => {
    if (r.request().resourceType() !== "script") return;
    const body = await r.text().catch(() => "");
    if (body.includes("Chart.js v4")) found.push(new URL(r.url()).pathname);
  });
  return found;
}

/** How many pixels of the canvas in `testId`'s chart are not transparent. */
async function paintedPixels(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const data = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted++;
    return painted;
  });
}

test("the charts are drawn, the range lives in the URL, the tables and the CSV carry the figures; no CSP violation; readable at 360 px", async ({
  page,
  signInAdmin,
  ownSite,
}) => {
  test.setTimeout(60_000);
  const { product } = seed(ownSite, "analyticsWeek");
  await signInAdmin();
  // Every CSP violation on the page, reported by the browser.
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const chartJs = chartJsScripts(page);

  await page.goto("/admin/analytics");
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  const figures = page.getByTestId("analytics-figures");
  await expect(figures).toHaveAttribute("data-range", "30d");
  // $100 + $50 of orders and a $295 service payment; three bookings (the cancelled one left out); 49 visits.
  await expect(figures.getByRole("definition").filter({ hasText: "$445" })).toBeVisible();
  await expect(figures.getByRole("definition").filter({ hasText: /^3$/ })).toBeVisible();
  await expect(figures.getByRole("definition").filter({ hasText: /^49$/ })).toBeVisible();

  for (const chart of ["chart-visitors-chart", "chart-bookings-chart", "chart-revenue-chart", "chart-methods-chart"]) {
    const canvas = page.getByTestId(chart);
    await expect(canvas).toHaveAttribute("data-drawn", "true");
    await expect(canvas).toHaveAttribute("role", "img");
    await expect(canvas).toHaveAttribute("aria-label", /the figures are in the table below/);
    expect(await paintedPixels(page, chart)).toBeGreaterThan(500);
  }
  await expect.poll(() => chartJs.length).toBe(1);

  // The same figures as tables.
  const methods = page.getByTestId("chart-methods");
  await methods.getByText("Show as table").click();
  await expect(methods.getByRole("row", { name: /PayPal/ })).toContainText("$295");
  await expect(methods.getByRole("row", { name: /Bank transfer/ })).toContainText("2");
  await expect(methods.getByRole("row", { name: /Bank transfer/ })).toContainText("$150");
  const services = page.getByTestId("top-services");
  await expect(services.getByRole("row", { name: /Partner Check/ })).toContainText("$590");
  await expect(services.getByRole("row", { name: /Surveillance Day/ })).toHaveCount(0);
  await expect(page.getByTestId("top-products").getByRole("row", { name: new RegExp(product) })).toContainText("$150");

  // 90 days: the URL follows and the figures reload for the new range.
  const reloaded = page.waitForResponse((r) => r.url().includes("/api/admin/analytics?range=90d") && r.ok());
  await page.getByRole("link", { name: "Last 90 days" }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/admin\/analytics\?range=90d$/);
  await expect(figures).toHaveAttribute("data-range", "90d");
  await expect(page.getByRole("link", { name: "Last 90 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("analytics-status")).toContainText("Last 90 days:");
  const revenue = page.getByTestId("chart-revenue");
  await revenue.getByText("Show as table").click();
  // 90 days back lands 13 or 14 weeks before this one (weeks start on Monday), plus the header row.
  await expect(revenue.getByRole("row").nth(13)).toBeVisible();
  expect(await revenue.getByRole("row").count()).toBeLessThanOrEqual(15);
  await expect(revenue.getByRole("row").last()).toContainText("$");
  expect(await paintedPixels(page, "chart-revenue-chart")).toBeGreaterThan(500);

  // The CSV of the range the page shows.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFFigure,Day or period,Name,Count,Amount,Currency");
  expect(csv).toContain("Payments by method,,PayPal,1,295.00,USD");
  expect(csv).toContain("Payments by method,,Bank transfer,2,150.00,USD");

  // A reload keeps the range; at 360 px nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await islandsHydrated(page);
  await expect(figures).toHaveAttribute("data-range", "90d");
  await expect(page.getByTestId("chart-visitors-chart")).toHaveAttribute("data-drawn", "true");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await paintedPixels(page, "chart-visitors-chart")).toBeGreaterThan(100);

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test("Chart.js is loaded on /admin/analytics only: not on the public shop, nor on another admin page", async ({ page, signInAdmin }) => {
  const chartJs = chartJsScripts(page);
  await page.goto("/shop");
  await islandsHydrated(page);
  await signInAdmin();
  await page.goto("/admin/dashboard");
  await islandsHydrated(page);
  await expect(page.getByRole("link", { name: "Analytics", exact: true })).toHaveAttribute("href", "/admin/analytics");
  await page.waitForLoadState("networkidle");
  expect(chartJs).toEqual([]);
});
