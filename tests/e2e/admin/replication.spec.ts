/**
 * The dashboard's panel for the continuous copy of the database (decision 078), in Chromium
 * against the binary with Litestream copying to a directory: owners see "Copied N seconds ago" and
 * where to, at 1280 px and 360 px, with no accessibility violation; and what is wrong when the
 * litestream program is missing. The copy itself is proven by tests/ops/replication.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type SiteServer, signInAsAdmin, startSite, stopSite, test } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

const litestream = join(process.cwd(), "node_modules/@flydotio/litestream-linux-x64/litestream");
const shots = process.env.SHOTS_DIR;

// axe is added to the page as a script, which the site's Content Security Policy refuses.
test.use({ bypassCSP: true });

let site: SiteServer | undefined;
let copy: string | undefined;
test.afterEach(async () => {
  if (site) await stopSite(site);
  site = undefined;
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test("owners see the copy working: copied seconds ago, and where to (1280 px and 360 px)", async ({ page, context }) => {
  copy = mkdtempSync(join(tmpdir(), "pi-site-e2e-copy-"));
  site = await startSite({ LITESTREAM_REPLICA_URL: `file://${copy}/db`, LITESTREAM_PATH: litestream });
  await signInAsAdmin(context, site, "owner1", "owner");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${site.url}/admin/dashboard`);
  await islandsHydrated(page);
  const panel = page.getByRole("region", { name: "Continuous copy of the database" });
  await expect(panel).toContainText(/Copied \d+ seconds? ago\./, { timeout: 15_000 });
  await expect(panel).toContainText(`To file://${copy}/db`);
  await expect(panel).toHaveAttribute("data-status", "ok");
  expect(await axeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/G-dashboard-copy-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await panel.scrollIntoViewIfNeeded();
  if (shots) await page.screenshot({ path: `${shots}/G-dashboard-copy-360.png` });
  expect(await axeViolations(page)).toEqual([]);
});

test("what is wrong is said, and staff do not see the panel", async ({ page, context }) => {
  site = await startSite({ LITESTREAM_REPLICA_URL: "s3://pi-site-copy/db", LITESTREAM_PATH: "/nonexistent/litestream" });
  await signInAsAdmin(context, site, "owner2", "owner");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${site.url}/admin/dashboard`);
  await islandsHydrated(page);
  const panel = page.getByRole("region", { name: "Continuous copy of the database" });
  await expect(panel).toHaveAttribute("data-status", "stopped");
  await expect(panel).toContainText("Not running");
  await expect(panel).toContainText("the litestream program was not found");
  await panel.scrollIntoViewIfNeeded();
  if (shots) await page.screenshot({ path: `${shots}/G-dashboard-copy-stopped-360.png` });
  expect(await axeViolations(page)).toEqual([]);

  await context.clearCookies();
  await signInAsAdmin(context, site, "sam", "staff");
  await page.goto(`${site.url}/admin/dashboard`);
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByTestId("replication")).toHaveCount(0);
});
