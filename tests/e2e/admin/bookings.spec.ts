/**
 * /admin/bookings in Chromium against the binary: confirm then complete a booking and see its
 * customer become returning and their calendar invitation follow; cancel one and see its time offered again to customers; block a
 * slot; close days with a booking on them and reopen a public holiday (decision 077); find these
 * changes in /admin/audit; the page and the portal's menu at 360 px, with JavaScript off too. Every rule and refusal is proven
 * by src/api/admin/bookings.test.ts. Bookings take slots that the booking specs would see, so
 * this runs on a site of its own; each test books its own day and time as its own customer.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, ownSiteTest, signInAs, signInAsAdmin, type SiteServer } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";
import { publicHoliday } from "../../../src/domain/holidays";
import { addDays, dayOfWeek } from "../../../src/domain/timezone";
import { adminRooms } from "../../../src/shared/admin-rooms";
import { bookingForm } from "../../helpers/booking-form";
import { readIcs } from "../../helpers/ics";

const test = ownSiteTest();

const toastItem = (page: Page) => page.getByTestId("toast");

const siteToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Adelaide" }).format(new Date());

/**
 * A Monday-to-Saturday day `ahead` days from the site's today (YYYY-MM-DD) that is no public
 * holiday (closed, decision 077); the site made its slots at start-up.
 */
