/**
 * axe-core over every public and customer page (checked-pages.ts) at 1280 and 360 px, and over the
 * booking calendar with a day chosen. Every violation fails, whatever its impact, listed with its
 * nodes.
 */
import { bookingForm } from "../helpers/booking-form";
import { checkedCustomer, type Customer, customerPages, pathFor, publicPages, signInCustomer } from "./checked-pages";
import { expect, test } from "./fixtures";
import { axeViolations } from "./helpers";

// axe goes in as an inline script, which the strict CSP would block.
test.use({ bypassCSP: true, allowConsoleErrors: [/the server responded with a status of 40[04]/] });

let customer: Customer;
test.beforeAll(({ site }) => {
  customer = checkedCustomer(site, `axe-${Date.now()}@example.com`);
});

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const checked of [...publicPages, ...customerPages]) {
      test(`${checked.name} (${checked.path}) has no axe violations`, async ({ page, context, site }) => {
        if (checked.signedIn) await signInCustomer(context, site, customer);
        const res = await page.goto(pathFor(checked, customer));
        expect(res?.status()).toBe(checked.status ?? 200);
        // Islands render their final markup once hydrated; check that, as a person meets it.
        await expect(page.locator("pi-island:not([data-state])")).toHaveCount(0);
        await expect(page.locator('pi-island[data-hydrate="load"]:not([data-state="hydrated"])')).toHaveCount(0);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test("the booking calendar, with a day chosen, has no axe violations at 360 px", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn("axe@example.com");
  await page.goto("/booking");
  await page.getByRole("link", { name: /Book Now.*Partner Check/ }).click();
  const today = page.locator("[data-day][data-today]:not([data-outside]) button");
  await today.click();
  await expect(page.locator("[data-day][data-selected]")).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  // The name starts with the number shown and still says the whole date.
  const day = (await today.locator("..").getAttribute("data-day"))!;
  // (", no free times" follows when today has no time left, as late in the day.)
  await expect(today).toHaveAccessibleName(new RegExp(`^${Number(day.slice(8))}, \\w+day \\d+ \\w+ \\d{4}, today, selected(, no free times)?$`));
});

test("a booking's own page has no axe violations", async ({ page, site, signIn }) => {
  await signIn("axe-summary@example.com");
  const { dates } = (await (await page.request.get(`${site.url}/api/timeslots/days`)).json()) as { dates: string[] };
  const date = dates.at(-1)!;
  const times = (await (await page.request.get(`${site.url}/api/timeslots/${date}`)).json()) as { time: string }[];
  const booked = await page.request.post(`${site.url}/api/bookings/calendar`, {
    headers: { Origin: site.url },
    data: { ...bookingForm(date, times.at(-1)!.time), contactEmail: "axe-summary@example.com" },
  });
  expect(booked.status()).toBe(201);
  await page.goto(((await booked.json()) as { path: string }).path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking received");
  expect(await axeViolations(page)).toEqual([]);
});
