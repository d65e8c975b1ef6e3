/**
 * A customer's booking on a small phone (360×740), on a site of its own: the package opened by its
 * address, a day and its times, the booking's own page (reference, date, time, price, "awaiting
 * confirmation", what the customer can do now, what happens next) and its calendar file read by a
 * real parser; a second booking of the same package that day is asked about first; a full day
 * offers the next day with times; an error is shown beside the confirm button, focused and on
 * screen. The booking's page in each state (awaiting confirmation, confirmed and unpaid, paid,
 * past the move cut-off, cancelled from the page itself) offers what can be done and says until
 * when, checked by axe and kept as screenshots in /tmp/shots/booking-<state>.png. Every test opens
 * the package by its address, which once failed hydrating with React's error #419 (the fixture
 * fails a test on any console error).
 */
import { mkdirSync, readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { formatDate } from "../../src/domain/format";
import { publicHoliday } from "../../src/domain/holidays";
import { addDays, dayOfWeek } from "../../src/domain/timezone";
import { readIcs } from "../helpers/ics";
import { expect, ownSiteTest, seed, signInAs, type SiteServer } from "./fixtures";
import { axeViolations } from "./helpers";

const test = ownSiteTest();
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, allowConsoleErrors: [/status of 409/] });

const shots = "/tmp/shots/book";

/** The first day the business is open from `day` on (Sundays and public holidays are closed). */
function workingDayFrom(day: string) {
  while (dayOfWeek(day) === 0 || publicHoliday(day)) day = addDays(day, 1);
  return day;
}

/** Opens Discreet Check Up (one hour) by its address (as a link or a bookmark would), and answers the server's today. */
async function openCheckUp(page: Page) {
  await page.goto("/booking?service=checkup");
  await expect(page.getByLabel("Service")).toHaveValue("Discreet Check Up");
  const today = page.locator("[data-day][data-today]");
  await expect(today).toHaveCount(1);
  return (await today.getAttribute("data-day"))!;
}

async function pickDay(page: Page, iso: string) {
  const button = page.locator(`[data-day="${iso}"]:not([data-outside]) button`);
  await expect(page.locator("[data-day]:not([data-outside]) button").first()).toBeVisible();
  for (let i = 0; i < 2 && !(await button.isVisible()); i++) await page.getByRole("button", { name: "Go to the Next Month" }).tap();
  await button.tap();
}

async function fillAndConfirm(page: Page, time: string) {
  await page.getByRole("button", { name: time, exact: true }).tap();
  await page.getByLabel("Phone").fill("0400 000 000");
  await page.getByRole("button", { name: "Confirm Booking" }).tap();
}

