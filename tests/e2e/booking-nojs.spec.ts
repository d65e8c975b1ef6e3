/**
 * Booking with JavaScript off, on a phone (360 px) against the binary: from the package cards to
 * the plain form, a day chosen by its link (its times shown with it), a mistake shown under its
 * field with what was typed kept, then the booking made and its own page. The rules and refusals
 * are proven by src/pages/booking.routes.test.ts. Bookings take slots other specs would see, so
 * this runs on a site of its own.
 */
import { mkdirSync } from "node:fs";
import { formatDate } from "../../src/domain/format";
import { expect, ownSiteTest, signInAs } from "./fixtures";
import { axeViolations } from "./helpers";

const test = ownSiteTest();
// A refused form answers 400, which the browser logs as a failed load.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, javaScriptEnabled: false, allowConsoleErrors: [/status of 400/] });

const shots = "/tmp/shots/booking-nojs";
mkdirSync(shots, { recursive: true });

test("a customer books a package with JavaScript off, and a mistake keeps what they typed", async ({ page, context, ownSite }) => {
  await signInAs(context, ownSite, "plain@example.com");
  await page.goto("/booking");
  // The package cards lead to the package by their links; no box waits for a script.
  await page.getByRole("link", { name: /^Book Now\s*: Discreet Check Up$/ }).click();
  await expect(page).toHaveURL(/\/booking\?service=/);
  const plain = page.getByTestId("plain-booking");
  await expect(plain.getByRole("heading", { name: "Discreet Check Up" })).toBeVisible();
  await expect(page.locator("pi-island")).toBeHidden();
  await expect(page.getByText("needs JavaScript")).toHaveCount(0);

  // A later day, chosen by its link: its times are on the page with it.
  const days = plain.getByRole("list", { name: "Days with free times" }).getByRole("link");
  const hrefs = await days.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const dates = hrefs.map((h) => /date=(\d{4}-\d{2}-\d{2})/.exec(h)?.[1] ?? "");
  const day = dates[2] ?? "";
  expect(day).not.toBe("");
  await days.nth(2).click();
  await expect(days.nth(2)).toHaveAttribute("aria-current", "date");
  await expect(plain.getByRole("heading", { name: `2. Choose a time on ${formatDate(day, "short")}` })).toBeVisible();
  const time = plain.locator('label:has(input[name="slot"])').nth(1);
  const slot = (await time.locator("input").getAttribute("value")) ?? "";
  expect(slot).toMatch(new RegExp(`^${day}T\\d\\d:\\d\\d$`));
  await time.click();

  // Asked to be called, without a phone number: the message is under the phone, the rest kept.
  await plain.getByLabel("Call or text me").check();
  await plain.getByLabel("Location (optional)").fill("Glenelg");
  await plain.getByLabel("Notes (optional)").fill("Evenings only");
  await plain.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(plain.locator("#nb-phone-error")).toHaveText("Phone number is required");
  await expect(plain.getByLabel("Location (optional)")).toHaveValue("Glenelg");
  await expect(plain.getByLabel("Notes (optional)")).toHaveValue("Evenings only");
  await expect(plain.getByLabel("Call or text me")).toBeChecked();
  await expect(plain.locator(`input[name="slot"][value="${slot}"]`)).toBeChecked();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/booking-error-360.png`, fullPage: true });

  await plain.getByLabel(/^Phone/).fill("0400 111 222");
  await plain.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page).toHaveURL(/\/bookings\/bk-[^/?]+$/);
  await expect(page.getByText(formatDate(day, "full")).first()).toBeVisible();
  await page.screenshot({ path: `${shots}/booked-360.png`, fullPage: true });
});

test("the plain booking form fits a phone and axe finds nothing", async ({ page, context, ownSite, browser }) => {
  await signInAs(context, ownSite, "plain-look@example.com");
  await page.goto("/booking");
  await page.getByRole("link", { name: /^Book Now\s*: Discreet Check Up$/ }).click();
  await expect(page.getByTestId("plain-booking")).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/booking-form-360.png`, fullPage: true });

  // axe needs scripts: the same page, its <noscript> opened and its own scripts left out, checked in a browser that runs them.
  const address = page.url();
  const checking = await browser.newContext({
    storageState: await context.storageState(),
    viewport: { width: 360, height: 740 },
    bypassCSP: true,
    javaScriptEnabled: true,
  });
  const checked = await checking.newPage();
  await checked.route(address, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/<\/?noscript>/g, "").replace(/<script[\s\S]*?<\/script>/g, "");
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== "content-security-policy"));
    await route.fulfill({ response, body, headers });
  });
  await checked.goto(address);
  await expect(checked.getByTestId("plain-booking")).toBeVisible();
  expect(await axeViolations(checked)).toEqual([]);
  await checking.close();
});
