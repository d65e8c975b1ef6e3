/**
 * Booking end to end: a signed-in customer books a package on the calendar (the times the site made
 * itself, form errors, the booking's own page, the booking on the dashboard, the confirmation
 * e-mail); a signed-out visitor sees the disabled button and the banner; an unconfirmed account is
 * told to confirm its address first.
 */
import type { Page } from "@playwright/test";
import { formatDate } from "../../src/domain/format";
import { icsOfMail, readIcs } from "../helpers/ics";
import { addDays } from "../../src/domain/timezone";
import { businessDayAfter, pickCalendarDay, serverToday } from "./helpers";
import { expect, test } from "./mail-fixtures";

test.use({ allowConsoleErrors: [/status of 40[19]/] });

/**
 * Dates in these specs. The server judges "today" in the business timezone and cannot be given a
 * fake clock inside the binary, so no spec assumes what today is: every day is picked relative to
 * the today the server hands the calendar (its `data-today` cell). The browser's own clock is
 * faked (page.clock) to month ends and to Adelaide's daylight-saving Sundays, which proves the
 * calendar never uses the browser's date. What the server does on those dates (today, the 30-day
 * window, past times, the skipped hour) is tested in bun test with an injected `now`
 * (src/domain/slots.test.ts, "booking on awkward dates").
 */
const browserDates = ["2026-11-30T23:30:00+10:30", "2026-12-31T23:30:00+10:30", "2026-04-05T02:30:00+09:30", "2026-10-04T02:30:00+09:30"];

