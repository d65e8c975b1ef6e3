/**
 * Settings → Case rooms (decision 082) in Chromium against the binary: how long a closed case's
 * files are kept, refused outside 7 to 3650 days under its field, saved within range; the space
 * for case files; the case rooms' alert. At 1280 and 360 px, with axe. A site of its own, since
 * saving settings changes every page.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

/** Where screenshots go when someone wants to look at the screens (unset in CI). */
const shots = process.env.SHOTS_DIR;

const test = ownSiteTest();
// axe is injected as a script: the site's CSP would refuse it.
test.use({ bypassCSP: true });

async function openCaseSettings(page: Page, signInAdmin: () => Promise<unknown>) {
  await signInAdmin();
  await page.goto("/admin/settings");
  await islandsHydrated(page);
  const heading = page.getByRole("heading", { name: "Case rooms", level: 2 });
  await heading.scrollIntoViewIfNeeded();
  return heading;
}

for (const width of [1280, 360]) {
  test(`at ${width} px: retention days checked under the field, then saved; quota and alert shown; no axe violation`, async ({ page, signInAdmin }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await openCaseSettings(page, signInAdmin);
    const days = page.getByLabel("Keep a closed case's files for (days)");
    const quota = page.getByLabel("Space for case files (GB)");
    // The site is shared by both widths: the form shows what is saved (90 and 50 until the first saves).
    const before = (await (await page.request.get("/api/admin/settings")).json()) as { caseFileRetentionDays: number; caseFilesQuotaGb: number };
    await expect(days).toHaveValue(String(before.caseFileRetentionDays));
    await expect(quota).toHaveValue(String(before.caseFilesQuotaGb));
    await expect(page.getByText("E-mail me when a client adds something to a case room (one e-mail until the room is opened)")).toBeVisible();

    await days.fill("3");
    await page.getByRole("button", { name: "Save settings" }).click();
    const error = page.locator(`#${await days.getAttribute("id")}-error`);
    await expect(error).toHaveText("Use 7 to 3650 days");
    await expect(days).toHaveAttribute("aria-invalid", "true");
    // Above the bar of buttons that stays at the foot of a phone's screen.
    await error.evaluate((el) => el.scrollIntoView({ block: "center" }));
    if (shots) await page.screenshot({ path: `${shots}/E-case-settings-error-${width}.png` });

    const wanted = { caseFileRetentionDays: width === 360 ? 45 : 30, caseFilesQuotaGb: width === 360 ? 300 : 200 };
    await days.fill(String(wanted.caseFileRetentionDays));
    await quota.fill(String(wanted.caseFilesQuotaGb));
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toContainText("Settings saved");
    const saved = (await (await page.request.get("/api/admin/settings")).json()) as { caseFileRetentionDays: number; caseFilesQuotaGb: number };
    expect(saved).toMatchObject(wanted);

    await page.getByRole("heading", { name: "Case rooms", level: 2 }).scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: `${shots}/E-case-settings-${width}.png` });
    const alert = page.getByText("E-mail me when a client adds something to a case room (one e-mail until the room is opened)");
    await alert.scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: `${shots}/E-case-alert-${width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
  });
}
