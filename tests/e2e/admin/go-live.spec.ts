/**
 * The "Before you go live" checklist on a phone (360 px), in Chromium against the binary: on a
 * freshly seeded site it names the shipped business name, the example.com address, the missing ABN
 * and the currency never chosen; the owner sets "Connect PayPal" aside as not used (a reason is
 * asked for first), finds it folded under "Set aside", and puts it back with Undo (decision 074).
 * It writes marks other specs' dashboards would see, so it has a site of its own.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

const test = ownSiteTest();
// axe goes in as an inline script, which the strict CSP would block.
test.use({ bypassCSP: true });

async function openDashboard(page: Page) {
  await page.goto("/admin/dashboard");
  await islandsHydrated(page);
  await expect(page.getByTestId("todo")).toHaveAttribute("aria-busy", "false");
}

test("at 360 px: the shipped values are flagged, PayPal is set aside as not used with a reason, and Undo puts it back", async ({ page, signInAdmin }) => {
  test.slow(); // two axe runs and three dashboard loads on a machine shared by several runs
  await signInAdmin();
  await page.setViewportSize({ width: 360, height: 800 });
  await openDashboard(page);
  const checklist = page.getByRole("region", { name: "Before you go live" });
  for (const line of ["Enter the business's e-mail address", "Enter your business's name", "Enter your ABN, or turn GST off", "Choose the currency"])
    await expect(checklist.getByText(line, { exact: true }), line).toBeVisible();
  await expect(checklist).toContainText("every e-mail is sent from it");

  const paypal = checklist.getByTestId("go-live-item").filter({ hasText: "Connect PayPal for card payments" });
  await paypal.getByRole("button", { name: "Not used: Connect PayPal for card payments" }).click();
  const reason = paypal.getByLabel("Why is it not used?");
  await expect(reason).toBeFocused();
  // No reason, no mark: the message is under the field.
  await paypal.getByRole("button", { name: "Not used", exact: true }).click();
  await expect(paypal.getByText("Say in a few words why, for whoever reads the checklist next")).toBeVisible();
  await expect(reason).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await paypal.screenshot({ path: "/tmp/h/shots/C-go-live-reason-360.png" });
  await reason.fill("We take bank transfers only");
  await paypal.getByRole("button", { name: "Not used", exact: true }).click();

  await expect(checklist.getByTestId("go-live-item").filter({ hasText: "Connect PayPal for card payments" })).toHaveCount(0);
  const setAside = checklist.getByTestId("go-live-set-aside-list");
  await expect(setAside.getByText("Set aside (1)")).toBeVisible();
  await setAside.getByText("Set aside (1)").click();
  const line = setAside.getByTestId("go-live-set-aside");
  await expect(line).toContainText("Connect PayPal for card payments");
  await expect(line).toContainText("Not used");
  await expect(line).toContainText("We take bank transfers only");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);
  await checklist.screenshot({ path: "/tmp/h/shots/C-go-live-set-aside-360.png" });

  // It stays set aside after a reload, and Undo puts it back on the list.
  await openDashboard(page);
  await checklist.getByTestId("go-live-set-aside-list").getByText("Set aside (1)").click();
  await checklist.getByRole("button", { name: "Undo: put “Connect PayPal for card payments” back on the checklist" }).click();
  await expect(checklist.getByTestId("go-live-item").filter({ hasText: "Connect PayPal for card payments" })).toHaveCount(1);
  await expect(checklist.getByTestId("go-live-set-aside-list")).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await checklist.screenshot({ path: "/tmp/h/shots/C-go-live-1280.png" });
});
