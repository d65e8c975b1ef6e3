/**
 * Booking end to end: a signed-in customer books a package on the calendar (form errors, the
 * success toast, the booking on the dashboard, the confirmation e-mail); a signed-out visitor sees
 * the disabled button and the banner.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./mail-fixtures";

test.use({ allowConsoleErrors: [/status of 40[19]/] });

async function signUp(page: Page, email: string) {
  await page.goto("/login?mode=signup&returnTo=%2Fbooking");
  await page.getByLabel("First name (optional)").fill("Bea");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("a long and unusual passphrase");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/booking$/);
}

/** A day 3+ days ahead that is not a Sunday, as the calendar's accessible name shows it. */
function futureBusinessDay() {
  const d = new Date();
  d.setDate(d.getDate() + 3);
  if (d.getDay() === 0) d.setDate(d.getDate() + 1);
  return d;
}

/** Clicks a day on the calendar by its full date, moving to its month first (never by its number alone). */
async function pickCalendarDay(page: Page, day: Date) {
  const iso = day.toLocaleDateString("en-CA");
  const button = page.locator(`[data-day="${iso}"]:not([data-outside]) button`);
  await expect(page.locator("[data-day]").first()).toBeVisible();
  for (let i = 0; i < 2 && !(await button.isVisible()); i++) await page.getByRole("button", { name: "Go to the Next Month" }).click();
  await button.click();
}

test("signed out: Book Now is disabled and the banner offers 'Log In to Book'", async ({ page }) => {
  await page.goto("/booking");
  await expect(page.getByRole("heading", { name: "Infidelity Investigation" })).toBeVisible();
  await expect(page.getByText("POPULAR")).toBeVisible();
  const buttons = page.getByRole("button", { name: /Book Now/ });
  await expect(buttons).toHaveCount(6);
  for (const b of await buttons.all()) await expect(b).toBeDisabled();
  const login = page.getByRole("link", { name: "Log In to Book" });
  await expect(login).toHaveAttribute("href", "/api/login?returnTo=%2Fbooking");
});

test("a customer books a package on the calendar and sees it on the dashboard", async ({ page, mailbox }) => {
  await signUp(page, "bea@example.com");
  await page.getByRole("link", { name: /Book Now.*Partner Check/ }).click();
  await expect(page).toHaveURL(/service=partner/);
  await expect(page.getByRole("button", { name: "Back to Services" }).or(page.getByRole("link", { name: /Back to Services/ }))).toBeVisible();
  await expect(page.getByLabel("Service")).toHaveValue("Partner Check");
  await expect(page.getByLabel("E-mail")).toHaveValue("bea@example.com");
  await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();

  // Choose a date: no slots yet, so generate them.
  const day = futureBusinessDay();
  await pickCalendarDay(page, day);
  await expect(page.getByText("No available times for this date.")).toBeVisible();
  await page.getByRole("button", { name: "Generate Time Slots" }).click();
  await expect(page.getByTestId("toast")).toContainText("Time slots generated");
  await expect(page.getByRole("button", { name: "10:00 am" })).toBeVisible();

  // The confirm button waits for a time; the form shows its field messages (docs/product.md#field-messages).
  const confirm = page.getByRole("button", { name: "Confirm Booking" });
  await expect(confirm).toBeDisabled();
  await page.getByRole("button", { name: "10:00 am" }).click();
  await expect(page.getByRole("button", { name: "10:00 am" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("E-mail").fill("not an e-mail");
  await confirm.click();
  await expect(page.getByText("Phone number is required")).toBeVisible();
  await expect(page.getByText("Valid email is required")).toBeVisible();
  await page.getByLabel("Phone").fill("0400 000 000");
  await page.getByLabel("E-mail").fill("bea@example.com");
  await expect(page.getByText("Phone number is required")).toBeHidden();
  await confirm.click();

  await expect(page.getByTestId("toast")).toContainText("Booking confirmed!");
  await expect(page.getByTestId("toast")).toContainText("Your appointment has been scheduled successfully.");
  await expect(page.getByRole("heading", { name: "Ongoing Monitoring" })).toBeVisible(); // back to the package list

  await page.goto("/dashboard");
  const booking = page.getByTestId("booking");
  await expect(booking).toContainText("Partner Check");
  await expect(booking).toContainText("$148");
  await expect(booking).toContainText("pending");
  await expect(page.getByTestId("booking-count")).toHaveText("1");

  await expect.poll(() => mailbox.to("bea@example.com").length).toBe(1);
  const mail = mailbox.to("bea@example.com")[0]!;
  expect(mail.text).toContain("Subject: Booking received: Partner Check");
  expect(mail.text).toContain("text/calendar");
  expect(mail.text).toContain("appointment.ics");
  await expect.poll(() => mailbox.to("owner@example.com").some((m) => m.text.includes("New booking: Partner Check"))).toBe(true);

  // Cancel it from the dashboard: the time is free again.
  await booking.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByText("Your booking was cancelled and the time released.")).toBeVisible();
  await expect(page.getByTestId("booking")).toContainText("cancelled");
});
