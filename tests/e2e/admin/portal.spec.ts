/** The admin portal in Chromium against the binary: sign-in, the dashboard, logout, and the gate. */
import type { Page } from "@playwright/test";
import { cli } from "../binary-cli";
import { expect, test } from "../fixtures";
import { islandsHydrated } from "../helpers";

// Wrong passwords and missing tokens are answered 401, which Chromium reports on the console.
test.use({ allowConsoleErrors: [/status of 401/] });

const toastItem = (page: Page) => page.getByTestId("toast");
const password = "the portal owner's long passphrase";

test("sign in (a wrong password first), see the dashboard's figures, log out, and the token is gone", async ({ page, site }) => {
  const created = cli(site.dataDir, ["admin", "create", "portal-owner", "--password-stdin"], {}, `${password}\n`);
  expect(created.code, created.stderr).toBe(0);

  const response = await page.goto("/admin/login");
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("note")).toContainText("Access is restricted to authorized personnel");
  await islandsHydrated(page);

  const passwordField = page.getByLabel("Password", { exact: true });
  await page.getByLabel("Username").fill("portal-owner");
  await passwordField.fill("not the password at all");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(passwordField).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(passwordField).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toastItem(page)).toContainText("Login Failed");
  await expect(toastItem(page)).toContainText("Invalid credentials");
  await expect(page).toHaveURL(/\/admin\/login$/);

  await passwordField.fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toastItem(page)).toContainText("Login Successful");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const stats = page.getByTestId("admin-stats");
  await expect(stats).toHaveAttribute("aria-busy", "false");
  await expect(stats.locator("section").first()).toContainText(/Total Products\s*\d+/);
  await expect(stats).toContainText("pending");
  await expect(stats).toContainText("$");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await page.context().cookies()).filter((c) => c.name === "pi_admin")).toEqual([]);
  // The revoked token is refused by the server too, not only forgotten by the browser.
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fdashboard$/);
});

test("the form shows its field messages and sends nothing when empty", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/admin/login")) requests.push(r.url());
  });
  await page.goto("/admin/login");
  await islandsHydrated(page);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  expect(requests).toEqual([]);
});

test("the dashboard without a token goes to sign-in, and comes back after it", async ({ page, site }) => {
  const created = cli(site.dataDir, ["admin", "create", "returning-owner", "--password-stdin"], {}, `${password}\n`);
  expect(created.code, created.stderr).toBe(0);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fdashboard$/);
  await islandsHydrated(page);
  await page.getByLabel("Username").fill("returning-owner");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("a signed-in admin's dashboard at 360 px: readable, nothing wider than the screen", async ({ page, signInAdmin }) => {
  await signInAdmin();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("admin-stats")).toHaveAttribute("aria-busy", "false");
  await expect(page.getByText("Total Revenue")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add Product" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the portal's scripts never load on a public page", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  for (const path of ["/", "/services", "/contact", "/shop"]) await page.goto(path);
  expect(scripts.filter((s) => /admin/i.test(s))).toEqual([]);
  await page.goto("/admin/login");
  expect(scripts.some((s) => /admin-entry/.test(s))).toBe(true);
});
