/**
 * /admin/admins and the own password in Chromium against the binary: add an admin (the field
 * messages first), they sign in in a second browser, their sign-ins are ended from the first (their
 * next page goes to sign-in), they are removed; the owner changes their password (another sign-in
 * of theirs ends) and signs in with the new one (these sign in through the login page: their
 * passwords are what is tested); the audit log shows each change; both pages at
 * 360 px. Admins come and go here, so the spec runs on a site of its own.
 */
import type { Browser, Page } from "@playwright/test";
import { cli } from "../binary-cli";
import { expect, ownSiteTest, signInAsAdmin, type SiteServer } from "../fixtures";
import { islandsHydrated } from "../helpers";

const test = ownSiteTest();

// Refused field checks answer 400, a taken username 409, and a page whose token was revoked gets a
// 401: Chromium reports each.
test.use({ allowConsoleErrors: [/status of 40[019]/] });

const toastItem = (page: Page) => page.getByTestId("toast");
const card = (page: Page, username: string) => page.getByTestId("admin-card").filter({ has: page.getByRole("heading", { name: username, exact: true }) });

function createAdmin(site: SiteServer, username: string, password: string) {
  const created = cli(site.dataDir, ["admin", "create", username, "--password-stdin"], {}, `${password}\n`);
  expect(created.code, created.stderr).toBe(0);
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto("/admin/login");
  await islandsHydrated(page);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A second browser (its own sessionStorage) signed in as `username`. */
async function secondBrowser(browser: Browser, site: SiteServer, username: string, password: string) {
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  await signIn(page, username, password);
  return { context, page };
}

test("add an admin, they sign in elsewhere, end their sign-ins, remove them; all in the audit log", async ({ page, context, browser, ownSite }) => {
  test.slow(); // an argon2 hash, a sign-in and a dozen pages
  const owner = `owner-${Date.now()}`;
  await signInAsAdmin(context, ownSite, owner);
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Admins", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/admins$/);
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Admins", level: 1 })).toBeVisible();
  await expect(card(page, owner).getByText("You", { exact: true })).toBeVisible();
  // On one's own card only the role: no ending one's own sign-ins, no removing oneself.
  await expect(card(page, owner).getByRole("button")).toHaveText([`Make staff ${owner}`]);

  // The field messages: the browser's check, then the server's (a taken username).
  const helper = `helper-${Date.now()}`;
  const helperPassword = "the helper's own passphrase";
  await page.getByLabel("Username").fill("Not Valid!");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Add admin" }).click();
  await expect(page.getByText("Usernames are 2 to 40 characters")).toBeVisible();
  await expect(page.getByText("Use at least 10 characters")).toBeVisible();
  await page.getByLabel("Username").fill(owner);
  await page.getByLabel("Password", { exact: true }).fill(helperPassword);
  await page.getByRole("button", { name: "Add admin" }).click();
  await expect(page.getByText("That username is taken.")).toBeVisible();
  await expect(page.getByLabel("Username")).toBeFocused();

  await page.getByLabel("Username").fill(helper);
  await page.getByRole("radio", { name: "Owner" }).check(); // an owner: they open the admins page below
  await page.getByRole("button", { name: "Add admin" }).click();
  await expect(toastItem(page).filter({ hasText: "Admin added" })).toBeVisible();
  await expect(card(page, helper).getByTestId("admin-sessions")).toHaveText("Not signed in");
  await expect(page.getByLabel("Username")).toHaveValue("");

  // The helper signs in on a browser of their own.
  const second = await secondBrowser(browser, ownSite, helper, helperPassword);
  await second.page.goto("/admin/admins");
  await expect(card(second.page, helper).getByText("You", { exact: true })).toBeVisible();

  await page.reload();
  await islandsHydrated(page);
  await expect(card(page, helper).getByTestId("admin-sessions")).toHaveText("Signed in on 1 browser");
  await card(page, helper)
    .getByRole("button", { name: `End sign-ins of ${helper}` })
    .click();
  await expect(toastItem(page).filter({ hasText: "Sign-ins ended" })).toBeVisible();
  await expect(card(page, helper).getByTestId("admin-sessions")).toHaveText("Not signed in");

  // Their next page load goes to sign-in.
  await second.page.goto("/admin/dashboard");
  await expect(second.page).toHaveURL(/\/admin\/login/);
  await second.context.close();

  // Remove, after the confirmation (Cancel first: nothing happens).
  await card(page, helper)
    .getByRole("button", { name: `Remove ${helper}` })
    .click();
  const dialog = page.getByRole("alertdialog", { name: `Remove ${helper}?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, helper).getByRole("button", { name: `Remove ${helper}` })).toBeFocused();
  await card(page, helper)
    .getByRole("button", { name: `Remove ${helper}` })
    .click();
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(toastItem(page).filter({ hasText: "Admin removed" })).toBeVisible();
  await expect(card(page, helper)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /^\d+ admins?$/ })).toBeFocused();

  await page.goto("/admin/audit?kind=admins");
  await islandsHydrated(page);
  const main = page.getByRole("main");
  await expect(main.getByText(`Removed the admin ${helper}`).first()).toBeVisible();
  await expect(main.getByText(`Ended every sign-in of ${helper}`).first()).toBeVisible();
  await expect(main.getByText(`Added the admin ${helper}`).first()).toBeVisible();
});

test("change one's own password: the field messages, another sign-in ends, the new password signs in", async ({ page, browser, ownSite }) => {
  test.slow(); // five argon2 checks
  const owner = `pw-owner-${Date.now()}`;
  const oldPassword = "the old long passphrase";
  const newPassword = "the new long passphrase";
  createAdmin(ownSite, owner, oldPassword);
  const other = await secondBrowser(browser, ownSite, owner, oldPassword);
  await signIn(page, owner, oldPassword);
  await page.goto("/admin/account");
  await islandsHydrated(page);

  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Use at least 10 characters")).toBeVisible();
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That password is not right.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toBeFocused();

  await page.getByLabel("Current password").fill(oldPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(toastItem(page).filter({ hasText: "Password changed" })).toContainText("Your 1 other sign-in has ended.");
  await expect(page.getByLabel("Current password")).toHaveValue("");

  // This browser stays signed in; the other one is sent to sign-in.
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await other.page.goto("/admin/dashboard");
  await expect(other.page).toHaveURL(/\/admin\/login/);
  await other.context.close();

  const fresh = await secondBrowser(browser, ownSite, owner, newPassword);
  await fresh.context.close();

  await page.goto("/admin/audit?kind=account");
  await islandsHydrated(page);
  await expect(page.getByRole("main").getByText("Changed own password").first()).toBeVisible();
});

test("the admins page and the password form at 360 px: nothing wider than the screen", async ({ page, context, ownSite }) => {
  const owner = `narrow-${Date.now()}`;
  await signInAsAdmin(context, ownSite, owner);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/admin/admins", "/admin/account"]) {
    await page.goto(path);
    await islandsHydrated(page);
    await expect(page.getByRole("button", { name: path === "/admin/admins" ? "Add admin" : "Change password" })).toBeVisible();
    if (path === "/admin/admins") await expect(card(page, owner)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});
