/**
 * A failed scheduled backup on the dashboard's to-do list, in Chromium against the binary: the
 * "Backup failed" group says what failed and leads to the backup settings, where the owner can
 * change the hour and frequency. The job itself is proven by src/server/scheduled-backup.test.ts
 * and tests/deploy/restore-drill.test.ts. It records a backup run, so it has a site of its own.
 */
import { expect, ownSiteTest, seed } from "../fixtures";
import { islandsHydrated } from "../helpers";

const test = ownSiteTest();
test.describe.configure({ mode: "serial" });

test("a failed backup is on the to-do list and leads to the backup settings (1280 px and 360 px)", async ({ page, ownSite, signInAdmin }) => {
  seed(ownSite, "failedBackup", "command", "rclone ended with exit code 1: Failed to copy: directory not found");
  await signInAdmin();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/dashboard");
  await islandsHydrated(page);
  await expect(page.getByTestId("todo")).toHaveAttribute("aria-busy", "false");

  const group = page.getByRole("region", { name: "Backup failed" });
  await expect(group.getByTestId("todo-count")).toHaveText("1 item");
  const item = group.getByTestId("todo-item").first();
  await expect(item).toContainText(/The backup of .+ failed/);
  await expect(item).toContainText("The backup command failed: rclone ended with exit code 1: Failed to copy: directory not found.");
  await group.screenshot({ path: "/tmp/shots/deploy/dashboard-backup-failed-1280.png" });

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(item).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await group.screenshot({ path: "/tmp/shots/deploy/dashboard-backup-failed-360.png" });

  await page.setViewportSize({ width: 1280, height: 900 });
  await group.getByRole("link", { name: /The backup of/ }).click();
  await expect(page).toHaveURL(/\/admin\/settings#setting-backupEveryHours$/);
  await islandsHydrated(page);
  const every = page.getByLabel("Back up every", { exact: true });
  await expect(every).toBeFocused();
  await expect(every).toHaveValue("24");
  await expect(page.getByLabel("Backup hour", { exact: true })).toHaveValue("3");
  await page.getByRole("region", { name: "Backups" }).screenshot({ path: "/tmp/shots/deploy/settings-backups-1280.png" });

  await every.selectOption("6");
  await page.getByLabel("Backup hour", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await page.reload();
  await islandsHydrated(page);
  await expect(page.getByLabel("Back up every", { exact: true })).toHaveValue("6");
  await expect(page.getByLabel("Backup hour", { exact: true })).toHaveValue("2");

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole("region", { name: "Backups" }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole("region", { name: "Backups" }).screenshot({ path: "/tmp/shots/deploy/settings-backups-360.png" });
});
