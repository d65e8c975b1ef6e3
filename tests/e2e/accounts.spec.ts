/**
 * Accounts end to end: sign up with a friend's referral code, the dashboard, copying the code,
 * logging out and in, and resetting a forgotten password through the e-mailed link.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./mail-fixtures";

test.describe.configure({ mode: "serial" });
test.use({ allowConsoleErrors: [/status of 40[13]/] });

const password = "a long and unusual passphrase";

async function signUpThroughForm(page: Page, email: string, firstName: string) {
  await page.getByLabel("First name (optional)").fill(firstName);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  // The form answers alike for new and known addresses, so the new customer signs in next.
  await expect(page.getByText("Check your e-mail")).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("sign up with a referral code, see the dashboard, copy the code, log out and in", async ({ page, context }) => {
  // A journey of several pages and browsers: more than the default 30 s on a busy machine.
  test.slow();
  // A first customer, whose code the second one uses.
  await page.goto("/login?mode=signup");
  await signUpThroughForm(page, "rita@example.com", "Rita");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("referral-code")).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const ritaCode = (await page.getByTestId("referral-code").textContent())!.trim();
  await page.getByRole("link", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Login / Sign Up" }).first()).toBeVisible();

  // The friend follows Rita's link, then signs up: the code is remembered and prefilled.
  await page.goto(`/?ref=${ritaCode}`);
  await page.getByRole("link", { name: "Login / Sign Up" }).first().click();
  await page.getByRole("link", { name: "Create account" }).click();
  await expect(page.getByLabel("Referral code (optional)")).toHaveValue(ritaCode);
  await signUpThroughForm(page, "sam@example.com", "Sam");
  await expect(page).toHaveURL(/\/dashboard$/);
  // Sam's first sign-in: welcomed, not "back".
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Sam");
  await expect(page.getByText("New Customer", { exact: true })).toBeVisible();
  await expect(page.getByText("Eligible for 50% discounts")).toBeVisible();
  await expect(page.getByText("No bookings yet")).toBeVisible();

  // Copy the referral code: clipboard, toast, and the button's confirmation.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const samCode = page.getByTestId("referral-code");
  await expect(samCode).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await page.getByRole("button", { name: "Copy Code" }).click();
  await expect(page.getByTestId("toast")).toContainText("Copied!");
  await expect(page.getByTestId("toast")).toContainText("Referral code copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await samCode.textContent())!.trim());

  // Log out, and back in through the form (the sign-out lands on the home page before the next visit,
  // so the visit to the dashboard cannot cut the sign-out short).
  await page.getByRole("link", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  // The signed-out page says so and moves on to the sign-in by itself, sometimes before a check
  // of the screen could see it: its words are read from the answer instead.
  const signedOut = await page.request.get("/dashboard", { maxRedirects: 0 });
  expect(await signedOut.text()).toContain("You are logged out. Logging in again...");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard/);
  await page.getByLabel("E-mail").fill("sam@example.com");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Sam");
});

test("a forgotten password is reset through the e-mailed link", async ({ page, mailbox }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.getByLabel("E-mail").fill("sam@example.com");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Check your e-mail")).toBeVisible();

  const resetMails = () => mailbox.to("sam@example.com").filter((m) => m.text.includes("/reset-password?token=")); // not sign-up's verification e-mail
  await expect.poll(() => resetMails().length).toBe(1);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(resetMails()[0]!.text)![1]!;
  await page.goto(link);
  await page.getByLabel("New password").fill("my brand new passphrase");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page).toHaveURL(/\/dashboard\?passwordReset=1$/);
  await expect(page.getByText("Your new password is saved")).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByRole("link", { name: "Logout" }).first().click();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill("sam@example.com");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid e-mail or password.")).toBeVisible();
  await page.getByLabel("Password").fill("my brand new passphrase");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