/** Opens a package's calendar as a customer signed in directly. */
async function openPartnerCheck(page: Page, signIn: (email: string) => Promise<unknown>, email: string) {
  await signIn(email);
  await page.goto("/booking");
  await page.getByRole("link", { name: /Book Now.*Partner Check/ }).click();
  await expect(page).toHaveURL(/service=partner/);
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

test("an account whose e-mail is not confirmed is told so, offered the link again, and cannot confirm a booking", async ({ page, signIn }) => {
  await signIn("unconfirmed-booker@example.com", { verified: false });
  await page.goto("/booking");
  const notice = page.getByTestId("booking-blocker");
  await expect(notice).toContainText("Please confirm your e-mail address to book");
  await expect(notice.getByRole("button", { name: "Send the link again" })).toBeVisible();
  await page.getByRole("link", { name: /Book Now.*Partner Check/ }).click();
  const day = businessDayAfter(await serverToday(page));
  await pickCalendarDay(page, day);
  // A day's surveillance starts at opening (decision 070).
  await page.getByRole("button", { name: "9:00 am" }).click();
  await expect(page.getByRole("button", { name: "Confirm Booking" })).toBeDisabled();
  await expect(page.getByText("Please confirm your e-mail address first")).toBeVisible();
});

test("a customer books a package on the calendar and sees it on the dashboard", async ({ page, signIn, mailbox }) => {
  await openPartnerCheck(page, signIn, "bea@example.com");
  await expect(page.getByRole("button", { name: "Back to Services" }).or(page.getByRole("link", { name: /Back to Services/ }))).toBeVisible();
  await expect(page.getByLabel("Service")).toHaveValue("Partner Check");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("bea@example.com");
  await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();

  // Choose a date: its times are there already (the site makes them); no customer generates any.
  const day = businessDayAfter(await serverToday(page));
  await pickCalendarDay(page, day);
  // Partner Check holds the whole day, so only the opening time is offered (decision 070).
  await expect(page.getByRole("button", { name: "9:00 am" })).toBeVisible();
  await expect(page.getByRole("button", { name: "10:00 am" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Generate/ })).toHaveCount(0);

  // The confirm button waits for a time; the form shows its field messages (docs/product.md#field-messages).
  const confirm = page.getByRole("button", { name: "Confirm Booking" });
  await expect(confirm).toBeDisabled();
  await page.getByRole("button", { name: "9:00 am" }).click();
  await expect(page.getByRole("button", { name: "9:00 am" })).toHaveAttribute("aria-pressed", "true");
  // The phone is asked for only when the customer wants a call or text.
  await expect(page.getByLabel("Phone (optional)")).toBeVisible();
  await page.getByLabel("Call or text me").check();
  await page.getByLabel("E-mail", { exact: true }).fill("not an e-mail");
  await confirm.click();
  await expect(page.getByText("Phone number is required")).toBeVisible();
  await expect(page.getByText("Valid email is required")).toBeVisible();
  await page.getByLabel("Phone").fill("0400 000 000");
  await page.getByLabel("E-mail", { exact: true }).fill("bea@example.com");
  await expect(page.getByText("Phone number is required")).toBeHidden();
  await confirm.click();

  // The booking's own page: received and awaiting confirmation, never "confirmed".
  await expect(page).toHaveURL(/\/bookings\/bk-[2-9a-z]{4}-[2-9a-z]{4}$/);
  const reference = new URL(page.url()).pathname.split("/").pop();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking received");
  await expect(page.getByTestId("booking-status")).toHaveText("Awaiting confirmation");
  await expect(page.getByText(/confirmed!/i)).toHaveCount(0);

  await page.goto("/dashboard");
  const booking = page.getByTestId("booking");
  await expect(booking).toContainText("Partner Check");
  await expect(booking).toContainText("$147.50");
  await expect(booking).toContainText("Pending");
  await expect(page.getByTestId("booking-count")).toHaveText("1");

  await expect.poll(() => mailbox.to("bea@example.com").length).toBe(1);
  const mail = mailbox.to("bea@example.com")[0]!;
  expect(mail.text).toMatch(/Subject: Booking received: appointment BK-[A-Z0-9]{4}-[A-Z0-9]{4} on /);
  expect(mail.text).toContain("text/calendar");
  expect(mail.text).toContain("appointment.ics");
  // A calendar reads it as a tentative request from the business to the customer (decision 028).
  expect(readIcs(icsOfMail(mail.raw))).toMatchObject({ method: "REQUEST", status: "TENTATIVE", sequence: 0, attendee: "mailto:bea@example.com" });
  await expect.poll(() => mailbox.to("owner@example.com").some((m) => m.text.includes("New booking: Partner Check"))).toBe(true);
  // The business's notice links to the booking's record in the admin portal, by the reference the customer quotes.
  const notice = mailbox.to("owner@example.com").find((m) => m.text.includes("New booking: Partner Check") && m.text.includes("bea@example.com"));
  expect(notice?.text).toMatch(new RegExp(`Manage it in the admin portal: http://127\\.0\\.0\\.1:\\d+/admin/bookings/${reference}\\s`));

  // Cancel it from the dashboard: the time is free again.
  await booking.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByText("Your booking was cancelled and the time released.")).toBeVisible();
  await expect(page.getByTestId("booking")).toContainText("Cancelled");
});

for (const [i, when] of browserDates.entries()) {
  test(`with the browser's clock at ${when}, the calendar follows the server's today`, async ({ page, signIn }) => {
    await page.clock.setFixedTime(new Date(when));
    await openPartnerCheck(page, signIn, `clock${i}@example.com`);
    const today = await serverToday(page);
    // Days before the server's today are disabled, today itself is not.
    await expect(page.locator(`[data-day="${today}"]:not([data-outside])`)).not.toHaveAttribute("data-disabled", "true");
    const yesterday = page.locator(`[data-day="${addDays(today, -1)}"]:not([data-outside])`);
    if ((await yesterday.count()) > 0) await expect(yesterday).toHaveAttribute("data-disabled", "true");

    const day = businessDayAfter(today);
    await pickCalendarDay(page, day);
    await page.getByRole("button", { name: "9:00 am" }).click();
    await expect(page.getByText(/ at 9:00 am, Adelaide time$/)).toHaveText(new RegExp(`^${formatDate(day, "long")} at 9:00 am`));
  });
}
