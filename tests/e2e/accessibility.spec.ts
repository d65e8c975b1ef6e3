/**
 * axe-core over the pages its findings were on, at 360 px: /about, the home page (the promo bar),
 * a product page and the booking calendar with a day chosen. Any violation of serious or critical
 * impact fails, listed with its nodes, and so does content outside every landmark (axe's `region`,
 * which axe rates only moderate).
 */
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { bookingForm } from "../helpers/booking-form";
import { expect, test } from "./fixtures";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** Runs axe on the page as it is now and answers its serious and critical violations and `region` ones, one line per node. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.id === "region")
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${JSON.stringify(n.target)} ${n.failureSummary ?? ""}`));
}

// axe goes in as an inline script, which the strict CSP would block.
test.use({ viewport: { width: 360, height: 800 }, bypassCSP: true });

for (const path of ["/", "/about", "/shop/product/covert-body-worn-camera-4k"]) {
  test(`${path} has no serious or critical axe violations`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the booking calendar, with a day chosen, has no serious or critical axe violations", async ({ page, signIn }) => {
  await signIn("axe@example.com");
  await page.goto("/booking");
  await page.getByRole("link", { name: /Book Now.*Partner Check/ }).click();
  const today = page.locator("[data-day][data-today]:not([data-outside]) button");
  await today.click();
  await expect(page.locator("[data-day][data-selected]")).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  // The name starts with the number shown and still says the whole date.
  const day = (await today.locator("..").getAttribute("data-day"))!;
  // (", no free times" follows when today has no time left, as late in the day.)
  await expect(today).toHaveAccessibleName(new RegExp(`^${Number(day.slice(8))}, \\w+day \\d+ \\w+ \\d{4}, today, selected(, no free times)?$`));
});

test("a booking's own page has no serious or critical axe violations", async ({ page, site, signIn }) => {
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
  expect(await seriousViolations(page)).toEqual([]);
});
