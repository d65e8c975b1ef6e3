/**
 * With payment plans turned off (decision 087), in Chromium against the binary at 1280 and 360 px
 * with no axe violation: the home and services pages promise none. Changes a setting straight in
 * the database before any page is cached: a site of its own.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, ownSiteTest, seed } from "./fixtures";
import { axeViolations, islandsHydrated } from "./helpers";

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

test("with plans turned off, the home and services pages promise none", async ({ page, ownSite }) => {
  seed(ownSite, "businessDetails", { paymentPlansEnabled: false });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, name] of [
      ["/", "home"],
      ["/services", "services"],
    ] as const) {
      await page.goto(path);
      await islandsHydrated(page);
      await expect(
        page
          .getByRole("link", { name: "View All Services" })
          .or(page.getByRole("heading", { name: "Choose Your Investigation" }))
          .first(),
      ).toBeVisible();
      await expect(page.getByText(/payment plan|interest-free|0% interest/i)).toHaveCount(0);
      await look(page, `plans-off-${name}-${width}`);
    }
  }
});
