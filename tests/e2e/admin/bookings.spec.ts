/**
 * /admin/bookings in Chromium against the binary: confirm then complete a booking and see its
 * customer become returning and their calendar invitation follow; cancel one and see its time offered again to customers; block a
 * slot; find these changes in /admin/audit; the page at 360 px. Every rule and refusal is proven
 * by src/api/admin/bookings.test.ts. Bookings take slots that the booking specs would see, so
 * this runs on a site of its own; each test books its own day and time as its own customer.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, ownSiteTest, signInAs, type SiteServer } from "../fixtures";
import { islandsHydrated } from "../helpers";
import { bookingForm } from "../../helpers/booking-form";
import { readIcs } from "../../helpers/ics";

const test = ownSiteTest();

const toastItem = (page: Page) => page.getByTestId("toast");

/** A Monday-to-Saturday day `ahead` days from the site's today (YYYY-MM-DD); the site made its slots at start-up. */
function bookableDay(ahead: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Adelaide" }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + ahead);
  if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The signed-in customer books `time` on `date` through the booking API, as the calendar does. */
async function book(request: APIRequestContext, site: SiteServer, date: string, time: string, email: string): Promise<string> {
  const res = await request.post(`${site.url}/api/bookings/calendar`, {
    data: bookingForm(date, time, { contactEmail: email }),
    headers: { Origin: site.url },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The times the booking calendar offers on `date` for Discreet Check Up (one hour), as the signed-in customer sees them. */
async function calendarTimes(page: Page, date: string) {
  await page.goto("/booking");
  await page.getByRole("link", { name: /Book Now.*Discreet Check Up/ }).click();
  await expect(page).toHaveURL(/service=checkup/);
  await islandsHydrated(page);
  const button = page.locator(`[data-day="${date}"]:not([data-outside]) button`);
  await expect(page.locator("[data-day]:not([data-outside]) button").first()).toBeVisible();
  for (let i = 0; i < 2 && !(await button.isVisible()); i++) await page.getByRole("button", { name: "Go to the Next Month" }).click();
  await button.click();
  await expect(page.getByRole("button", { name: "9:00 am", exact: true })).toBeVisible();
}

async function freeTimes(request: APIRequestContext, site: SiteServer, date: string): Promise<string[]> {
  return ((await (await request.get(`${site.url}/api/timeslots/${date}`)).json()) as { time: string }[]).map((s) => s.time);
}

/** The signed-in customer's calendar invitation of booking `id`, as their calendar reads it. */
async function invitation(request: APIRequestContext, site: SiteServer, id: string) {
  const res = await request.get(`${site.url}/api/bookings/${id}/ics`);
  expect(res.status()).toBe(200);
  return readIcs(await res.text());
}

/** Opens the bookings of `date` and the dialog of `customer`'s booking. */
async function openBooking(page: Page, date: string, customer: string) {
  await page.goto(`/admin/bookings?from=${date}&to=${date}`);
  await islandsHydrated(page);
  await page
    .getByRole("button", { name: new RegExp(`^Booking BK-[2-9A-Z]{4}-[2-9A-Z]{4} of ${customer} on `) })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Presses an action in the dialog, then its confirmation, and waits for the toast. */
async function act(page: Page, action: string, done: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: action, exact: true }).click();
  await dialog.getByRole("button", { name: `Yes, ${action.toLowerCase()}` }).click();
  await expect(toastItem(page)).toContainText(done);
}

test("confirm then complete a booking: the customer becomes returning; both are in the audit log", async ({ page, context, ownSite, signInAdmin }) => {
  test.setTimeout(60_000);
  const email = `ret-${Date.now()}@example.com`;
  await signInAs(context, ownSite, email);
  const date = bookableDay(3);
  const id = await book(page.request, ownSite, date, "10:00", email);
  expect(await invitation(page.request, ownSite, id)).toMatchObject({ method: "REQUEST", status: "TENTATIVE", sequence: 0 });
  await page.goto("/dashboard");
  await expect(page.getByText("New Customer")).toBeVisible();

  await signInAdmin();
  const dialog = await openBooking(page, date, email.split("@")[0]!);
  await expect(dialog).toContainText("Discreet Check Up");
  await expect(dialog.getByRole("button", { name: "Mark completed" })).toHaveCount(0);
  await act(page, "Confirm booking", "Booking confirmed");
  await expect(dialog).toContainText("Confirmed");
  // The customer's calendar gets the same event, now confirmed and a newer version (decision 028).
  expect(await invitation(page.request, ownSite, id)).toMatchObject({ method: "REQUEST", status: "CONFIRMED", sequence: 1, attendee: `mailto:${email}` });
  await act(page, "Mark completed", "Booking completed");
  await expect(dialog).toContainText("nothing more can be done");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("booking-row").first()).toContainText("Completed");

  // The accountant's CSV of the filtered list.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`bookings-from-${date}-to-${date}.csv`);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv).toMatch(new RegExp(`^\uFEFFReference,Appointment,.*\r\nBK-[2-9A-Z]{4}-[2-9A-Z]{4},${date}T10:00:00\\+(09|10):30,`, "s"));
  expect(csv).toContain(`${email},Discreet Check Up,37.50,75.00,yes,completed,`);

  await page.goto("/dashboard");
  await expect(page.getByText("Returning Customer")).toBeVisible();

  await page.goto("/admin/audit?kind=bookings");
  await islandsHydrated(page);
  await expect(page.getByTestId("audit-row").filter({ hasText: "Confirmed the Discreet Check Up booking of" })).toHaveCount(1);
  await expect(page.getByTestId("audit-row").filter({ hasText: "Completed the Discreet Check Up booking of" })).toHaveCount(1);
});

test("cancel a booking: its time is offered again; block a slot: it is not; both in the audit log", async ({ page, context, ownSite, signInAdmin }) => {
  test.setTimeout(60_000);
  const email = `can-${Date.now()}@example.com`;
  await signInAs(context, ownSite, email);
  const date = bookableDay(6);
  const id = await book(page.request, ownSite, date, "11:00", email);
  expect(await freeTimes(page.request, ownSite, date)).not.toContain("11:00");

  await signInAdmin();
  await openBooking(page, date, email.split("@")[0]!);
  await act(page, "Cancel booking", "Booking cancelled");
  expect(await freeTimes(page.request, ownSite, date)).toContain("11:00");
  expect(await invitation(page.request, ownSite, id)).toMatchObject({
    method: "CANCEL",
    status: "CANCELLED",
    sequence: 1,
    uid: expect.stringMatching(new RegExp(`^${id}@`)),
  });

  // Block 14:00 on that day in the time slots.
  await page.keyboard.press("Escape");
  const slots = page.locator("#time-slots");
  await slots.getByLabel("Show 31 days from").fill(date);
  const day = slots.getByTestId("slot-day").first();
  await expect(day).toContainText("0 of 8 booked");
  await day.click();
  await slots.getByRole("button", { name: "Block 2:00 pm" }).click();
  await expect(toastItem(page)).toContainText("Slot blocked");
  await expect(slots.getByRole("button", { name: "Reopen 2:00 pm" })).toBeVisible();
  await expect(slots.getByTestId("slot-day").first()).toContainText("1 blocked");
  expect(await freeTimes(page.request, ownSite, date)).not.toContain("14:00");
  // The booking calendar offers the cancelled time again, and not the blocked one.
  await calendarTimes(page, date);
  await expect(page.getByRole("button", { name: "11:00 am", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "2:00 pm", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "1:00 pm", exact: true })).toBeVisible();

  await page.goto("/admin/audit?kind=bookings");
  await islandsHydrated(page);
  await expect(page.getByTestId("audit-row").filter({ hasText: "Cancelled the Discreet Check Up booking of" })).toHaveCount(1);
  await expect(page.getByTestId("audit-row").filter({ hasText: `Blocked the time slot ${date} at 14:00` })).toHaveCount(1);
});

test("at 360 px the bookings are cards, the dialog and the slots fit", async ({ page, context, ownSite, signInAdmin }) => {
  test.setTimeout(60_000);
  const email = `narrow-${Date.now()}@example.com`;
  await signInAs(context, ownSite, email);
  const date = bookableDay(9);
  await book(page.request, ownSite, date, "09:00", email);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAdmin();
  await page.goto(`/admin/bookings?from=${date}&to=${date}`);
  await islandsHydrated(page);
  await expect(page.getByTestId("booking-card").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByTestId("booking-card").first().getByRole("button").first().click();
  const confirm = page.getByRole("dialog").getByRole("button", { name: "Confirm booking" });
  await confirm.scrollIntoViewIfNeeded();
  await expect(confirm).toBeInViewport();
  await page.keyboard.press("Escape");
  await page.locator("#time-slots").getByTestId("slot-day").first().click();
  await expect(page.locator("#time-slots").getByTestId("slot").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
