/**
 * A customer's booking after it is made, on a phone (360 px) against the binary: moving it from the
 * dashboard to another day and time (with and without JavaScript), paying for it through the payment dialog at its own price, and
 * the owner marking it paid from the booking record. The rules and refusals are proven by
 * src/api/booking-reschedule.test.ts and src/api/booking-payments.test.ts. Bookings take slots
 * other specs would see, so this runs on a site of its own.
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, ownSiteTest, seed, type SiteServer } from "./fixtures";
import { formatAppointment, formatDate } from "../../src/domain/format";
import { islandsHydrated } from "./helpers";

const test = ownSiteTest();
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const shots = "/tmp/shots/resched";
mkdirSync(shots, { recursive: true });

/** A customer with a booking of their own, signed in in this browser. */
async function customerWithBooking(
  context: BrowserContext,
  site: SiteServer,
  email: string,
  opts: { daysAhead?: number; time?: string; serviceName?: string } = {},
) {
  const made = seed(site, "customerWithBooking", email, opts);
  await context.addCookies([{ name: "pi_session", value: made.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
  return made;
}

const bookingRow = (page: Page) => page.getByTestId("booking").first();

/**
 * Moves the booking on the move page (open) to another day than the one shown first: chosen by its
 * link, never by a separate "Show times" step, then that day's first free time. `pick` says which of
 * the later days (0 = the first), so two tests never want the same time. Answers the day and time.
 */
async function moveToAnotherDay(page: Page, booked: { date: string; bookingId: string }, pick: number) {
  await expect(page.getByRole("heading", { name: "Move your booking" })).toBeVisible();
  const days = page.getByRole("list", { name: "Days with free times" }).getByRole("link");
  const hrefs = await days.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const dates = hrefs.map((h) => /date=(\d{4}-\d{2}-\d{2})/.exec(h)?.[1] ?? "");
  // The first day is shown at first; the customer picks a later one that is not the booking's own day.
  const newDay = dates.filter((d, i) => i > 0 && d !== booked.date)[pick] ?? "";
  expect(newDay, "another day with free times is offered").not.toBe("");
  await days.nth(dates.indexOf(newDay)).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booked.bookingId}/move\\?date=${newDay}#time-title$`));
  await expect(days.nth(dates.indexOf(newDay))).toHaveAttribute("aria-current", "date");
  await expect(page.getByRole("heading", { name: `2. Choose a time on ${formatDate(newDay, "short")}` })).toBeVisible();
  const first = page.locator('label:has(input[name="slot"])').first();
  const slot = (await first.locator("input").getAttribute("value")) ?? "";
  // Every time carries its own day: the one picked is on the day chosen.
  expect(slot).toMatch(new RegExp(`^${newDay}T\\d\\d:\\d\\d$`));
  await first.click();
  await expect(first.locator("input")).toBeChecked();
  return { newDay, newTime: slot.slice(11) };
}

test("the customer moves a booking to the day they chose, and is told the new date and time", async ({ page, context, ownSite }) => {
  const ann = await customerWithBooking(context, ownSite, "mover@example.com", { daysAhead: 5, time: "10:00", serviceName: "Discreet Check Up" });
  await page.goto("/dashboard");
  await expect(bookingRow(page)).toContainText(", 10:00");
  await bookingRow(page).getByRole("link", { name: "Move booking" }).click();
  await expect(page.getByTestId("current-time")).toContainText("10:00 am");

  const { newDay, newTime } = await moveToAnotherDay(page, ann, 0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/move-360.png`, fullPage: true });
  await page.getByRole("region", { name: "1. Choose a day" }).screenshot({ path: `${shots}/move-day-360.png` });
  await page.getByRole("button", { name: `Move to this time on ${formatDate(newDay, "short")}` }).click();

  await expect(page).toHaveURL(new RegExp(`/bookings/${ann.reference.toLowerCase()}\\?notice=moved$`));
  await expect(page.getByTestId("booking-notice")).toHaveText(
    `Your booking was moved to ${formatAppointment(newDay, newTime)}. We have e-mailed you the updated calendar invitation.`,
  );
  await page.screenshot({ path: `${shots}/booking-moved-360.png`, fullPage: true });
  await page.goto("/dashboard");
  await expect(bookingRow(page)).toContainText(`${formatDate(newDay, "short")}, ${newTime} · booked`);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the move page still moves the booking to the day chosen by its link", async ({ page, context, ownSite }) => {
    const bea = await customerWithBooking(context, ownSite, "mover-nojs@example.com", { daysAhead: 6, time: "10:00", serviceName: "Discreet Check Up" });
    await page.goto(`/bookings/${bea.bookingId}/move`);
    const { newDay, newTime } = await moveToAnotherDay(page, bea, 1);
    await page.getByRole("button", { name: /^Move to this time on / }).click();
    await expect(page).toHaveURL(new RegExp(`/bookings/${bea.reference.toLowerCase()}\\?notice=moved$`));
    await expect(page.getByTestId("booking-notice")).toContainText(`Your booking was moved to ${formatAppointment(newDay, newTime)}.`);
  });
});

test("the customer pays for a booking at its own price through the payment dialog", async ({ page, context, ownSite }) => {
  await customerWithBooking(context, ownSite, "payer@example.com", { daysAhead: 6, time: "11:00" });
  await page.goto("/dashboard");
  const row = bookingRow(page);
  await expect(row.getByTestId("booking-payment")).toHaveText("Not paid");
  await row.getByText("Pay now", { exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // The factories book a one-hour Discreet Check Up at its new-client price (decisions 068, 070).
  await expect(dialog.getByTestId("dialog-price")).toContainText("Amount due: $37.50 USD");
  await dialog.screenshot({ path: `${shots}/pay-dialog-360.png` });
  await dialog.getByRole("button", { name: "Confirm Order & Request Instructions" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Payment Instructions Requested" })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(bookingRow(page).getByTestId("booking-payment")).toHaveText("Awaiting payment");
  await expect(bookingRow(page).getByText("Pay another way", { exact: true })).toBeVisible();
  await page.screenshot({ path: `${shots}/dashboard-awaiting-360.png`, fullPage: true });
});

test("the owner marks a booking paid from its record, and both sides then say it is paid", async ({ page, context, ownSite, signInAdmin }) => {
  const ann = await customerWithBooking(context, ownSite, "cash@example.com", { daysAhead: 7, time: "12:00" });
  await signInAdmin("owner-pays");
  await page.goto(`/admin/bookings/${ann.bookingId}`);
  await islandsHydrated(page);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("booking-payment-text")).toHaveText("No payment recorded yet.");
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await expect(dialog.getByText("Mark this booking paid? Record $37.50 as received")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Yes, mark paid" })).toBeFocused();
  await dialog.getByRole("button", { name: "Yes, mark paid" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Booking marked paid" })).toBeVisible();
  await expect(dialog.getByTestId("booking-payment-status")).toHaveText("Paid");
  await expect(dialog.getByTestId("booking-payment-text")).toHaveText(/^Marked paid by owner-pays on .+ \(reference PAY-[A-Z0-9]{4}-[A-Z0-9]{4}\)\.$/);
  await expect(dialog.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
  await dialog.screenshot({ path: `${shots}/admin-marked-paid-360.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/admin-marked-paid-1280.png` });

  await page.goto("/dashboard");
  await expect(bookingRow(page).getByTestId("booking-payment")).toHaveText("Paid");
  await expect(bookingRow(page).getByText("Pay now", { exact: true })).toHaveCount(0);
});
