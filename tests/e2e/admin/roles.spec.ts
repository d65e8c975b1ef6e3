/**
 * One sign-in for every tab of a browser (decision 039) and the two roles (decision 040), in
 * Chromium against the binary: an admin link opened in a new tab stays signed in and the admins page
 * counts one browser; a staff member's menu lists only their rooms, and an owner's page shows them
 * "Owners only" with the way back.
 */
import { cli } from "../binary-cli";
import { expect, test } from "../fixtures";
import { islandsHydrated } from "../helpers";

// The owners-only page answers 403, which Chromium reports on the console.
test.use({ allowConsoleErrors: [/status of 403/] });

const password = "the tabbed owner's long passphrase";

test("signed in once, an admin link opened in a new tab stays signed in, and the browser counts once", async ({ page, context, site }) => {
  test.slow(); // an argon2 sign-in and four pages
  const username = `tabs-${Date.now()}`;
  const created = cli(site.dataDir, ["admin", "create", username, "--password-stdin"], {}, `${password}\n`);
  expect(created.code, created.stderr).toBe(0);
  await page.goto("/admin/login");
  await islandsHydrated(page);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // No script can read the token: the cookies are HttpOnly, and nothing is in either storage.
  expect(await page.evaluate(() => document.cookie)).not.toContain("pi_admin");
  expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);

  const second = await context.newPage();
  await second.goto("/admin/orders?status=pending");
  await expect(second).toHaveURL(/\/admin\/orders\?status=pending$/);
  await expect(second.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(second.getByRole("alert")).toHaveCount(0);

  // The sign-in page in a third tab goes straight on.
  const third = await context.newPage();
  await third.goto("/admin/login?returnTo=%2Fadmin%2Fadmins");
  await expect(third).toHaveURL(/\/admin\/admins$/);
  const mine = third.getByTestId("admin-card").filter({ has: third.getByRole("heading", { name: username, exact: true }) });
  await expect(mine.getByTestId("admin-sessions")).toHaveText("Signed in on 1 browser");

  // Logging out in one tab ends the sign-in in all of them.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await second.reload();
  await expect(second).toHaveURL(/\/admin\/login\?returnTo=/);
});

test("a staff member's menu lists their rooms; an owner's page says Owners only", async ({ page, signInAdmin }) => {
  await signInAdmin(`staff-${Date.now()}`, "staff");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/dashboard");
  await islandsHydrated(page);
  const menu = page.getByRole("navigation", { name: "Portal" });
  await expect(menu.getByRole("link")).toHaveText([
    "Dashboard",
    "Orders",
    "Bookings",
    "Case rooms",
    "Enquiries",
    "Products",
    "Categories",
    "Reviews",
    "Your account",
  ]);
  await expect(page.getByTestId("admin-stats")).toHaveAttribute("aria-busy", "false");
  await page.screenshot({ path: "/tmp/shots/admin/staff-dashboard-1280.png", fullPage: true });

  const res = await page.goto("/admin/settings");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Owners only", level: 1 })).toBeVisible();
  await expect(page.getByText("Settings is only for the owners of the business.")).toBeVisible();
  await expect(menu.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await page.screenshot({ path: "/tmp/shots/admin/staff-owners-only-1280.png", fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: "/tmp/shots/admin/staff-owners-only-360.png", fullPage: true });
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("an owner adds a staff member and sees each admin's role", async ({ page, signInAdmin }) => {
  await signInAdmin(`owner-${Date.now()}`);
  await page.goto("/admin/admins");
  await islandsHydrated(page);
  const helper = `desk-${Date.now()}`;
  await page.getByLabel("Username").fill(helper);
  await page.getByLabel("Password", { exact: true }).fill("a long desk passphrase");
  await expect(page.getByRole("radio", { name: "Staff" })).toBeChecked();
  await page.getByRole("button", { name: "Add admin" }).click();
  const card = page.getByTestId("admin-card").filter({ has: page.getByRole("heading", { name: helper, exact: true }) });
  await expect(card.getByTestId("admin-role")).toHaveText("Staff");
  await page.screenshot({ path: "/tmp/shots/admin/admins-roles-1280.png", fullPage: true });
  await card.getByRole("button", { name: `Make owner ${helper}` }).click();
  await expect(card.getByTestId("admin-role")).toHaveText("Owner");
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: "/tmp/shots/admin/admins-roles-360.png", fullPage: true });
});
