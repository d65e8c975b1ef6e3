/**
 * Settings → Payment plans (decision 085) in Chromium against the binary: the switch, the services,
 * the smallest price, the days between payments and the reminder's days, a wrong value refused under
 * its field, then saved. At 1280 and 360 px, with axe. A site of its own, since saving settings
 * changes every page.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

/** Where screenshots go when someone wants to look at the screens (unset in CI). */
const shots = process.env.SHOTS_DIR;

const test = ownSiteTest();
// axe is injected as a script: the site's CSP would refuse it.
test.use({ bypassCSP: true });

async function openPlanSettings(page: Page, signInAdmin: () => Promise<unknown>) {
  await signInAdmin();
  await page.goto("/admin/settings");
  await islandsHydrated(page);
  const heading = page.getByRole("heading", { name: "Payment plans", level: 2 });
  await heading.scrollIntoViewIfNeeded();
  return heading;
}

type PlanSettings = {
  paymentPlansEnabled: boolean;
  paymentPlanServiceIds: string;
  paymentPlanMinimumTotal: number;
  paymentPlanIntervalDays: number;
  paymentPlanReminderDays: number;
};

for (const width of [1280, 360]) {
  test(`at ${width} px: the plan settings, a wrong interval refused under its field, then saved; no axe violation`, async ({ page, signInAdmin }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await openPlanSettings(page, signInAdmin);
    const before = (await (await page.request.get("/api/admin/settings")).json()) as PlanSettings;
    const services = page.getByLabel("Services with payment plans");
    const minimum = page.getByLabel("Smallest price for a plan");
    const interval = page.getByLabel("Days between payments");
    const reminder = page.getByLabel("Reminder before a payment is due (days)");
    await expect(page.getByLabel("Offer interest-free payment plans: a booking paid in 2, 3 or 4 payments")).toBeChecked({
      checked: before.paymentPlansEnabled,
    });
    await expect(services).toHaveValue(before.paymentPlanServiceIds);
    await expect(minimum).toHaveValue(String(before.paymentPlanMinimumTotal));
    await expect(interval).toHaveValue(String(before.paymentPlanIntervalDays));
    await expect(reminder).toHaveValue(String(before.paymentPlanReminderDays));
    if (shots) await page.screenshot({ path: `${shots}/L1-plan-settings-${width}.png` });

    await interval.fill("0");
    await page.getByRole("button", { name: "Save settings" }).click();
    const error = page.locator(`#${await interval.getAttribute("id")}-error`);
    await expect(error).toHaveText("Enter a whole number of days from 1 to 90");
    await expect(interval).toHaveAttribute("aria-invalid", "true");
    await error.evaluate((el) => el.scrollIntoView({ block: "center" }));
    if (shots) await page.screenshot({ path: `${shots}/L1-plan-settings-error-${width}.png` });

    const wanted = {
      paymentPlanServiceIds: "infidelity, fullcheating",
      paymentPlanMinimumTotal: 500,
      paymentPlanIntervalDays: width === 360 ? 7 : 30,
      paymentPlanReminderDays: 2,
    };
    await services.fill(wanted.paymentPlanServiceIds);
    await minimum.fill(String(wanted.paymentPlanMinimumTotal));
    await interval.fill(String(wanted.paymentPlanIntervalDays));
    await reminder.fill(String(wanted.paymentPlanReminderDays));
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toContainText("Settings saved");
    const saved = (await (await page.request.get("/api/admin/settings")).json()) as PlanSettings;
    expect(saved).toMatchObject(wanted);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
  });
}