test("book, see what was booked with its reference, add it to the calendar, and be asked before booking it twice that day", async ({
  page,
  context,
  ownSite,
}) => {
  await signInAs(context, ownSite, "nina@example.com");
  const today = await openCheckUp(page);
  const day = workingDayFrom(addDays(today, 3));
  await pickDay(page, day);
  await expect(page.getByRole("group", { name: "Available times" }).getByRole("button")).toHaveCount(8);
  await fillAndConfirm(page, "10:00 am");

  // The booking's own page: a reload keeps it.
  await expect(page).toHaveURL(/\/bookings\/bk-[2-9a-z]{4}-[2-9a-z]{4}$/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking received");
  const reference = (await page.getByTestId("booking-reference").textContent())!;
  expect(reference).toMatch(/^BK-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  expect(new URL(page.url()).pathname).toBe(`/bookings/${reference.toLowerCase()}`);
  await expect(page.getByTestId("booking-status")).toHaveText("Awaiting confirmation");
  await expect(page.getByTestId("booking-date")).toHaveText(formatDate(day, "full"));
  await expect(page.getByTestId("booking-time")).toHaveText("10:00 am (Adelaide time)");
  await expect(page.getByTestId("booking-price")).toHaveText("$37.50 (new-client price; usually $75)");
  await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
  // What she can do now, each saying until when; the old advice to reply by e-mail is gone.
  await expect(page.getByTestId("option-move")).toContainText(/You can move it to another free time until \d+ \w+ \d{4}, \d+:\d\d\s?am \(Adelaide time\)\./);
  await expect(page.getByTestId("option-cancel")).toContainText("You can cancel it yourself until we confirm it");
  await expect(page.getByText(/Need to change something\?/)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/summary-360.png`, fullPage: true });

  // Add to calendar: the booking's .ics, tentative until the business confirms it.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Add to calendar/ }).tap()]);
  expect(download.suggestedFilename()).toBe(`appointment-${day}.ics`);
  const ics = readIcs(readFileSync((await download.path())!, "utf8"));
  expect(ics).toMatchObject({
    method: "REQUEST",
    status: "TENTATIVE",
    sequence: 0,
    attendee: "mailto:nina@example.com",
    summary: `Appointment ${reference}`,
  });
  expect(ics.start.startsWith(`${day}T10:00:00`)).toBe(true);

  // Pay now opens the payment dialog at the booking's own price, on the page itself.
  await page.getByRole("link", { name: "Pay now" }).tap();
  const payment = page.getByRole("dialog");
  await expect(payment.getByTestId("dialog-price")).toContainText("Amount due: $37.50 USD");
  await page.keyboard.press("Escape");
  await expect(payment).toBeHidden();

  // The same package the same day again: asked first, and "no" books nothing.
  await openCheckUp(page);
  await pickDay(page, day);
  await fillAndConfirm(page, "2:00 pm");
  const dialog = page.getByRole("dialog", { name: "Book this package twice that day?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("duplicate-message")).toHaveText(
    `You already have Discreet Check Up booked on ${formatDate(day, "long")} at 10:00 am (reference ${reference}). Book it a second time that day?`,
  );
  await expect(dialog.getByRole("button", { name: "No, keep one booking" })).toBeFocused();
  await page.screenshot({ path: `${shots}/duplicate-360.png` });
  await dialog.getByRole("button", { name: "No, keep one booking" }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Confirm Booking" })).toBeFocused();
  await expect(page).toHaveURL(/\/booking\?service=checkup$/);

  // "Yes": the second booking is made, with a reference of its own.
  await page.getByRole("button", { name: "Confirm Booking" }).tap();
  await dialog.getByRole("button", { name: "Yes, book it again" }).tap();
  await expect(page).toHaveURL(/\/bookings\/bk-/);
  await expect(page.getByTestId("booking-time")).toHaveText("2:00 pm (Adelaide time)");
  await expect(page.getByTestId("booking-reference")).not.toHaveText(reference);
});

test("a day with no times left says so and offers the next day with times", async ({ page, context, ownSite }) => {
  await signInAs(context, ownSite, "omar@example.com");
  const today = await openCheckUp(page);
  const full = workingDayFrom(addDays(today, 8));
  const next = workingDayFrom(addDays(full, 1));
  expect(seed(ownSite, "bookedByOthers", full, ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"])).toBe(8);
  await page.reload();
  await pickDay(page, full);
  await expect(page.getByTestId("no-times")).toContainText(`No free times on ${formatDate(full, "long")}.`);
  // The calendar says it of the day too.
  await expect(page.locator(`[data-day="${full}"]:not([data-outside]) button`)).toHaveAccessibleName(/no free times/);
  const offer = page.getByRole("button", { name: `See times on ${formatDate(next, "long")}` });
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/full-day-360.png` });
  await offer.tap();
  const times = page.getByRole("group", { name: "Available times" }).getByRole("button");
  await expect(times.first()).toBeFocused();
  await expect(times).toHaveCount(8);
  await expect(page.locator(`[data-day="${next}"]:not([data-outside])`)).toHaveAttribute("data-selected", "true");
});

test("a booking error is shown beside the confirm button, focused and on screen", async ({ page, context, ownSite }) => {
  await signInAs(context, ownSite, "pia@example.com");
  const today = await openCheckUp(page);
  const day = workingDayFrom(addDays(today, 12));
  await pickDay(page, day);
  await page.getByRole("button", { name: "11:00 am", exact: true }).tap();
  await page.getByLabel("Phone").fill("0400 000 000");
  // Someone else takes that time while she types.
  expect(seed(ownSite, "bookedByOthers", day, ["11:00"])).toBe(1);
  await page.getByRole("button", { name: "Confirm Booking" }).tap();
  const error = page.getByTestId("booking-error");
  await expect(error).toHaveText("That time was just taken: someone booked it a moment ago. Please pick another time.");
  await expect(error).toBeFocused();
  await expect(error).toBeInViewport();
  await page.screenshot({ path: `${shots}/error-360.png` });
  // The taken time is gone from the list; another one books.
  await expect(page.getByRole("button", { name: "11:00 am", exact: true })).toHaveCount(0);
  await fillAndConfirm(page, "12:00 pm");
  await expect(page).toHaveURL(/\/bookings\/bk-/);
});

/** A customer with a booking of their own (`opts` as tests/factories.ts takes them), signed in in this browser. */
async function signedInWithBooking(
  context: BrowserContext,
  site: SiteServer,
  email: string,
  opts: { daysAhead?: number; status?: "confirmed"; paid?: boolean } = {},
) {
  const made = seed(site, "customerWithBooking", email, { time: "free", daysAhead: 9, ...opts });
  await context.addCookies([{ name: "pi_session", value: made.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
  return made;
}

/** The booking's page at 360 px as it is now: no sideways scrolling, no axe violation, and its screenshot kept. */
async function checkAndKeep(page: Page, state: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);
  mkdirSync("/tmp/shots", { recursive: true });
  await page.screenshot({ path: `/tmp/shots/booking-${state}.png`, fullPage: true });
}

test.describe("the booking's page in each state", () => {
  // axe goes in as an inline script, which the strict CSP would block.
  test.use({ bypassCSP: true });

  test("awaiting confirmation: pay, move until the cut-off, add to the calendar, and cancel it there", async ({ page, context, ownSite }) => {
    const { reference, bookingId } = await signedInWithBooking(context, ownSite, "state-pending@example.com");
    await page.goto(`/bookings/${reference.toLowerCase()}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking received");
    await expect(page.getByTestId("booking-payment")).toHaveText("Not paid");
    const options = page.getByRole("region", { name: "What you can do" });
    await expect(options.getByTestId("option-pay")).toContainText("Not paid yet: $37.50 to pay.");
    await expect(options.getByRole("link", { name: "Pay now" })).toBeVisible();
    await expect(options.getByRole("link", { name: "Move booking" })).toHaveAttribute("href", `/bookings/${bookingId}/move`);
    await expect(options.getByTestId("option-move")).toContainText(/until \d+ \w+ \d{4}, \d+:\d\d\s?[ap]m \(Adelaide time\)\./);
    await expect(options.getByRole("link", { name: "Add to calendar (.ics)" })).toBeVisible();
    await expect(options.getByTestId("option-cancel")).toContainText("You can cancel it yourself until we confirm it; its time is then released.");
    await checkAndKeep(page, "awaiting-confirmation");

    // Cancelled from the page (a plain form): back on the page, which says so and offers nothing more.
    await options.getByRole("button", { name: "Cancel booking" }).tap();
    await expect(page).toHaveURL(new RegExp(`/bookings/${reference.toLowerCase()}\\?notice=cancelled$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking cancelled");
    await expect(page.getByTestId("booking-notice")).toHaveText("Your booking was cancelled and the time released.");
    await expect(page.getByTestId("booking-closed")).toHaveText("Cancelled bookings cannot be changed.");
    for (const name of ["Pay now", "Move booking", "Add to calendar (.ics)"]) await expect(page.getByRole("link", { name })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
    await checkAndKeep(page, "cancelled");
  });

  test("confirmed and unpaid: pay and move; cancelling goes through the business", async ({ page, context, ownSite }) => {
    const { reference } = await signedInWithBooking(context, ownSite, "state-confirmed@example.com", { status: "confirmed" });
    await page.goto(`/bookings/${reference.toLowerCase()}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking confirmed");
    const options = page.getByRole("region", { name: "What you can do" });
    await expect(options.getByRole("link", { name: "Pay now" })).toBeVisible();
    await expect(options.getByRole("link", { name: "Move booking" })).toBeVisible();
    await expect(options.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
    await expect(options.getByTestId("option-cancel")).toContainText(
      `Now that it is confirmed, only we can cancel it: reply to your booking e-mail and quote ${reference}.`,
    );
    await checkAndKeep(page, "confirmed-unpaid");
  });

  test("paid: when it was paid and its invoice, no pay button", async ({ page, context, ownSite }) => {
    const { reference } = await signedInWithBooking(context, ownSite, "state-paid@example.com", { status: "confirmed", paid: true });
    await page.goto(`/bookings/${reference.toLowerCase()}`);
    await expect(page.getByTestId("booking-payment")).toHaveText("Paid");
    const options = page.getByRole("region", { name: "What you can do" });
    await expect(options.getByTestId("option-pay")).toContainText(/Paid on \d+ \w+ \d{4} \(reference PAY-[A-Z0-9]{4}-[A-Z0-9]{4}\)\. Nothing more to pay\./);
    await expect(options.getByRole("link", { name: "Pay now" })).toHaveCount(0);
    await expect(options.getByRole("link", { name: "Move booking" })).toBeVisible();
    const invoice = options.getByRole("link", { name: /^Invoice INV-\d{6}$/ });
    await checkAndKeep(page, "paid");
    await invoice.tap();
    await expect(page).toHaveURL(/\/payments\/pay-[a-z0-9-]+\/invoice$/);
  });

  test("past the move cut-off: no move link, and it says why and whom to ask", async ({ page, context, ownSite }) => {
    const { reference } = await signedInWithBooking(context, ownSite, "state-late@example.com", { status: "confirmed" });
    // Nine days ahead is inside a 14-day cut-off; the page reads the setting as it is now.
    seed(ownSite, "businessDetails", { rescheduleCutoffHours: 336 });
    try {
      await page.goto(`/bookings/${reference.toLowerCase()}`);
      const options = page.getByRole("region", { name: "What you can do" });
      await expect(options.getByRole("link", { name: "Move booking" })).toHaveCount(0);
      await expect(options.getByTestId("option-move")).toContainText(
        `It is too close to the appointment to move it online: bookings can be moved online until 14 days before they start. To change it, reply to your booking e-mail and quote ${reference}.`,
      );
      await checkAndKeep(page, "past-move-cutoff");
    } finally {
      seed(ownSite, "businessDetails", { rescheduleCutoffHours: 24 });
    }
  });
});