function bookableDay(ahead: number): string {
  let day = addDays(siteToday(), ahead);
  while (dayOfWeek(day) === 0 || publicHoliday(day)) day = addDays(day, 1);
  return day;
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
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV", exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv).toMatch(new RegExp(`^\uFEFFReference,Appointment,.*\r\nBK-[2-9A-Z]{4}-[2-9A-Z]{4},${date}T10:00:00\\+(09|10):30,`, "s"));
  expect(csv).toContain(`${email},,Discreet Check Up,37.50,75.00,yes,USD,Completed,`);

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

const shots = "/tmp/h/shots";

// axe is added to the page as a script of its own; the close form's refusal (no reason) is a 400 Chromium reports.
test.use({ bypassCSP: true, allowConsoleErrors: [/status of 400/] });

test("close two days with a booking on them: it is kept and listed with its phone; a public holiday is closed until reopened", async ({
  page,
  context,
  ownSite,
  signInAdmin,
}) => {
  test.setTimeout(90_000);
  const email = `closed-${Date.now()}@example.com`;
  await signInAs(context, ownSite, email);
  const date = bookableDay(12);
  const next = addDays(date, 1);
  await book(page.request, ownSite, date, "10:00", email);
  const customer = email.split("@")[0]!;

  await signInAdmin();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/bookings");
  await islandsHydrated(page);
  const slots = page.locator("#time-slots");
  await slots.getByLabel("First day").fill(date);
  await slots.getByLabel("Last day").fill(next);
  await slots.getByRole("button", { name: "Close these days" }).click();
  await expect(slots.getByText("Say why the days are closed")).toBeVisible();
  await slots.getByLabel("Reason").fill("Annual leave");
  await slots.getByRole("button", { name: "Close these days" }).click();
  await expect(toastItem(page)).toContainText("2 days closed");
  const kept = slots.getByRole("list", { name: "Bookings on the closed days" });
  await expect(kept.getByTestId("day-booking")).toHaveCount(1);
  await expect(kept).toContainText(customer);
  await expect(kept).toContainText("Discreet Check Up");
  await expect(kept.getByRole("link", { name: "0400 000 000" })).toHaveAttribute("href", "tel:0400000000");
  expect(await freeTimes(page.request, ownSite, date)).toEqual([]);
  expect(await freeTimes(page.request, ownSite, next)).toEqual([]);
  await page.screenshot({ path: `${shots}/F-close-days-1280.png`, fullPage: true });

  // The day says why it is closed and who is booked, instead of "Full".
  await slots.getByLabel("Show 31 days from").fill(date);
  const day = slots.getByTestId("slot-day").first();
  await expect(day).toContainText("Closed: Annual leave");
  await day.click();
  await expect(slots.locator("p", { hasText: "Closed: Annual leave" })).toBeVisible();
  await expect(slots.getByRole("button", { name: "Reopen this day" })).toBeVisible();
  const booked = slots.getByRole("list", { name: /^Bookings on (?!the closed days)/ });
  await expect(booked).toContainText(customer);
  await expect(booked.getByRole("link", { name: "0400 000 000" })).toBeVisible();
  await expect(slots.getByTestId("slot").filter({ hasText: "10:00 am" })).toContainText(`Booked: ${customer}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/F-closed-day-1280.png`, fullPage: true });
  // Still booked, nothing cancelled.
  await expect(page.getByTestId("booking-row").filter({ hasText: customer })).toContainText("Pending");

  // The next public holiday is closed by default, and the owner can open it.
  let holiday = addDays(siteToday(), 1);
  while (!publicHoliday(holiday)) holiday = addDays(holiday, 1);
  await slots.getByLabel("Show 31 days from").fill(holiday);
  const holidayDay = slots.getByTestId("slot-day").first();
  await expect(holidayDay).toContainText(`Closed: ${publicHoliday(holiday)}`);
  await holidayDay.click();
  await slots.getByRole("button", { name: "Reopen this day" }).click();
  await expect(toastItem(page)).toContainText("Day reopened");
  await expect(slots.getByText(`${publicHoliday(holiday)}: a public holiday you opened.`)).toBeVisible();
  await expect(slots.getByTestId("slot-day").first()).not.toContainText("Closed");

  await page.setViewportSize({ width: 360, height: 740 });
  await slots.getByLabel("Show 31 days from").fill(date);
  await slots.getByTestId("slot-day").first().click();
  await expect(slots.getByRole("button", { name: "Reopen this day" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/F-closed-day-360.png`, fullPage: true });
  await slots.getByRole("button", { name: "Reopen this day" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/F-closed-day-360-detail.png` });
  await slots.getByLabel("Reason").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/F-close-form-360.png` });

  await page.goto("/admin/audit?kind=bookings");
  await islandsHydrated(page);
  await expect(page.getByTestId("audit-row").filter({ hasText: `Closed ${date} to ${next}: Annual leave (1 booking on them kept)` })).toHaveCount(1);
});

test("at 360 px the portal's menu is a grouped menu: every room reachable, no sideways scrolling, by keyboard and without JavaScript", async ({
  page,
  browser,
  context,
  ownSite,
  signInAdmin,
}) => {
  test.setTimeout(60_000);
  const email = `menu-${Date.now()}@example.com`;
  await signInAs(context, ownSite, email);
  const date = bookableDay(10);
  await book(page.request, ownSite, date, "15:00", email);
  await signInAdmin();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/admin/bookings?from=${date}&to=${date}`);
  await islandsHydrated(page);
  // The booking card carries the phone, as a link that calls.
  const card = page.getByTestId("booking-card").filter({ hasText: email.split("@")[0]! });
  await expect(card.getByRole("link", { name: "0400 000 000" })).toHaveAttribute("href", "tel:0400000000");

  const menu = page.getByRole("navigation", { name: "Portal" });
  await expect(menu.getByRole("link")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/F-menu-closed-360.png` });
  // By keyboard: the skip link, then the menu button.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(menu.locator("summary")).toBeFocused();
  await page.keyboard.press("Enter");
  for (const group of ["Work", "Shop", "Customers", "Site", "Business"]) await expect(menu.getByRole("list", { name: group })).toBeVisible();
  await expect(menu.getByRole("link")).toHaveText(adminRooms.map((r) => r.label));
  for (const room of adminRooms) {
    const link = menu.getByRole("link", { name: room.label, exact: true });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
  }
  await expect(menu.getByRole("link", { name: "Bookings" })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/F-menu-open-360.png` });

  // At a desk the rooms are one wrapping row.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(menu.getByRole("link")).toHaveText(adminRooms.map((r) => r.label));
  await page.screenshot({ path: `${shots}/F-menu-1280.png` });

  // Without JavaScript the menu opens and its links lead to their rooms.
  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, baseURL: ownSite.url });
  await signInAsAdmin(noJs, ownSite, `nojs${Date.now()}`, "owner");
  const plain = await noJs.newPage();
  await plain.goto("/admin/dashboard");
  const plainMenu = plain.getByRole("navigation", { name: "Portal" });
  await plainMenu.getByText("Menu").click();
  await plainMenu.getByRole("link", { name: "Audit log" }).click();
  await expect(plain).toHaveURL(/\/admin\/audit$/);
  await expect(plainMenu.locator("summary")).toContainText("Audit log");
  await plain.screenshot({ path: `${shots}/F-menu-nojs-360.png` });
  await noJs.close();
});
