/**
 * The volume table applied (decision 083), at 1280 and 360 px: the two-week package's card and its
 * payment dialog say the 15% volume discount, the booking page's price includes it, and a new
 * client's booking of it is priced $550.37 and its page lists each discount. Each screen is checked
 * by axe and kept as a screenshot in $SHOTS_DIR/M-*.png when it is set.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { publicHoliday } from "../../src/domain/holidays";
import { addDays, dayOfWeek } from "../../src/domain/timezone";
import { expect, ownSiteTest, signInAs } from "./fixtures";
import { axeViolations, islandsScheduled } from "./helpers";

const test = ownSiteTest();
// axe goes in as an inline script, which the strict CSP would block.
test.use({ bypassCSP: true });
// Eight screens, each checked by axe.
test.setTimeout(120_000);
/** Where screenshots go to be looked at, when asked for. */
const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

/** The first day the business is open from `day` on. */
function workingDayFrom(day: string) {
  while (dayOfWeek(day) === 0 || publicHoliday(day)) day = addDays(day, 1);
  return day;
}

async function pickDay(page: Page, iso: string) {
  const button = page.locator(`[data-day="${iso}"]:not([data-outside]) button`);
  await expect(page.locator("[data-day]:not([data-outside]) button").first()).toBeVisible();
  for (let i = 0; i < 2 && !(await button.isVisible()); i++) await page.getByRole("button", { name: "Go to the Next Month" }).click();
  await button.click();
}

const widths = [
  [1280, 900, "1280"],
  [360, 740, "360"],
] as const;

test("the two-week package is offered, booked and shown with its volume discount, at 1280 and 360 px", async ({ page, context, ownSite }) => {
  await signInAs(context, ownSite, "vol@example.com");
  for (const [width, height, label] of widths) {
    await page.setViewportSize({ width, height });

    // The services card: the new-client line with the volume discount, and the volume line.
    await page.goto("/services");
    const card = page.locator("article").filter({ hasText: "Full Cheating Investigation" });
    await expect(card.getByTestId("new-client-price")).toHaveText(
      "New clients: $550.37 on your first booking with us (50% off $1,295, then the 15% volume discount).",
    );
    await expect(card.getByTestId("volume-price")).toHaveText("Volume discount for its length: 15% off, $1,100.75.");
    await card.scrollIntoViewIfNeeded();
    if (shots) await card.screenshot({ path: `${shots}/M-services-card-${label}.png` });
    expect(await axeViolations(page)).toEqual([]);

    // Its payment dialog: the amount due has the volume discount in it, and says so.
    await islandsScheduled(page);
    await page.locator('[data-service-id="fullcheating"]').click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("dialog-price")).toContainText("Amount due: $550.37 USD");
    await expect(dialog.getByTestId("dialog-volume")).toHaveText("Volume discount (15%): $97.13 USD off, included in the amount due.");
    if (shots) await page.screenshot({ path: `${shots}/M-dialog-${label}.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    // The booking page's packages: the price includes the discount, and its note says so; chosen, the form asks the same.
    await page.goto("/booking");
    const note = page.getByText("Includes the 15% volume discount for its length");
    await expect(note).toBeVisible();
    await note.scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: `${shots}/M-booking-${label}.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.goto("/booking?service=fullcheating");
    await expect(page.getByLabel("Service")).toHaveValue("Full Cheating Investigation");
    await expect(page.getByLabel("Price (USD)")).toHaveValue("$550.37");
  }

  // Booked once: its page lists each discount and the list price, at both widths.
  await page.setViewportSize({ width: 1280, height: 900 });
  const today = (await page.locator("[data-day][data-today]").getAttribute("data-day"))!;
  await pickDay(page, workingDayFrom(addDays(today, 3)));
  await page.getByRole("button", { name: "9:00 am", exact: true }).click();
  await page.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page).toHaveURL(/\/bookings\/bk-[2-9a-z]{4}-[2-9a-z]{4}$/);
  for (const [width, height, label] of widths) {
    await page.setViewportSize({ width, height });
    await expect(page.getByTestId("booking-price")).toHaveText(
      "$550.37 (New-client discount (50%): $647.50 off; Volume discount (15%): $97.13 off; usually $1,295)",
    );
    if (shots) await page.screenshot({ path: `${shots}/M-summary-${label}.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  }
});
