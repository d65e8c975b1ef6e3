/**
 * Settings → Server (decision 089): the number of worker processes, 0 (one per core) until changed,
 * refused outside 0 to 64 under its field, saved within range, its hint saying it takes effect at
 * the next start. At 1280 and 360 px, with axe. A site of its own, since saving settings changes
 * every page.
 */
import { expect, ownSiteTest } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

/** Where screenshots go when someone wants to look at the screens (unset in CI). */
const shots = process.env.SHOTS_DIR;

const test = ownSiteTest();
// axe is injected as a script: the site's CSP would refuse it.
test.use({ bypassCSP: true });

for (const width of [1280, 360]) {
  test(`at ${width} px: worker processes checked under the field, then saved; no axe violation`, async ({ page, signInAdmin }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await signInAdmin();
    await page.goto("/admin/settings");
    await islandsHydrated(page);
    await page.getByRole("heading", { name: "Server", level: 2 }).scrollIntoViewIfNeeded();
    const workers = page.getByLabel("Worker processes");
    const before = (await (await page.request.get("/api/admin/settings")).json()) as { workerProcesses: number };
    await expect(workers).toHaveValue(String(before.workerProcesses));
    await expect(page.getByText("Takes effect at the next start of the site.", { exact: false }).first()).toBeVisible();

    await workers.fill("65");
    await page.getByRole("button", { name: "Save settings" }).click();
    const error = page.locator(`#${await workers.getAttribute("id")}-error`);
    await expect(error).toHaveText("Use 0 to 64 processes");
    await expect(workers).toHaveAttribute("aria-invalid", "true");
    await error.evaluate((el) => el.scrollIntoView({ block: "center" }));
    if (shots) await page.screenshot({ path: `${shots}/A-server-settings-error-${width}.png` });

    const wanted = width === 360 ? 3 : 2;
    await workers.fill(String(wanted));
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toContainText("Settings saved");
    const saved = (await (await page.request.get("/api/admin/settings")).json()) as { workerProcesses: number };
    expect(saved.workerProcesses).toBe(wanted);
    await workers.evaluate((el) => el.scrollIntoView({ block: "center" }));
    if (shots) await page.screenshot({ path: `${shots}/A-server-settings-${width}.png` });
    expect(await axeViolations(page)).toEqual([]);
  });
}
