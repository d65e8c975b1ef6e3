/**
 * Two-factor sign-in in Chromium against the binary: turn it on from "Your account" (the secret read
 * off the page, the codes computed here with @oslojs/otp as an authenticator app would), log out,
 * sign in with the password and then a code, and with a recovery code; the page at 360 px; and
 * `pi-site admin disable-totp`.
 */
import type { Page } from "@playwright/test";
import { decodeBase32 } from "@oslojs/encoding";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { cli } from "../binary-cli";
import { expect, test } from "../fixtures";
import { islandsHydrated } from "../helpers";
import { adminTokenFrom } from "../../helpers/admin-session";

// Wrong codes answer 400 and sign-ins without a code 401, which Chromium reports on the console.
test.use({ allowConsoleErrors: [/status of 40[01]/] });

const toastItem = (page: Page) => page.getByTestId("toast");
const password = "the two-factor owner's long passphrase";
const stepMs = 30_000;
/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

function createAdmin(dataDir: string, username: string) {
  const created = cli(dataDir, ["admin", "create", username, "--password-stdin"], {}, `${password}\n`);
  expect(created.code, created.stderr).toBe(0);
}

test("turn on two-factor sign-in, log out, and sign in with the password and then a code", async ({ page, site }) => {
  test.slow(); // three argon2 sign-ins and four pages: on a busy machine it nears the default 30 s
  createAdmin(site.dataDir, "two-factor-owner");
  await page.goto("/admin/login");
  await islandsHydrated(page);
  await page.getByLabel("Username").fill("two-factor-owner");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByText("Signed in as two-factor-owner")).toBeVisible();
  await expect(page.getByTestId("totp-status")).toHaveText("Off");

  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Set up your authenticator app" })).toBeFocused();
  const shown = (await page.getByTestId("totp-secret").textContent()) ?? "";
  expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const key = decodeBase32(shown.replace(/ /g, ""));

  const codeField = page.getByLabel("Code from the app");
  await codeField.fill("12ab");
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  const confirming = generateTOTP(key, 30, 6);
  await codeField.fill(otherThan(confirming));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await expect(page.getByTestId("totp-status")).toHaveText("Off");

  await codeField.fill(confirming);
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(toastItem(page)).toContainText("Two-factor sign-in is on");
  await expect(toastItem(page)).toContainText("Save your recovery codes now");
  await expect(page.getByTestId("totp-status")).toHaveText("On");
  const fresh = page.getByTestId("fresh-recovery-codes");
  await expect(fresh.getByRole("heading", { name: "Save your recovery codes now" })).toBeFocused();
  const recoveryCodes = await fresh.getByRole("listitem").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  for (const c of recoveryCodes) expect(c).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: "/tmp/shots/admin/recovery-codes-360.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(fresh).toHaveCount(0);
  await expect(page.getByTestId("recovery-codes")).toContainText("10 of 10");
  await expect(page.getByTestId("totp-secret")).toHaveCount(0);
  await expect(page.getByRole("img", { name: /QR code/ })).toHaveCount(0);
  expect(await page.content()).not.toContain(shown.replace(/ /g, ""));
  await page.reload();
  await expect(page.getByTestId("totp-status")).toHaveText("On");
  await expect(page.getByRole("button", { name: "Turn on" })).toHaveCount(0);
  expect(await page.content()).not.toContain(recoveryCodes[0]); // shown once

  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel("Username").fill("two-factor-owner");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue("two-factor-owner");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue(password);

  await code.fill("123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app").last()).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");

  // The code that confirmed the set-up is used up: it never signs in.
  await code.fill(confirming);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toastItem(page)).toContainText("Login Failed");
  await expect(toastItem(page)).toContainText("That code is wrong or already used");
  await expect(code).toBeFocused();

  // The app's next code (the server allows one step of clock drift), so the test need not wait
  // up to 30 seconds for the confirming step to pass.
  await code.fill(generateHOTP(key, BigInt(Math.floor(Date.now() / stepMs) + 1), 6));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toastItem(page)).toContainText("Login Successful");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId("admin-stats")).toHaveAttribute("aria-busy", "false");

  // A lost phone: a recovery code, typed in capitals, signs in once.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("Username").fill("two-factor-owner");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Lost your phone? Use a recovery code" }).click();
  const recovery = page.getByLabel("Recovery code");
  await expect(recovery).toBeFocused();
  await expect(recovery).toHaveAttribute("inputmode", "text");
  await recovery.fill((recoveryCodes[2] ?? "").toUpperCase());
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/account");
  await expect(page.getByTestId("recovery-codes")).toContainText("9 of 10");
});

test("Your account at 360 px: the set-up's QR code, secret and code field fit the screen", async ({ page, signInAdmin }) => {
  await signInAdmin();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin/account");
  await islandsHydrated(page);
  await expect(page.getByTestId("totp-status")).toHaveText("Off");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole("button", { name: "Turn on" }).click();
  const qr = page.getByRole("img", { name: /QR code/ });
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(150); // big enough for a phone camera
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  await expect(page.getByTestId("totp-secret")).toBeVisible();
  await expect(page.getByLabel("Code from the app")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("totp-secret")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Turn on" })).toBeFocused();
});

test("an admin who lost the phone: `pi-site admin disable-totp` lets them in with the password alone", async ({ site }) => {
  createAdmin(site.dataDir, "lost-phone-owner");
  const login = (body: object) =>
    fetch(`${site.url}/api/admin/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const signedIn = await login({ username: "lost-phone-owner", password });
  const token = adminTokenFrom(signedIn);
  const admin = (path: string, body: object = {}) =>
    fetch(`${site.url}/api/admin${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const { secret } = (await (await admin("/totp/setup")).json()) as { secret: string };
  expect((await admin("/totp/confirm", { code: generateTOTP(decodeBase32(secret), 30, 6) })).status).toBe(200);
  const asked = await login({ username: "lost-phone-owner", password });
  expect(asked.status).toBe(401);
  expect(((await asked.json()) as { error: { code: string } }).error.code).toBe("code_required");

  const off = cli(site.dataDir, ["admin", "disable-totp", "lost-phone-owner"]);
  expect(off.code, off.stderr).toBe(0);
  expect(off.stdout).toContain('two-factor sign-in of "lost-phone-owner" turned off');
  expect((await login({ username: "lost-phone-owner", password })).status).toBe(200);
  expect(cli(site.dataDir, ["admin", "disable-totp", "nobody-here"]).code).toBe(1);
});
