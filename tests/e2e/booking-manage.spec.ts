/**
 * A customer's booking after it is made, on a phone (360 px) against the binary: moving it from the
 * dashboard to another free time, paying for it through the payment dialog at its own price, and
 * the owner marking it paid from the booking record. The rules and refusals are proven by
 * src/api/booking-reschedule.test.ts and src/api/booking-payments.test.ts. Bookings take slots
 * other specs would see, so this runs on a site of its own.
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, ownSiteTest, seed, type SiteServer } from "./fixtures";
import { islandsHydrated } from "./helpers";

const test = ownSiteTest();
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const shots = "/tmp/shots/resched";
mkdirSync(shots, { recursive: true });

/** A customer with a booking of their own, signed in in this browser. */
async function customerWithBooking(context: BrowserContext, site: SiteServer, email: string, opts: { daysAhead?: number; time?: string } = {}) {
  const made = seed(site, "customerWithBooking", email, opts);
  await context.addCookies([{ name: "pi_session", value: made.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
  return made;
}

const bookingRow = (page: Page) => page.getByTestId("booking").first();

test("the customer moves a booking from the dashboard and sees the new time", async ({ page, context, ownSite }) => {
  const ann = await customerWithBooking(context, ownSite, "mover@example.com", { daysAhead: 5, time: "10:00" });
  await page.goto("/dashboard");
  await expect(bookingRow(page)).toContainText(", 10:00");
  await bookingRow(page).getByRole("link", { name: "Move booking" }).click();

  await expect(page.getByRole("heading", { name: "Move your booking" })).toBeVisible();
  await expect(page.getByTestId("current-time")).toContainText("10:00 am");
  await page.getByLabel("Day", { exact: true }).selectOption(ann.date);
  await page.getByRole("button", { name: "Show times" }).click();
  await expect(page.getByRole("heading", { name: /^2\. Choose a time on / })).toBeVisible();
  // Its own time is not offered as a new one.
  await expect(page.getByText("10:00 am", { exact: true })).toHaveCount(0);
  await page.getByText("2:00 pm", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "2:00 pm", exact: true })).toBeChecked();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/move-360.png`, fullPage: true });
  await page.getByRole("region", { name: "1. Choose a day" }).screenshot({ path: `${shots}/move-day-360.png` });
  await page.getByRole("button", { name: "Move to this time" }).click();

  await expect(page).toHaveURL(/\/dashboard\?notice=moved/);
  await expect(page.getByRole("status").filter({ hasText: "Your booking was moved to its new time." })).toBeVisible();
  await expect(bookingRow(page)).toContainText(", 14:00 · booked");
  await expect(bookingRow(page)).not.toContainText(", 10:00 · booked");
  await page.screenshot({ path: `${shots}/dashboard-moved-360.png`, fullPage: true });
});

test("the customer pays for a booking at its own price through the payment dialog", async ({ page, context, ownSite }) => {
  await customerWithBooking(context, ownSite, "payer@example.com", { daysAhead: 6, time: "11:00" });
  await page.goto("/dashboard");
  const row = bookingRow(page);
  await expect(row.getByTestId("booking-payment")).toHaveText("Not paid");
  await row.getByText("Pay now", { exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("dialog-price")).toContainText("Amount due: $148 USD");
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
  await expect(dialog.getByText("Mark this booking paid? Record $148 as received")).toBeVisible();
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
